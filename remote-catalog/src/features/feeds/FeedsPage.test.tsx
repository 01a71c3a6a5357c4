import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { FEED_MESSAGES, type FeedRun } from '@deals/contract';
import { clearSession, hideToast } from '@deals/shared-auth';
import { serveFakeApi } from '@deals/shared-auth/testing';
import { renderScreen, signInAs } from '@deals/shared-auth/ui-testing';
import { formatDateTime } from '../../lib/format';
import { feedRun, FEEDS } from '../../testing/feeds';
import FeedsPage from './FeedsPage';

type Answer = { status: number; data?: unknown };

/** The feeds' API: the list, and whatever `extra` answers (Run now, runs, delete). */
function serveFeeds(extra: (config: InternalAxiosRequestConfig) => Answer | undefined = () => undefined) {
  return serveFakeApi((config) => {
    const own = extra(config);
    if (own) return own;
    if (config.url === 'Feeds/GetFeeds') return { status: 200, data: FEEDS };
    return { status: 404, data: { message: 'Not found' } };
  });
}

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;
const loads = (calls: ReturnType<typeof serveFeeds>, url: string) => calls.filter((call) => call.url === url);

beforeEach(() => {
  hideToast();
  clearSession();
  localStorage.clear();
});

describe('Feeds', () => {
  it('is for admins only, without calling the API', () => {
    signInAs(2, { admin: false });
    const calls = serveFeeds();
    renderScreen(<FeedsPage />);
    expect(screen.getByText('Only admins can manage feeds.')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('lists each feed with its host, schedule, last run and the link to its pending offers', async () => {
    signInAs(1, { admin: true });
    serveFeeds();
    renderScreen(<FeedsPage />);
    const awin = await rowOf('Awin vouchers');
    // The host only: the URL's query may hold the network's key.
    expect(awin).toHaveTextContent('productdata.awin.com');
    expect(awin).not.toHaveTextContent('SECRET123');
    expect(awin).toHaveTextContent('CSV');
    expect(awin).toHaveTextContent('Live');
    expect(within(awin).getByText('Succeeded')).toBeInTheDocument();
    expect(within(awin).getByText('12 created · 3 updated · 1 expired · 2 rejected')).toBeInTheDocument();
    expect(awin).toHaveTextContent(formatDateTime('2026-06-30T14:00:00.000Z'));

    const cj = await rowOf('CJ coupons');
    expect(cj).toHaveTextContent('api.cj.com');
    expect(cj).toHaveTextContent('Review');
    expect(within(cj).getByText('Failed')).toBeInTheDocument();
    expect(cj).toHaveTextContent('Failed 3 times in a row: The feed could not be fetched: HTTP 500');
    // Switched off: no next run.
    expect(cj).toHaveTextContent('Off');
    expect(within(cj).getByRole('link', { name: '4 offers of CJ coupons to review' })).toHaveAttribute('href', '/admin/management/feed-review?status=PENDING&feedId=2');
  });

  it('runs a feed now, asks after the run every 2 s until it has ended, then says what it did and reloads', async () => {
    signInAs(1, { admin: true });
    let asked = 0;
    const calls = serveFeeds((config) => {
      if (config.url === 'Feeds/RunFeed') return { status: 202, data: { message: FEED_MESSAGES.started, id: 41 } };
      if (config.url === 'Feeds/GetFeedRuns') {
        asked += 1;
        const run: FeedRun = feedRun({ id: 41, trigger: 'MANUAL', status: asked < 2 ? 'RUNNING' : 'SUCCEEDED', created: 5, updated: 0, expired: 0, rejected: 1 });
        return { status: 200, data: [run, feedRun({ id: 40 })] };
      }
      return undefined;
    });
    renderScreen(<FeedsPage />);
    const button = within(await rowOf('Awin vouchers')).getByRole('button', { name: 'Run Awin vouchers now' });
    await userEvent.click(button);
    expect(await screen.findByText(FEED_MESSAGES.started)).toBeInTheDocument();
    expect(calls.find((call) => call.url === 'Feeds/RunFeed')).toMatchObject({ method: 'POST', params: { id: 1 } });
    const listLoads = loads(calls, 'Feeds/GetFeeds').length;

    expect(await screen.findByText('Awin vouchers: 5 created · 0 updated · 0 expired · 1 rejected', undefined, { timeout: 10_000 })).toBeInTheDocument();
    const asks = loads(calls, 'Feeds/GetFeedRuns');
    expect(asks).toHaveLength(2);
    expect(asks.every((call) => (call.params as { id: number }).id === 1)).toBe(true);
    await waitFor(() => expect(loads(calls, 'Feeds/GetFeeds').length).toBeGreaterThan(listLoads));
    // Ended: no further asking.
    await act(() => new Promise((resolve) => setTimeout(resolve, 2500)));
    expect(loads(calls, 'Feeds/GetFeedRuns')).toHaveLength(2);
  });

  it('says a feed is already running, without following a run', async () => {
    signInAs(1, { admin: true });
    const calls = serveFeeds((config) => (config.url === 'Feeds/RunFeed' ? { status: 409, data: { message: FEED_MESSAGES.running } } : undefined));
    renderScreen(<FeedsPage />);
    await userEvent.click(within(await rowOf('Awin vouchers')).getByRole('button', { name: 'Run Awin vouchers now' }));
    expect(await screen.findByText(FEED_MESSAGES.running)).toBeInTheDocument();
    expect(loads(calls, 'Feeds/GetFeedRuns')).toHaveLength(0);
  });

  it('shows the history of a feed: each run with its counts, a run with problems opening to list them', async () => {
    signInAs(1, { admin: true });
    const runs = [
      feedRun({
        id: 8,
        feedId: 2,
        trigger: 'MANUAL',
        status: 'SUCCEEDED',
        durationMs: 72_000,
        offers: 20,
        created: 0,
        pending: 14,
        linked: 1,
        updated: 2,
        expired: 1,
        unchanged: 0,
        rejected: 2,
        problems: [
          { line: 4, offerId: 'C-9', name: 'Mystery deal', errors: { store: 'Unknown store "Initech"' } },
          { line: 7, offerId: '', name: 'No id', errors: { offerId: FEED_MESSAGES.offerIdRequired } },
        ],
        unknownStores: ['Initech'],
      }),
      feedRun({ id: 7, feedId: 2, status: 'FAILED', durationMs: 900, error: 'The feed could not be fetched: HTTP 500', offers: 0, created: 0, updated: 0, expired: 0, rejected: 0 }),
    ];
    const calls = serveFeeds((config) => (config.url === 'Feeds/GetFeedRuns' ? { status: 200, data: runs } : undefined));
    renderScreen(<FeedsPage />);
    await userEvent.click(within(await rowOf('CJ coupons')).getByRole('button', { name: 'History of CJ coupons' }));
    const drawer = await screen.findByRole('dialog', { name: 'History of CJ coupons' });
    expect(calls.find((call) => call.url === 'Feeds/GetFeedRuns')?.params).toEqual({ id: 2, limit: 100 });
    const table = within(drawer).getByRole('table', { name: 'Runs' });
    const rows = await waitFor(() => {
      const found = within(table).getAllByRole('row').filter((row) => row.getAttribute('data-row-key'));
      expect(found).toHaveLength(2);
      return found;
    });
    expect(rows[0]).toHaveTextContent(`${formatDateTime('2026-06-30T08:00:00.000Z')}Run nowSucceeded1 min 12 s2001412102—`);
    expect(rows[1]).toHaveTextContent('Failed0.9 s');
    expect(rows[1]).toHaveTextContent('The feed could not be fetched: HTTP 500');
    await userEvent.click(within(rows[0] as HTMLElement).getByRole('button', { name: 'Expand row' }));
    const problems = await within(drawer).findByRole('table', { name: 'Offers with problems' });
    expect(within(problems).getAllByRole('row').slice(1).map((row) => row.textContent)).toEqual(['4C-9Mystery dealStore: Unknown store "Initech"', `7No idOffer ID: ${FEED_MESSAGES.offerIdRequired}`]);
    expect(within(within(drawer).getByRole('list', { name: 'Unknown stores' })).getByText('Initech')).toBeInTheDocument();
  });

  it('deletes a feed only after the confirmation, then reloads', async () => {
    signInAs(1, { admin: true });
    const calls = serveFeeds((config) => (config.url === 'Feeds/DeleteFeed' ? { status: 200, data: { message: FEED_MESSAGES.deleted } } : undefined));
    renderScreen(<FeedsPage />);
    await userEvent.click(within(await rowOf('CJ coupons')).getByRole('button', { name: 'Delete CJ coupons' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Feed' });
    expect(dialog).toHaveTextContent('Delete the feed "CJ coupons"?');
    expect(loads(calls, 'Feeds/DeleteFeed')).toHaveLength(0);
    const listLoads = loads(calls, 'Feeds/GetFeeds').length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(FEED_MESSAGES.deleted)).toBeInTheDocument();
    expect(loads(calls, 'Feeds/DeleteFeed')[0]).toMatchObject({ method: 'DELETE', params: { id: 2 } });
    await waitFor(() => expect(loads(calls, 'Feeds/GetFeeds').length).toBeGreaterThan(listLoads));
  });
});
