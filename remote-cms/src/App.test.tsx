import { screen } from '@testing-library/react';
import { clearSession } from '@deals/shared-auth';
import { serveFakeApi } from '@deals/shared-auth/testing';
import { renderScreen, signInAs } from '@deals/shared-auth/ui-testing';
import App from './App';

afterEach(() => clearSession());

describe('the CMS remote', () => {
  it('tells staff who are not admins that website management is for admins, and calls nothing', async () => {
    const calls: string[] = [];
    serveFakeApi((config) => {
      calls.push(String(config.url));
      return { status: 403, data: { message: 'Forbidden' } };
    });
    signInAs(7, { admin: false });
    renderScreen(<App />, { path: '/cms/management/pages' });
    expect(await screen.findByText('Admins only')).toBeInTheDocument();
    expect(screen.getByText('Only admins can manage the website.')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('shows admins the screen of the route, and a not-found result for an unknown one', async () => {
    serveFakeApi((config) => (config.url === 'FooterItem/GetAllFooterItems' ? { status: 200, data: [] } : { status: 404, data: { message: 'Not found' } }));
    signInAs(1, { admin: true });
    const { unmount } = renderScreen(<App />, { path: '/cms/management/footer-items' });
    expect(await screen.findByRole('heading', { name: 'Footer Items' }, { timeout: 5000 })).toBeInTheDocument();
    unmount();
    renderScreen(<App />, { path: '/cms/management/nowhere' });
    expect(await screen.findByText('There is no website-management screen at this address.')).toBeInTheDocument();
  });
});
