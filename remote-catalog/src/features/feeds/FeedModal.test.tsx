import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
import { FEED_MESSAGES, FEED_MODE_LABELS } from '@deals/contract';
import { clearSession, hideToast } from '@deals/shared-auth';
import { forgetVersions } from '@deals/shared-auth/client';
import { serveFakeApi } from '@deals/shared-auth/testing';
import { renderScreen, signInAs } from '@deals/shared-auth/ui-testing';
import { STORES } from '../../testing/deals';
import { feed, FEEDS } from '../../testing/feeds';
import { ROW_MESSAGES } from './feedForm';
import FeedsPage from './FeedsPage';

type Answer = { status: number; data?: unknown; headers?: Record<string, string> };

const STORED = feed({
  id: 1,
  secretHeaderName: 'X-Api-Key',
  hasSecret: true,
  columns: { offerId: 'promotionId', name: 'title' },
  defaults: { productTypes: 'Coupons' },
  advertisers: { '1001': 1 },
});

/** The feeds' API; saves answer `onSave` and note the If-Match they carried. */
function serveFeeds(onSave: (config: InternalAxiosRequestConfig) => Answer = (config) => ({ status: 200, data: config.method === 'post' ? { message: FEED_MESSAGES.created, id: 3 } : { message: FEED_MESSAGES.updated } })) {
  const ifMatch: (string | undefined)[] = [];
  const calls = serveFakeApi((config) => {
    if (config.url === 'Feeds/GetFeeds') return { status: 200, data: FEEDS };
    if (config.url === 'Feeds/GetFeedById') return { status: 200, data: STORED, headers: { etag: '"feed-1-v3"' } };
    if (config.url === 'Category/GetAllCategories') return { status: 200, data: STORES };
    if (config.url === 'Feeds/CreateFeed' || config.url === 'Feeds/UpdateFeed') {
      ifMatch.push(AxiosHeaders.from(config.headers).get('If-Match') as string | undefined);
      return onSave(config);
    }
    return { status: 404, data: { message: 'Not found' } };
  });
  return { calls, ifMatch };
}

const saved = (calls: ReturnType<typeof serveFeeds>['calls']) => calls.filter((call) => call.url === 'Feeds/CreateFeed' || call.url === 'Feeds/UpdateFeed');

async function openAdd() {
  signInAs(1, { admin: true });
  renderScreen(<FeedsPage />);
  await screen.findByText('Awin vouchers');
  await userEvent.click(screen.getByRole('button', { name: /Add feed/ }));
  return screen.findByRole('dialog', { name: 'Add feed' });
}

