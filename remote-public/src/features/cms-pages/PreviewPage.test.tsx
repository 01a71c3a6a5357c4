import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { serveFakeApi } from '@deals/shared-auth/testing';
import { aPage, aSection, sectionComponent } from '../../testing/contentFixtures';
import PreviewPage from './PreviewPage';

const renderPreview = (state?: unknown) =>
  render(
    <MemoryRouter initialEntries={[{ pathname: '/preview', state }]}>
      <PreviewPage />
    </MemoryRouter>,
  );

describe('PreviewPage', () => {
  it('loads a page draft through Page/GetPagePreview from the navigation state', async () => {
    const draft = aPage({ title: 'About (draft)', pageContentSectionBanners: [sectionComponent(1, aSection({ title: 'Inactive section' }))] });
    const calls = serveFakeApi(() => ({ status: 200, data: draft }));
    renderPreview({ title: 'About Us', id: 7, url: '/about-us', isBlog: false });
    expect(screen.getByText('Draft preview')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'About (draft)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Inactive section' })).toBeInTheDocument();
    expect(calls).toEqual([expect.objectContaining({ method: 'GET', url: 'Page/GetPagePreview', params: { pageId: 7 } })]);
    await waitFor(() => expect(document.title).toBe('Preview: About Us'));
  });

  it('loads a blog draft through Blog/GetBlogPreview', async () => {
    const calls = serveFakeApi(() => ({ status: 200, data: aPage({ id: 9, isBlog: true, title: 'Stacking' }) }));
    renderPreview({ title: 'Stacking', id: '9', url: '/blog/stacking', isBlog: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Stacking' })).toBeInTheDocument();
    expect(calls).toEqual([expect.objectContaining({ url: 'Blog/GetBlogPreview', params: { blogId: 9 } })]);
  });

  it('says so when the draft cannot be loaded, with the server message', async () => {
    serveFakeApi(() => ({ status: 404, data: { message: 'Blog not found' } }));
    renderPreview({ title: 'Gone', id: 5, url: '/blog/gone', isBlog: true });
    expect(await screen.findByRole('heading', { name: 'This preview could not be loaded' })).toBeInTheDocument();
    expect(screen.getByText('Blog not found')).toBeInTheDocument();
  });

  it('says Nothing to preview without navigation state, and calls nothing', () => {
    const calls = serveFakeApi(() => ({ status: 200, data: aPage() }));
    renderPreview();
    expect(screen.getByRole('heading', { name: 'Nothing to preview' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/home');
    expect(calls).toHaveLength(0);
  });
});
