// The manage link's page: the subscription read with the token, edited, saved, or ended.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { resetSiteInfo } from '../../lib/siteInfo';
import { answer, withSiteInfo } from '../../testing/emailAlertsFixtures';
import { serveFakeFetch, type FakeFetchHandler, type FetchCall } from '../../testing/fakeFetch';
import ManagePage from './ManagePage';

const UPDATED = 'Your email alerts were saved.';
const UNSUBSCRIBED = 'You are unsubscribed. We will send no more alerts to this address.';
const INVALID = 'This link is invalid or has expired.';

/** The API as the subscription's owner sees it: the saved state, updated by each call. */
function fakeApi(): FakeFetchHandler {
  let current = answer('', {});
  return (call: FetchCall) => {
    const body = call.body as { token?: string; words?: string[]; storeIds?: number[]; frequency?: 'INSTANT' | 'DAILY' };
    if (body.token !== 'tok') return { status: 400, data: { message: INVALID } };
    switch (call.path) {
      case 'EmailAlerts/GetSubscription':
        return { status: 200, data: { ...current, message: '' } };
      case 'EmailAlerts/UpdateSubscription': {
        const names: Record<number, string> = { 7: 'Acme Outlet', 9: 'Best Buy', 12: 'Walmart' };
        current = answer(UPDATED, { words: body.words, stores: (body.storeIds ?? []).map((id) => ({ id, name: names[id] ?? '?' })), frequency: body.frequency });
        return { status: 200, data: current };
      }
      case 'EmailAlerts/Unsubscribe':
        current = answer(UNSUBSCRIBED, { ...current.subscription, status: 'UNSUBSCRIBED' });
        return { status: 200, data: current };
      default:
        return { status: 404, data: { message: 'Not found' } };
    }
  };
}

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/email-alerts/manage" element={<ManagePage />} />
      </Routes>
    </MemoryRouter>,
  );
const serve = (api: FakeFetchHandler = fakeApi()) => {
  const calls = serveFakeFetch(withSiteInfo(api));
  return () => calls.filter((call) => call.path.startsWith('EmailAlerts/')).map(({ path, body }) => ({ path, body }));
};
const chipsText = (container: HTMLElement = document.body) =>
  within(within(container).getByRole('list', { name: 'Followed words and stores' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

beforeEach(() => resetSiteInfo());

describe('ManagePage', () => {
  it('loads the subscription behind the link and shows it for editing', async () => {
    const calls = serve();
    renderAt('/email-alerts/manage?token=tok');
    expect(screen.getByText('Loading your alerts…')).toBeInTheDocument();
    expect(await screen.findByText('j***@example.com', { selector: '.ea-page__lead strong' })).toBeInTheDocument();
    expect(chipsText()).toEqual(['lego×', 'airpods pro×', 'Best Buy store×']);
    expect(screen.getByRole('radio', { name: /Instant alerts/ })).toBeChecked();
    expect(calls()).toEqual([{ path: 'EmailAlerts/GetSubscription', body: { token: 'tok' } }]);
    await waitFor(() => expect(document.title).toBe('Manage your email alerts | Bargain Bay'));
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  });

  it('saves the edited words, stores and frequency with the token', async () => {
    const calls = serve();
    const user = userEvent.setup();
    renderAt('/email-alerts/manage?token=tok');
    await user.click(await screen.findByRole('button', { name: 'Remove “airpods pro”' }));
    await user.click(screen.getByRole('button', { name: 'Remove Best Buy' }));
    await user.type(screen.getByLabelText('Add a word'), 'Switch 2{Enter}');
    await screen.findByRole('option', { name: 'Walmart' });
    await user.selectOptions(screen.getByLabelText('Add a store'), 'Walmart');
    await user.click(screen.getByRole('radio', { name: /Daily digest/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(UPDATED)).toHaveAttribute('role', 'status');
    expect(calls()[1]).toEqual({ path: 'EmailAlerts/UpdateSubscription', body: { token: 'tok', words: ['lego', 'switch 2'], storeIds: [12], frequency: 'DAILY' } });
    // The editor shows what the server saved.
    expect(chipsText()).toEqual(['lego×', 'switch 2×', 'Walmart store×']);
    expect(screen.getByRole('radio', { name: /Daily digest/ })).toBeChecked();
  });

  it('does not save nothing to follow, and shows the API field messages', async () => {
    const api = fakeApi();
    const calls = serve((call) =>
      call.path === 'EmailAlerts/UpdateSubscription' ? { status: 400, data: { message: 'That store does not exist', errors: { 'storeIds.0': 'That store does not exist' } } } : api(call),
    );
    const user = userEvent.setup();
    renderAt('/email-alerts/manage?token=tok');
    for (const name of ['Remove “lego”', 'Remove “airpods pro”', 'Remove Best Buy']) await user.click(await screen.findByRole('button', { name }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose at least one word or store to follow.');
    expect(calls()).toHaveLength(1);

    await user.type(screen.getByLabelText('Add a word'), 'lego');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByLabelText('Add a store')).toHaveAccessibleDescription('That store does not exist'));
    expect(calls()).toHaveLength(2);
  });

  it('unsubscribes with the token, says so and hides the editor', async () => {
    const calls = serve();
    const user = userEvent.setup();
    renderAt('/email-alerts/manage?token=tok');
    await user.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText(UNSUBSCRIBED)).toHaveAttribute('role', 'status');
    expect(calls()[1]).toEqual({ path: 'EmailAlerts/Unsubscribe', body: { token: 'tok' } });
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Add a word')).not.toBeInTheDocument();
    // The way back in, with what was followed.
    await user.click(screen.getByRole('button', { name: 'Subscribe again' }));
    expect(chipsText(screen.getByRole('region', { name: 'Deal alerts by email' }))).toEqual(['lego×', 'airpods pro×', 'Best Buy store×']);
  });

  it('from the mails’ unsubscribe link, asks first and unsubscribes on confirmation', async () => {
    const calls = serve();
    const user = userEvent.setup();
    renderAt('/email-alerts/manage?token=tok&unsubscribe=1');
    expect(screen.getByRole('heading', { name: 'Unsubscribe from all alerts?' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(await screen.findByText('j***@example.com')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Unsubscribe from all alerts' }));
    expect(await screen.findByText(UNSUBSCRIBED)).toBeInTheDocument();
    expect(calls().map((call) => call.path)).toEqual(['EmailAlerts/GetSubscription', 'EmailAlerts/Unsubscribe']);
    expect(screen.queryByRole('heading', { name: 'Unsubscribe from all alerts?' })).not.toBeInTheDocument();
  });

  it('from the unsubscribe link, Keep my alerts leads to the editor without unsubscribing', async () => {
    const calls = serve();
    const user = userEvent.setup();
    renderAt('/email-alerts/manage?token=tok&unsubscribe=1');
    await screen.findByText('j***@example.com');
    await user.click(screen.getByRole('button', { name: 'Keep my alerts' }));
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(calls().map((call) => call.path)).toEqual(['EmailAlerts/GetSubscription']);
  });

  it('shows the message of a dead link (400)', async () => {
    const calls = serve();
    renderAt('/email-alerts/manage?token=nope&unsubscribe=1');
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID);
    expect(screen.queryByRole('heading', { name: 'Unsubscribe from all alerts?' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(calls()).toHaveLength(1);
  });
});
