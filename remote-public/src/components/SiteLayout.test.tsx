import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { clearSession, setSession } from '@deals/shared-auth';
import { serveFakeApi, unsignedToken } from '@deals/shared-auth/testing';
import { SiteLayout } from './SiteLayout';

const renderLayout = () =>
  render(
    <MemoryRouter initialEntries={['/home']}>
      <SiteLayout>
        <p>page</p>
      </SiteLayout>
    </MemoryRouter>,
  );

describe('SiteLayout', () => {
  beforeAll(() => {
    serveFakeApi((config) => (config.url === 'Home/GetCMSInfo' ? { status: 200, data: { companyName: 'Bargain Bay', emailAddress: null, stores: [] } } : { status: 404 }));
  });

  it('names the company from the CMS and offers Login to visitors', async () => {
    clearSession();
    renderLayout();
    expect(await screen.findByRole('link', { name: 'Bargain Bay' })).toHaveAttribute('href', '/home');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(screen.getByText(/Bargain Bay\. All rights reserved\./)).toBeInTheDocument();
  });

  it('offers the Dashboard instead when a token is stored, and follows sign-out live', async () => {
    setSession({ id: 1, username: 'ann' }, unsignedToken({ IsAdmin: 'False' }), 'r');
    renderLayout();
    expect(await screen.findByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/admin/management/dashboard');
    act(() => clearSession());
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
  });
});
