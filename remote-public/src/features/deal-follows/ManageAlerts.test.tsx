// The footer's "Manage alerts" panel against a fake browser and a fake API, with the real request
// code and the real shared state.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEAL_FOLLOW_MESSAGES } from '@deals/contract/deal-follow-words';
import { ENDPOINT, fakeServer, fakeSubscription, installBrowser, uninstallBrowser } from '../../testing/dealAlertsBrowser';
import { serveFakeFetch } from '../../testing/fakeFetch';
import { resetAlertState } from '../deal-alerts';
import { FollowBar } from './FollowBar';
import { resetFollows } from './followsState';
import { ManageAlerts } from './ManageAlerts';

/** Forgets the shared alert state and follows between tests. */
function resetStores() {
  resetAlertState();
  resetFollows();
}

beforeEach(resetStores);
afterEach(uninstallBrowser);

const open = async () => {
  await userEvent.click(await screen.findByText('Manage alerts'));
  return screen.findByRole('list', { name: 'Followed words and stores' }).catch(() => null);
};

describe('ManageAlerts', () => {
  it('is not offered while deal alerts are off, nor where they cannot work', async () => {
    installBrowser(null);
    const calls = serveFakeFetch(fakeServer().handler);
    const { container } = render(<ManageAlerts />);
    await waitFor(() => expect(container).toBeEmptyDOMElement());
    uninstallBrowser();
    resetStores();
    const unavailable = render(<ManageAlerts />);
    await waitFor(() => expect(unavailable.container).toBeEmptyDOMElement());
    expect(calls).toEqual([]);
  });

  it('lists the follows when opened, removes one, and adds a word', async () => {
    installBrowser(fakeSubscription());
    const server = fakeServer([
      { kind: 'word', word: 'lego', storeId: null, label: 'lego' },
      { kind: 'store', word: null, storeId: 7, label: 'Acme Outlet' },
    ]);
    const calls = serveFakeFetch(server.handler);
    render(<ManageAlerts />);
    expect(await screen.findByText('Manage alerts')).toBeInTheDocument();
    expect(calls).toEqual([]);

    const list = await open();
    expect(list).not.toBeNull();
    expect(within(list!).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['lego×', 'Acme Outlet (store)×']);
    expect(screen.getByText(/2 of 20 followed/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Stop following Acme Outlet' }));
    await waitFor(() => expect(screen.queryByText('Acme Outlet')).not.toBeInTheDocument());
    expect(calls.at(-1)).toEqual({ method: 'POST', path: 'DealAlerts/Unfollow', query: {}, body: { token: ENDPOINT, storeId: 7 } });

    await userEvent.type(screen.getByRole('textbox', { name: 'Word to follow' }), '  Star-Wars ');
    await userEvent.click(screen.getByRole('button', { name: 'Follow' }));
    expect(await screen.findByText('star wars')).toBeInTheDocument();
    expect(calls.at(-1)).toEqual({ method: 'POST', path: 'DealAlerts/Follow', query: {}, body: { token: ENDPOINT, word: '  Star-Wars ' } });
    expect(screen.getByRole('textbox', { name: 'Word to follow' })).toHaveValue('');
  });

  it("explains a word it cannot follow without asking the server, and shows the server's refusals", async () => {
    installBrowser(fakeSubscription());
    const calls = serveFakeFetch(fakeServer([{ kind: 'word', word: 'kite', storeId: null, label: 'kite' }], {}, 1).handler);
    render(<ManageAlerts />);
    await open();
    const input = screen.getByRole('textbox', { name: 'Word to follow' });
    await userEvent.type(input, 'x!');
    await userEvent.click(screen.getByRole('button', { name: 'Follow' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(DEAL_FOLLOW_MESSAGES.wordLength);
    expect(calls.map((call) => call.path)).toEqual(['DealAlerts/GetFollows']);

    await userEvent.clear(input);
    await userEvent.type(input, 'lego');
    await userEvent.click(screen.getByRole('button', { name: 'Follow' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You can follow at most 1 words and stores in this browser.');
    expect(input).toHaveValue('lego');
  });

  it('shows a follow made on the deal list at once', async () => {
    installBrowser(fakeSubscription());
    serveFakeFetch(fakeServer().handler);
    render(
      <>
        <FollowBar searchTerm="drone" stores={[]} />
        <ManageAlerts />
      </>,
    );
    await open();
    expect(screen.getByText(/You follow nothing yet/)).toBeInTheDocument();
    const follow = screen.getByRole('button', { name: 'Follow “drone”' });
    await waitFor(() => expect(follow).toBeEnabled());
    await userEvent.click(follow);
    expect(await screen.findByRole('button', { name: 'Stop following drone' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Stop following drone' }));
    expect(await screen.findByRole('button', { name: 'Follow “drone”' })).toBeInTheDocument();
  });
});
