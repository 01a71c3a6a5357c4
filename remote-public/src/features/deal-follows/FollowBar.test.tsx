// The deal list's Follow buttons against a fake browser (alerts on or off) and a fake API, with
// the real request code and the real shared state.
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ENDPOINT, fakeServer, fakeSubscription, installBrowser, uninstallBrowser } from '../../testing/dealAlertsBrowser';
import { serveFakeFetch } from '../../testing/fakeFetch';
import { DealAlertsError, resetAlertState } from '../deal-alerts';
import { FollowBar } from './FollowBar';
import { resetFollows } from './followsState';
import { ManageAlerts } from './ManageAlerts';

/** Forgets the shared alert state and follows between tests. */
function resetStores() {
  resetAlertState();
  resetFollows();
}

const turnOn = jest.fn<Promise<PushSubscription>, [Promise<NotificationPermission | undefined>]>();
jest.mock('../deal-alerts/subscribe', () => ({
  ...jest.requireActual('../deal-alerts/subscribe'),
  turnOn: (permission: Promise<NotificationPermission | undefined>) => turnOn(permission),
}));

const STORES = [{ id: 7, name: 'Acme Outlet' }];

beforeEach(() => {
  resetStores();
  turnOn.mockReset();
});
afterEach(uninstallBrowser);

describe('FollowBar', () => {
  it('is not offered where the browser cannot get deal alerts', async () => {
    serveFakeFetch(fakeServer().handler);
    const { container } = render(<FollowBar searchTerm="lego" stores={STORES} />);
    await waitFor(() => expect(container).toBeEmptyDOMElement());
    installBrowser(null, 'denied');
    resetStores();
    const blocked = render(<FollowBar searchTerm="lego" stores={STORES} />);
    await waitFor(() => expect(blocked.container).toBeEmptyDOMElement());
  });

  it('offers nothing for a search that is not a followable word and no store', async () => {
    installBrowser(fakeSubscription());
    serveFakeFetch(fakeServer().handler);
    const { container } = render(<FollowBar searchTerm=" ? a " stores={[]} />);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(container).toBeEmptyDOMElement();
  });

  it('follows and unfollows the searched word with alerts on', async () => {
    installBrowser(fakeSubscription());
    const server = fakeServer();
    const calls = serveFakeFetch(server.handler);
    render(<FollowBar searchTerm="  LEGO " stores={[]} />);
    const follow = await screen.findByRole('button', { name: 'Follow “lego”' });
    await waitFor(() => expect(follow).toBeEnabled());

    await userEvent.click(follow);
    const following = await screen.findByRole('button', { name: /^Following “lego” ✓ Unfollow$/ });
    expect(calls.at(-1)).toEqual({ method: 'POST', path: 'DealAlerts/Follow', query: {}, body: { token: ENDPOINT, word: 'lego' } });
    expect(server.follows.map((f) => f.word)).toEqual(['lego']);

    await userEvent.click(following);
    expect(await screen.findByRole('button', { name: 'Follow “lego”' })).toBeEnabled();
    expect(calls.at(-1)).toEqual({ method: 'POST', path: 'DealAlerts/Unfollow', query: {}, body: { token: ENDPOINT, word: 'lego' } });
    expect(server.follows).toEqual([]);
  });

  it('shows a store already followed as following, next to the word', async () => {
    installBrowser(fakeSubscription());
    serveFakeFetch(fakeServer([{ kind: 'store', word: null, storeId: 7, label: 'Acme Outlet' }]).handler);
    render(<FollowBar searchTerm="airpods" stores={STORES} />);
    expect(await screen.findByRole('button', { name: /Following “Acme Outlet” ✓/ })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Follow “airpods”' })).toBeEnabled();
  });

  it('turns deal alerts on first when they are off, inside the click, then follows', async () => {
    const { requestPermission } = installBrowser(null);
    const server = fakeServer();
    server.known.add('https://push.example/send/new');
    const calls = serveFakeFetch(server.handler);
    turnOn.mockImplementation(async () => fakeSubscription('https://push.example/send/new'));
    render(
      <>
        <FollowBar searchTerm="lego" stores={[]} />
        <ManageAlerts />
      </>,
    );
    const follow = await screen.findByRole('button', { name: 'Follow “lego”' });
    expect(screen.getByText('Turns on deal alerts in this browser')).toBeInTheDocument();
    expect(screen.queryByText('Manage alerts')).not.toBeInTheDocument();

    await userEvent.click(follow);
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('button', { name: /Following “lego” ✓/ })).toBeInTheDocument();
    expect(turnOn).toHaveBeenCalledTimes(1);
    expect(calls.at(-1)).toEqual({ method: 'POST', path: 'DealAlerts/Follow', query: {}, body: { token: 'https://push.example/send/new', word: 'lego' } });
    // Alerts are now on everywhere: the footer offers to manage them.
    expect(await screen.findByText('Manage alerts')).toBeInTheDocument();
  });

  it('says why when alerts cannot be turned on, and follows nothing', async () => {
    installBrowser(null);
    const calls = serveFakeFetch(fakeServer().handler);
    turnOn.mockRejectedValue(new DealAlertsError('blocked', 'Notifications are blocked in your browser settings'));
    render(<FollowBar searchTerm="lego" stores={[]} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Follow “lego”' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Notifications are blocked in your browser settings');
    expect(calls.filter((call) => call.path.startsWith('DealAlerts/Follow'))).toEqual([]);
  });

  it("shows the server's refusal (the follow limit)", async () => {
    installBrowser(fakeSubscription());
    serveFakeFetch(fakeServer([{ kind: 'word', word: 'kite', storeId: null, label: 'kite' }], {}, 1).handler);
    render(<FollowBar searchTerm="lego" stores={[]} />);
    const follow = await screen.findByRole('button', { name: 'Follow “lego”' });
    await waitFor(() => expect(follow).toBeEnabled());
    await userEvent.click(follow);
    expect(await screen.findByRole('alert')).toHaveTextContent('You can follow at most 1 words and stores in this browser.');
    expect(screen.getByRole('button', { name: 'Follow “lego”' })).toBeEnabled();
  });

  it('registers the browser again when the server lost it, then follows', async () => {
    installBrowser(fakeSubscription());
    const server = fakeServer();
    server.known.clear();
    const calls = serveFakeFetch(server.handler);
    render(<FollowBar searchTerm="lego" stores={[]} />);
    const follow = await screen.findByRole('button', { name: 'Follow “lego”' });
    await waitFor(() => expect(follow).toBeEnabled());
    expect(calls.map((call) => call.path)).toEqual(['DealAlerts/GetFollows', 'Devices/Register', 'DealAlerts/GetFollows']);
  });
});
