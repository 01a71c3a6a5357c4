import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { REVISION_MESSAGES } from '@deals/contract';
import { serveFakeFetch, type FetchCall } from '../../testing/fakeFetch';
import { resetSiteInfo } from '../../lib/siteInfo';
import { aPage, aSection, sectionComponent } from '../../testing/contentFixtures';
import SharedPreviewPage, { formatExpiry, PREVIEW_LINK_INVALID } from './SharedPreviewPage';

// Built from local parts, so the expected text holds in any time zone.
const EXPIRES = new Date(2031, 4, 7, 15, 30);

function serve(preview: { status: number; data?: unknown }): FetchCall[] {
  return serveFakeFetch((call) => (call.path === 'Preview/GetSharedPreview' ? preview : { status: 200, data: { companyName: 'Bargain Bay', pages: [] } }));
}

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/preview/shared/:token" element={<SharedPreviewPage />} />
        <Route path="/home" element={<p>Home page</p>} />
      </Routes>
    </MemoryRouter>,
  );

const robots = () => document.head.querySelector('meta[name="robots"]')?.getAttribute('content');

beforeEach(() => {
  resetSiteInfo();
  document.head.innerHTML = '<title>DealDrop</title>';
});

describe('formatExpiry', () => {
  it('writes local MM/DD/YYYY h:mm AM/PM, and nothing for an unreadable instant', () => {
    expect(formatExpiry(EXPIRES.toISOString())).toBe('05/07/2031 3:30 PM');
    expect(formatExpiry(new Date(2031, 0, 2, 0, 5).toISOString())).toBe('01/02/2031 12:05 AM');
    expect(formatExpiry('soon')).toBe('');
  });
});

describe('SharedPreviewPage', () => {
  it('loads the draft by its token through the public fetch helper and renders it under the ribbon', async () => {
    const draft = aPage({ title: 'About (draft)', url: '/about-us', pageContentSectionBanners: [sectionComponent(1, aSection({ title: 'Inactive section', isActive: false }))] });
    const calls = serve({ status: 200, data: { ...draft, expiresAt: EXPIRES.toISOString() } });
    renderAt('/preview/shared/abc.def-123');
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'About (draft)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Inactive section' })).toBeInTheDocument();
    expect(screen.getByText('Draft preview')).toBeInTheDocument();
    expect(screen.getByText('/about-us')).toBeInTheDocument();
    expect(screen.getByText('Link expires').textContent).toBe('Link expires 05/07/2031 3:30 PM');
    expect(screen.getByText('05/07/2031 3:30 PM')).toHaveAttribute('datetime', EXPIRES.toISOString());
    expect(calls.filter((call) => call.path === 'Preview/GetSharedPreview')).toEqual([{ method: 'GET', path: 'Preview/GetSharedPreview', query: { token: 'abc.def-123' }, body: null }]);
    await waitFor(() => expect(document.title).toBe('Preview: About (draft)'));
    expect(robots()).toBe('noindex');
    expect(document.head.querySelector('link[rel="canonical"]')).toBeNull();
  });

  it('titles a blog draft without a title by its name', async () => {
    serve({ status: 200, data: { ...aPage({ isBlog: true, title: null, name: 'How to Stack' }), expiresAt: EXPIRES.toISOString() } });
    renderAt('/preview/shared/t1');
    expect(await screen.findByRole('heading', { level: 1, name: 'How to Stack' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Preview: How to Stack'));
  });

  it('says the link is invalid or has expired on 404, with a way home, and is not indexed', async () => {
    serve({ status: 404, data: { message: REVISION_MESSAGES.previewLinkInvalid } });
    renderAt('/preview/shared/expired');
    expect(await screen.findByRole('heading', { level: 1, name: 'This preview link is invalid or has expired.' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/home');
    expect(screen.queryByText('Draft preview')).toBeNull();
    expect(PREVIEW_LINK_INVALID).toBe(REVISION_MESSAGES.previewLinkInvalid);
    await waitFor(() => expect(robots()).toBe('noindex'));
    expect(document.title).toBe('Preview');
  });

  it('tells a failed call apart from an invalid link', async () => {
    serve({ status: 500, data: { message: 'Something went wrong' } });
    renderAt('/preview/shared/abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'This preview could not be loaded' })).toBeInTheDocument();
    expect(screen.getByText('Something went wrong')).toBeInTheDocument();
  });
});
