import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession } from '@deals/shared-auth';
import { serveFakeApi } from '@deals/shared-auth/testing';
import { renderScreen, signInAs } from '@deals/shared-auth/ui-testing';
import App from './App';

afterEach(() => clearSession());

describe('the notifications remote', () => {
  it('tells staff who are not admins that push notifications are for admins, and calls nothing', async () => {
    const calls = serveFakeApi(() => ({ status: 403, data: { message: 'Forbidden' } }));
    signInAs(7, { admin: false });
    renderScreen(<App />, { path: '/admin/push-notification/history' });
    expect(await screen.findByText('Admins only')).toBeInTheDocument();
    expect(screen.getByText('Only admins can manage push notifications.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Create Notification/ })).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('shows admins the console at its route, and a not-found result elsewhere', async () => {
    serveFakeApi((config) => (config.url === 'PushNotificationHistory/GetPushNotificationHistory' ? { status: 200, data: { items: [], total: 0, page: 1, pageSize: 100 } } : { status: 404, data: { message: 'Not found' } }));
    signInAs(1, { admin: true });
    const { unmount } = renderScreen(<App />, { path: '/admin/push-notification/history' });
    expect(await screen.findByRole('heading', { name: 'Push Notifications' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Create Notification/ })).toBeDisabled();
    unmount();
    renderScreen(<App />, { path: '/admin/push-notification/nowhere' });
    expect(await screen.findByText('There is no notification screen at this address.')).toBeInTheDocument();
  });

  it('shows admins the email sends at their route, linked from the push history', async () => {
    serveFakeApi((config) => {
      if (config.url === 'PushNotificationHistory/GetPushNotificationHistory') return { status: 200, data: { items: [], total: 0, page: 1, pageSize: 100 } };
      if (config.url === 'EmailSends/GetEmailSends') return { status: 200, data: { items: [], total: 0, page: 1, pageSize: 20 } };
      if (config.url === 'EmailSends/GetSubscriberCounts') return { status: 200, data: { confirmed: 0, pending: 0, instant: 0, daily: 0 } };
      return { status: 404, data: { message: 'Not found' } };
    });
    signInAs(1, { admin: true });
    renderScreen(<App />, { path: '/admin/push-notification/history' });
    await screen.findByRole('heading', { name: 'Push Notifications' });
    await userEvent.click(screen.getByRole('link', { name: 'Email sends' }));
    expect(await screen.findByRole('heading', { name: 'Email Sends' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/push-notification/email-sends');
  });

  it('tells staff who are not admins that the email sends are for admins, and calls nothing', async () => {
    const calls = serveFakeApi(() => ({ status: 403, data: { message: 'Forbidden' } }));
    signInAs(7, { admin: false });
    renderScreen(<App />, { path: '/admin/push-notification/email-sends' });
    expect(await screen.findByText('Only admins can manage email sends.')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