async function openEdit() {
  signInAs(1, { admin: true });
  renderScreen(<FeedsPage />);
  await userEvent.click(within((await screen.findByText('Awin vouchers')).closest('tr') as HTMLElement).getByRole('button', { name: 'Edit Awin vouchers' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit feed' });
  await waitFor(() => expect(within(dialog).getByLabelText('Name')).toHaveValue('Awin vouchers'));
  return dialog;
}

/** Picks an option of an antd select; the select opened last draws the last list in the page. */
async function choose(select: HTMLElement, label: string) {
  await userEvent.click(select);
  const options = await screen.findAllByTitle(label);
  await userEvent.click(options.at(-1) as HTMLElement);
}

const replace = async (field: HTMLElement, text: string) => {
  await userEvent.clear(field);
  if (text) await userEvent.type(field, text);
};

beforeEach(() => {
  hideToast();
  clearSession();
  forgetVersions();
  localStorage.clear();
});

describe('the feed modal', () => {
  it('adds a feed with its settings, column mapping, defaults and advertisers as the API takes them', async () => {
    const { calls } = serveFeeds();
    const dialog = await openAdd();
    const add = within(dialog).getByRole('button', { name: 'Add feed' });
    expect(add).toBeDisabled();

    await userEvent.type(within(dialog).getByLabelText('Name'), '  Impact promos ');
    await userEvent.type(within(dialog).getByLabelText('URL'), 'https://api.impact.com/promos.json');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'JSON' }));
    await userEvent.click(within(dialog).getByRole('radio', { name: FEED_MODE_LABELS.LIVE }));
    await replace(within(dialog).getByLabelText('Run every'), '6');
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Lists all offers' }));
    await userEvent.type(within(dialog).getByLabelText('Secret header name'), 'X-Api-Key');
    await userEvent.type(within(dialog).getByLabelText('Secret header value'), 'k-123');

    await userEvent.click(within(dialog).getByRole('button', { name: /Add a column/ }));
    await choose(within(dialog).getByRole('combobox', { name: 'Column 1' }), 'Offer ID');
    await userEvent.type(within(dialog).getByLabelText('Feed header 1'), 'promotionId');
    await userEvent.click(within(dialog).getByRole('button', { name: /Add a column/ }));
    await choose(within(dialog).getByRole('combobox', { name: 'Column 2' }), 'Expires In');
    await userEvent.type(within(dialog).getByLabelText('Feed header 2'), 'endDate');

    await userEvent.click(within(dialog).getByRole('button', { name: /Add a default/ }));
    await choose(within(dialog).getByRole('combobox', { name: 'Default column 1' }), 'Product Category');
    await userEvent.type(within(dialog).getByLabelText('Default value 1'), 'Coupons');
    // A row left wholly blank is dropped.
    await userEvent.click(within(dialog).getByRole('button', { name: /Add a default/ }));

    await userEvent.click(within(dialog).getByRole('button', { name: /Add an advertiser/ }));
    await userEvent.type(within(dialog).getByLabelText('Advertiser 1'), '1001');
    await choose(within(dialog).getByRole('combobox', { name: 'Store of advertiser 1' }), 'Target');

    await waitFor(() => expect(add).toBeEnabled());
    await userEvent.click(add);
    expect(await screen.findByText(FEED_MESSAGES.created)).toBeInTheDocument();
    expect(saved(calls)).toHaveLength(1);
    expect(saved(calls)[0]).toMatchObject({ method: 'POST', url: 'Feeds/CreateFeed' });
    expect(saved(calls)[0]?.body).toEqual({
      name: 'Impact promos',
      url: 'https://api.impact.com/promos.json',
      format: 'JSON',
      mode: 'LIVE',
      everyHours: 6,
      listsAllOffers: false,
      isActive: true,
      secretHeaderName: 'X-Api-Key',
      secretHeaderValue: 'k-123',
      columns: { offerId: 'promotionId', dealExpiresIn: 'endDate' },
      defaults: { productTypes: 'Coupons' },
      advertisers: { '1001': 2 },
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add feed' })).not.toBeInTheDocument());
  });

  it("checks the fields with the contract's messages before sending anything", async () => {
    const { calls } = serveFeeds();
    const dialog = await openAdd();
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Broken');
    await userEvent.type(within(dialog).getByLabelText('URL'), 'ftp://feeds.example/a.csv');
    await replace(within(dialog).getByLabelText('Run every'), '');
    await userEvent.type(within(dialog).getByLabelText('Secret header value'), 'orphan');
    await userEvent.click(within(dialog).getByRole('button', { name: /Add an advertiser/ }));
    await userEvent.type(within(dialog).getByLabelText('Advertiser 1'), 'Globex');
    await userEvent.click(within(dialog).getByLabelText('Name'));

    expect(await within(dialog).findByText(FEED_MESSAGES.url)).toBeInTheDocument();
    expect(within(dialog).getByText(FEED_MESSAGES.everyHours)).toBeInTheDocument();
    expect(within(dialog).getByText(FEED_MESSAGES.headerValueWithoutName)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Add feed' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: /Add a column/ }));
    await userEvent.type(within(dialog).getByLabelText('Feed header 1'), 'title');
    await userEvent.click(within(dialog).getByLabelText('Name'));
    expect(await within(dialog).findByText(ROW_MESSAGES.column)).toBeInTheDocument();
    expect(saved(calls)).toHaveLength(0);
  });

  it("shows the server's messages under their fields and rows, and stays open", async () => {
    const { calls } = serveFeeds(() => ({
      status: 400,
      data: {
        message: 'Please correct the highlighted fields',
        errors: { name: FEED_MESSAGES.nameTooLong, 'columns.name': FEED_MESSAGES.cell, advertisers: FEED_MESSAGES.unknownStoreId(999) },
      },
    }));
    const dialog = await openEdit();
    await userEvent.type(within(dialog).getByLabelText('Name'), ' 2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Please correct the highlighted fields')).toBeInTheDocument();
    expect(saved(calls)).toHaveLength(1);
    expect(within(dialog).getByLabelText('Name').closest('.ant-form-item')).toHaveTextContent(FEED_MESSAGES.nameTooLong);
    // `columns.name` lands on the row mapping Product Name (the second), the store's on the list.
    expect(within(dialog).getByLabelText('Feed header 2').closest('.ant-form-item')).toHaveTextContent(FEED_MESSAGES.cell);
    expect(within(dialog).getByLabelText('Feed header 1').closest('.ant-form-item')).not.toHaveTextContent(FEED_MESSAGES.cell);
    expect(within(within(dialog).getByRole('region', { name: 'Advertisers' })).getByText(FEED_MESSAGES.unknownStoreId(999))).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit feed' })).toBeInTheDocument();
  });

  it('edits a feed from its latest version, keeping the stored secret when its value is left empty', async () => {
    const { calls, ifMatch } = serveFeeds();
    const dialog = await openEdit();
    expect(calls.find((call) => call.url === 'Feeds/GetFeedById')?.params).toEqual({ id: 1 });
    expect(within(dialog).getByLabelText('Secret header name')).toHaveValue('X-Api-Key');
    expect(within(dialog).getByLabelText('Secret header value')).toHaveValue('');
    expect(within(dialog).getByText('Stored — leave empty to keep.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Feed header 1')).toHaveValue('promotionId');
    expect(within(dialog).getByLabelText('Default value 1')).toHaveValue('Coupons');
    expect(within(dialog).getByLabelText('Advertiser 1')).toHaveValue('1001');

    await replace(within(dialog).getByLabelText('Name'), 'Awin vouchers UK');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(FEED_MESSAGES.updated)).toBeInTheDocument();
    const body = saved(calls)[0]?.body as Record<string, unknown>;
    expect(saved(calls)[0]).toMatchObject({ method: 'PUT', url: 'Feeds/UpdateFeed' });
    expect(body).toEqual({
      id: 1,
      name: 'Awin vouchers UK',
      url: STORED.url,
      format: 'CSV',
      mode: 'LIVE',
      everyHours: 6,
      listsAllOffers: true,
      isActive: true,
      secretHeaderName: 'X-Api-Key',
      columns: { offerId: 'promotionId', name: 'title' },
      defaults: { productTypes: 'Coupons' },
      advertisers: { '1001': 1 },
    });
    expect('secretHeaderValue' in body).toBe(false);
    // The save names the version it changes.
    expect(ifMatch).toEqual(['"feed-1-v3"']);
  });

  it('removes the stored secret when asked', async () => {
    const { calls } = serveFeeds();
    const dialog = await openEdit();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Remove the stored value' }));
    expect(within(dialog).getByLabelText('Secret header value')).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(FEED_MESSAGES.updated)).toBeInTheDocument();
    expect(saved(calls)[0]?.body).toMatchObject({ id: 1, secretHeaderName: 'X-Api-Key', secretHeaderValue: '' });
  });
});
