import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { clearSession, currentSession, emptySession, SESSION_STORAGE_KEY, setSession } from '@deals/shared-auth';
import { serveFakeApi, unsignedToken } from '@deals/shared-auth/testing';
import { dashboardStats } from '../../testing/dashboardFixtures';
import AdminArea from './AdminArea';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/login" element={<Where />} />
        <Route path="*" element={<AdminArea />} />
      </Routes>
    </MemoryRouter>,
  );

const signInAs = (admin: boolean) => setSession({ id: admin ? 1 : 2, username: admin ? 'admin' : 'staff' }, unsignedToken({ sub: admin ? '1' : '2', IsAdmin: admin ? 'True' : 'False' }), 'r-1');

/** A window this wide, as far as antd's breakpoints (matchMedia min-width/max-width) can tell. */
function viewport(width: number) {
  window.matchMedia = (query: string) => {
    const min = /min-width:\s*(\d+)px/.exec(query);
    const max = /max-width:\s*(\d+)px/.exec(query);
    const matches = (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
    return { matches, media: query, onchange: null, addListener: () => undefined, removeListener: () => undefined, addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false };
  };
}

beforeEach(() => {
  viewport(1440);
  clearSession();
  localStorage.clear();
  serveFakeApi((config) => ({ status: 200, data: config.url === 'Dashboard/GetStats' ? dashboardStats() : [] }));
});

describe('the admin route guard', () => {
  it.each(['/admin/management/dashboard', '/cms/management/pages', '/admin/push-notification/history'])('sends %s to /login without a token', async (path) => {
    renderAt(path);
    expect(await screen.findByTestId('where')).toHaveTextContent('/login');
  });

  it('sends a token that cannot be decoded to /login', async () => {
    setSession({ id: 1, username: 'x' }, 'not-a-jwt', 'r');
    renderAt('/admin/management/users');
    expect(await screen.findByTestId('where')).toHaveTextContent('/login');
  });

  it('lets any decodable token in', async () => {
    signInAs(false);
    renderAt('/admin/management/dashboard');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });
});

describe('the admin frame', () => {
  const menuLabels = () => within(screen.getByRole('menu')).getAllByRole('menuitem').map((item) => item.textContent);

  it('shows admins every entry', async () => {
    signInAs(true);
    renderAt('/admin/management/dashboard');
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(menuLabels()).toEqual(['Dashboard', 'Featured Sections', 'Deals and Promo Codes', 'Needs attention', 'Stores', 'Product Categories', 'Commissions', 'Feeds', 'Review queue', 'Users', 'Push Notifications', 'Email Sends', 'Audit Log', 'Website Management']);
  });

  it('hides the admin-only entries from other staff', async () => {
    signInAs(false);
    renderAt('/admin/management/dashboard');
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(menuLabels()).toEqual(['Dashboard', 'Featured Sections', 'Deals and Promo Codes', 'Needs attention', 'Review queue', 'Users']);
  });

  it('links each entry to its route and opens the Website Management sheet with the six CMS routes', async () => {
    signInAs(true);
    renderAt('/admin/management/dashboard');
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(screen.getByRole('link', { name: 'Stores' })).toHaveAttribute('href', '/admin/management/stores');
    expect(screen.getByRole('link', { name: 'Push Notifications' })).toHaveAttribute('href', '/admin/push-notification/history');
    expect(screen.getByRole('link', { name: 'Email Sends' })).toHaveAttribute('href', '/admin/push-notification/email-sends');
    await userEvent.click(screen.getByRole('menuitem', { name: /Website Management/ }));
    const sheet = await screen.findByRole('dialog', { name: 'Website Management' });
    expect(within(sheet).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/cms/management/menu-items',
      '/cms/management/pages',
      '/cms/management/blogs',
      '/cms/management/content-sections',
      '/cms/management/assets-and-resources',
      '/cms/management/footer-items',
    ]);
  });

  it('opens the homepage in a new tab', async () => {
    signInAs(false);
    renderAt('/admin/management/dashboard');
    const home = await screen.findByRole('link', { name: /Go to Homepage/ });
    expect(home).toHaveAttribute('href', '/home');
    expect(home).toHaveAttribute('target', '_blank');
  });

  it('shows the two dashboard tiles', async () => {
    signInAs(false);
    renderAt('/admin/management/dashboard');
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(screen.getByRole('link', { name: /Deals and Promo Codes.*Browse/ })).toHaveAttribute('href', '/admin/management/product-deals');
    expect(screen.getByRole('link', { name: /Create New Deal/ })).toHaveAttribute('href', '/admin/management/product-deal/create');
  });

  it('opens the Audit Log screen for admins and tells other staff it is for admins', async () => {
    signInAs(true);
    const { unmount } = renderAt('/admin/management/audit-log');
    expect(await screen.findByRole('heading', { name: 'Audit Log' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Audit Log' })).toHaveAttribute('href', '/admin/management/audit-log');
    unmount();
    signInAs(false);
    renderAt('/admin/management/audit-log');
    expect(await screen.findByText('Only admins can see the audit log.')).toBeInTheDocument();
  });

  it('collapses the navigation to icons, naming each in a tooltip', async () => {
    signInAs(false);
    renderAt('/admin/management/dashboard');
    await screen.findByRole('heading', { name: 'Dashboard' });
    await userEvent.click(screen.getByRole('img', { name: 'left' }));
    await waitFor(() => expect(screen.getByRole('menu')).toHaveClass('ant-menu-inline-collapsed'));
    await userEvent.hover(screen.getAllByRole('menuitem')[5] as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Users');
  });

  it('on a phone, opens and closes the navigation as a drawer', async () => {
    viewport(390);
    signInAs(true);
    renderAt('/admin/management/dashboard');
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Open navigation' }));
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Users' }));
    await waitFor(() => expect(document.querySelector('.ant-drawer-open')).toBeNull());
  });

  it('Logout resets the stored session, ends the refresh token and goes to /login', async () => {
    signInAs(true);
    const calls = serveFakeApi(() => ({ status: 200, data: { message: 'Signed out successfully' } }));
    renderAt('/admin/management/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/login');
    expect(currentSession()).toEqual(emptySession);
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null')).toEqual(emptySession);
    // The dashboard loads its figures on the way; the sign-out itself is one call.
    await waitFor(() => expect(calls.filter((call) => call.url !== 'Dashboard/GetStats')).toEqual([expect.objectContaining({ url: 'Users/Logout', body: { refreshToken: 'r-1' } })]));
  });
});
