import { render, screen, within } from '@testing-library/react';
import { App } from 'antd';
import { FeedbackHost } from '@deals/shared-auth/ui';
import { setSession } from '@deals/shared-auth';
import { serveFakeApi, unsignedToken } from '@deals/shared-auth/testing';
import { StoresPage } from './StoresPage';

const renderPage = () =>
  render(
    <App>
        <FeedbackHost />
      <StoresPage />
    </App>,
  );

describe('StoresPage', () => {
  it('lists every store, active or not, for an admin', async () => {
    setSession({ id: 1, username: 'admin' }, unsignedToken({ IsAdmin: 'True' }), 'r');
    const calls = serveFakeApi(() => ({
      status: 200,
      data: [
        { id: 1, name: 'Amazon', imageFilePath: null, isActive: true, sortOrder: 1 },
        { id: 2, name: 'Old Navy', imageFilePath: null, isActive: false, sortOrder: 2 },
      ],
    }));
    renderPage();
    const row = (await screen.findByText('Old Navy')).closest('tr');
    expect(within(row as HTMLElement).getByText('No')).toBeInTheDocument();
    expect(calls).toEqual([expect.objectContaining({ method: 'GET', url: 'Category/GetAllCategories', params: { isActive: '' } })]);
  });

  it('shows the server message when the list cannot be loaded', async () => {
    setSession({ id: 1, username: 'admin' }, unsignedToken({ IsAdmin: 'True' }), 'r');
    serveFakeApi(() => ({ status: 500, data: { message: 'Database unavailable' } }));
    renderPage();
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
  });

  it('tells staff who are not admins that stores are for admins, without calling the API', () => {
    setSession({ id: 2, username: 'staff' }, unsignedToken({ IsAdmin: 'False' }), 'r');
    const calls = serveFakeApi(() => ({ status: 200, data: [] }));
    renderPage();
    expect(screen.getByText('Only admins can manage stores.')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
