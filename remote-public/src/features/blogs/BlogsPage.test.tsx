import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { BlogPost } from '@deals/contract';
import { serveFakeFetch } from '../../testing/fakeFetch';
import { resetSiteInfo } from '../../lib/siteInfo';
import { resetBlogPosts } from '../../lib/blogPosts';
import BlogsPage from './BlogsPage';
import { LatestBlogs } from './LatestBlogs';

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
const post = (id: number, name: string, addedOn: string, addedBy: string | null = 'Ann Editor'): BlogPost => ({
  id,
  name,
  url: `/blog/${id}`,
  bannerImageFilePath: `${id}.png`,
  description: `About ${name}`,
  addedBy,
  addedOn,
});

function serve(posts: BlogPost[] | null) {
  return serveFakeFetch((call) => {
    if (call.path === 'Home/GetCMSInfo') return { status: 200, data: { companyName: 'Bargain Bay', pages: [] } };
    if (call.path === 'Home/GetBlogPosts') return posts ? { status: 200, data: posts } : { status: 500 };
    return { status: 404 };
  });
}

const renderIn = (ui: React.ReactNode) => render(<MemoryRouter>{ui}</MemoryRouter>);

beforeEach(() => {
  resetSiteInfo();
  resetBlogPosts();
});

describe('BlogsPage', () => {
  const posts = [post(1, 'Kitchen Upgrades Under $50', new Date().toISOString()), post(2, 'Best Time to Buy Electronics', daysAgo(6), null), post(3, 'Stack Promo Codes', daysAgo(12))];

  it('lists the blogs with date, author and a New badge on today’s only', async () => {
    serve(posts);
    renderIn(<BlogsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Blog Posts' })).toBeInTheDocument();
    const rows = await screen.findAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByRole('link', { name: 'Kitchen Upgrades Under $50' })).toHaveAttribute('href', '/blog/1');
    expect(within(rows[0]!).getByText('By: Ann Editor')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('New')).toBeInTheDocument();
    expect(within(rows[1]!).queryByText('New')).toBeNull();
    expect(within(rows[1]!).queryByText(/By:/)).toBeNull();
    expect(within(rows[2]!).queryByText('New')).toBeNull();
    expect(within(rows[2]!).getByText(/^\d{2}\/\d{2}\/\d{4}$/)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Blog Posts | Bargain Bay'));
  });

  it('filters by blog name as the visitor types, and says No Blogs Available when nothing matches', async () => {
    serve(posts);
    const user = userEvent.setup();
    renderIn(<BlogsPage />);
    await screen.findAllByRole('listitem');
    await user.type(screen.getByRole('searchbox', { name: 'Search blogs by name' }), 'promo');
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Stack Promo Codes' })).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox'), 'xyz');
    expect(screen.queryByRole('listitem')).toBeNull();
    expect(screen.getByText('No Blogs Available')).toBeInTheDocument();
  });

  it('shows No Blogs Available when there are none or the call fails', async () => {
    serve(null);
    renderIn(<BlogsPage />);
    expect(await screen.findByText('No Blogs Available')).toBeInTheDocument();
  });
});

describe('LatestBlogs', () => {
  it('shows at most the 4 latest blogs', async () => {
    serve([...Array(6)].map((_, i) => post(i + 1, `Blog ${i + 1}`, daysAgo(i))));
    renderIn(<LatestBlogs />);
    const items = await screen.findAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('heading', { level: 3 }).textContent)).toEqual(['Blog 1', 'Blog 2', 'Blog 3', 'Blog 4']);
    expect(screen.getAllByText('New')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'All Blog Posts' })).toHaveAttribute('href', '/blogs-and-reviews');
  });

  it('says No Blogs Available when there are none', async () => {
    serve([]);
    renderIn(<LatestBlogs />);
    expect(await screen.findByText('No Blogs Available')).toBeInTheDocument();
  });
});
