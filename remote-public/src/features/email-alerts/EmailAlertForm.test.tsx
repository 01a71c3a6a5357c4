// The subscription form with the real request code against a fake API.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetSiteInfo } from '../../lib/siteInfo';
import { withSiteInfo } from '../../testing/emailAlertsFixtures';
import { serveFakeFetch, type FakeFetchHandler, type FetchCall } from '../../testing/fakeFetch';
import { EmailAlertForm } from './EmailAlertForm';
import { EmailAlertsButton } from './EmailAlertsButton';

const SUBSCRIBED = 'Almost done: we sent you an email. Open its link to confirm your alerts.';
const ok: FakeFetchHandler = () => ({ status: 200, data: { message: SUBSCRIBED } });
const subscribeCalls = (calls: FetchCall[]) => calls.filter((call) => call.path.startsWith('EmailAlerts/'));

beforeEach(() => resetSiteInfo());

/** Waits for the stores of the site info to be offered. */
const storesLoaded = () => screen.findByRole('option', { name: 'Best Buy' });

describe('EmailAlertForm', () => {
  it('sends the address, the normalised words, the store ids and the frequency, then says to check the inbox', async () => {
    const calls = serveFakeFetch(withSiteInfo(ok));
    const onDone = jest.fn();
    const user = userEvent.setup();
    render(<EmailAlertForm words={['LEGO']} stores={[{ id: 7, name: 'Acme Outlet' }]} onDone={onDone} />);
    const chips = screen.getByRole('list', { name: 'Followed words and stores' });
    expect(within(chips).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['lego×', 'Acme Outlet store×']);

    await user.type(screen.getByLabelText('Email'), '  jane@example.com ');
    await user.type(screen.getByLabelText('Add a word'), 'Nintendo-Switch{Enter}');
    await storesLoaded();
    // A store already chosen is not offered again.
    expect(screen.queryByRole('option', { name: 'Acme Outlet' })).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Add a store'), 'Best Buy');
    await user.click(screen.getByRole('radio', { name: /Daily digest/ }));
    // Typed but not added: the visitor means it.
    await user.type(screen.getByLabelText('Add a word'), 'airpods');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));

    const status = await screen.findByRole('status');
    expect(within(status).getByRole('heading', { name: 'Check your inbox' })).toBeInTheDocument();
    expect(status).toHaveTextContent(SUBSCRIBED);
    expect(status).toHaveTextContent('We sent it to jane@example.com. The link works for 48 hours');
    expect(subscribeCalls(calls)).toEqual([
      {
        method: 'POST',
        path: 'EmailAlerts/Subscribe',
        query: {},
        body: { email: 'jane@example.com', words: ['lego', 'nintendo switch', 'airpods'], storeIds: [7, 9], frequency: 'DAILY' },
      },
    ]);
    // The form made way for the message.
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('defaults to instant alerts and lets a chip be removed', async () => {
    const calls = serveFakeFetch(withSiteInfo(ok));
    const user = userEvent.setup();
    render(<EmailAlertForm words={['lego', 'duplo']} />);
    expect(screen.getByRole('radio', { name: /Instant alerts/ })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Remove “duplo”' }));
    await user.type(screen.getByLabelText('Email'), 'sam@example.org{Enter}');
    await screen.findByRole('heading', { name: 'Check your inbox' });
    expect(subscribeCalls(calls)[0]!.body).toEqual({ email: 'sam@example.org', words: ['lego'], storeIds: [], frequency: 'INSTANT' });
  });

  it('checks the address, the follows and each word before any call, in the API words', async () => {
    const calls = serveFakeFetch(withSiteInfo(ok));
    const user = userEvent.setup();
    render(<EmailAlertForm />);
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email is required');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Choose at least one word or store to follow.')).toHaveAttribute('role', 'alert');

    await user.type(screen.getByLabelText('Email'), 'jane@example');
    expect(screen.queryByText('Email is required')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Add a word'), 'a{Enter}');
    expect(screen.getByLabelText('Add a word')).toHaveAccessibleDescription('A followed word must be 2 to 40 letters or digits long');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Please enter valid email');
    expect(screen.getByLabelText('Add a word')).toHaveAccessibleDescription('A followed word must be 2 to 40 letters or digits long');
    expect(subscribeCalls(calls)).toHaveLength(0);
  });

  it('refuses a 21st word or store', async () => {
    serveFakeFetch(withSiteInfo(ok));
    const user = userEvent.setup();
    render(<EmailAlertForm words={Array.from({ length: 20 }, (_, i) => `word${i}`)} />);
    expect(screen.getByText(/^20 of 20/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Add a word'), 'one more{Enter}');
    expect(screen.getByText('You can follow at most 20 words and stores. Remove one to add another.')).toBeInTheDocument();
    await storesLoaded();
    await user.selectOptions(screen.getByLabelText('Add a store'), 'Walmart');
    expect(screen.queryByRole('button', { name: 'Remove Walmart' })).not.toBeInTheDocument();
  });

  it("shows the API's field messages under their fields (400)", async () => {
    const calls = serveFakeFetch(
      withSiteInfo(() => ({
        status: 400,
        data: { message: 'Please enter valid email', errors: { email: 'Please enter valid email', 'storeIds.0': 'That store does not exist', frequency: 'Choose instant alerts or a daily digest' } },
      })),
    );
    const user = userEvent.setup();
    render(<EmailAlertForm stores={[{ id: 99, name: 'Gone Store' }]} />);
    await user.type(screen.getByLabelText('Email'), 'jane@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Please enter valid email'));
    expect(screen.getByLabelText('Add a store')).toHaveAccessibleDescription('That store does not exist');
    expect(screen.getByRole('group', { name: 'How often' })).toHaveAccessibleDescription('Choose instant alerts or a daily digest');
    expect(subscribeCalls(calls)).toHaveLength(1);
    // Placed under the fields: not repeated for the whole form.
    expect(screen.getAllByRole('alert')).toHaveLength(3);
    // Still the form, with what was typed.
    expect(screen.getByLabelText('Email')).toHaveValue('jane@example.com');
  });

  it('shows a refusal that belongs to no field (429)', async () => {
    serveFakeFetch(withSiteInfo(() => ({ status: 429, data: { message: 'Too many requests. Please slow down and try again shortly.' } })));
    const user = userEvent.setup();
    render(<EmailAlertForm words={['lego']} />);
    await user.type(screen.getByLabelText('Email'), 'jane@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Please slow down and try again shortly.');
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeEnabled();
    expect(screen.queryByRole('heading', { name: 'Check your inbox' })).not.toBeInTheDocument();
  });
});

describe('EmailAlertsButton', () => {
  it('opens the form in a dialog, prefilled from the page, and closes it with Done', async () => {
    serveFakeFetch(withSiteInfo(ok));
    const user = userEvent.setup();
    render(<EmailAlertsButton label="Email me deals like these" title="Deal alerts by email" words={['lego']} stores={[{ id: 9, name: 'Best Buy' }]} />);
    await user.click(screen.getByRole('button', { name: 'Email me deals like these' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deal alerts by email' });
    expect(within(dialog).getByRole('list', { name: 'Followed words and stores' })).toHaveTextContent('lego×Best Buy store×');
    await user.type(within(dialog).getByLabelText('Email'), 'jane@example.com{Enter}');
    await user.click(await within(dialog).findByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
