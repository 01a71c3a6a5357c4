import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { AxiosHeaders } from 'axios';
import { clearSession, hideToast } from '@deals/shared-auth';
import { serveFakeApi } from '@deals/shared-auth/testing';
import { renderScreen, signInAs } from '@deals/shared-auth/ui-testing';
import CommissionsPage from './CommissionsPage';

type Answer = { status: number; data?: unknown };

const row = (overrides: Record<string, unknown>) => ({ key: '', name: '', currency: 'EUR', clicks: 0, conversions: 0, revenue: 0, commission: 0, epc: 0, conversionRate: 0, ...overrides });
const REPORT = (groupBy: string) => ({
  scope: 'all',
  groupBy,
  from: '2026-06-01',
  to: '2026-06-30',
  rows:
    groupBy === 'store'
      ? [row({ key: '7', name: 'Sound Shop', currency: 'EUR', clicks: 80, conversions: 4, revenue: 400, commission: 32, epc: 0.4, conversionRate: 5 })]
      : [
          row({ key: '2026-06-29', name: '2026-06-29', currency: 'EUR', clicks: 40, conversions: 2, revenue: 200, commission: 16, epc: 0.4, conversionRate: 5 }),
          row({ key: '2026-06-29', name: '2026-06-29', currency: 'USD', clicks: 40, conversions: 1, revenue: 90, commission: 9, epc: 0.225, conversionRate: 2.5 }),
        ],
  totals: [
    row({ key: 'EUR', currency: 'EUR', clicks: 40, conversions: 2, revenue: 200, commission: 16, epc: 0.4, conversionRate: 5 }),
    row({ key: 'USD', currency: 'USD', clicks: 40, conversions: 1, revenue: 90, commission: 9, epc: 0.225, conversionRate: 2.5 }),
  ],
});

const RESULT = {
  message: '2 commissions added, 1 updated',
  rows: 5,
  created: 2,
  updated: 1,
  unchanged: 1,
  unmatched: 1,
  problems: [{ line: 5, transactionId: 'T-9', clickRef: 'abc123', reason: 'No click-out has this click reference' }],
};

function serveCommissions(onImport: (config: InternalAxiosRequestConfig) => Answer = () => ({ status: 200, data: RESULT })) {
  const contentTypes: string[] = [];
  const calls = serveFakeApi((config) => {
    if (config.url === 'Commissions/GetEarnings') return { status: 200, data: REPORT(String(config.params?.groupBy)) };
    if (config.url === 'Commissions/Import') {
      contentTypes.push(String(AxiosHeaders.from(config.headers).get('Content-Type')));
      return onImport(config);
    }
    return { status: 404, data: { message: 'Not found' } };
  });
  return { calls, contentTypes };
}

const csv = () => new File(['transactionId,clickRef,date,amount,commission,currency,status\n'], 'awin.csv', { type: 'text/csv' });

async function chooseFormat(label: string) {
  await userEvent.click(screen.getByLabelText('Report format'));
  await userEvent.click(await screen.findByTitle(label));
}

beforeEach(() => {
  hideToast();
  clearSession();
});

describe('Commissions screen', () => {
  it('is for admins only', () => {
    signInAs(2, { admin: false });
    const { calls } = serveCommissions();
    renderScreen(<CommissionsPage />);
    expect(screen.getByText('Only admins can manage commissions.')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('posts the chosen file as the body with its format, then shows the counts and the rows not imported', async () => {
    signInAs(1, { admin: true });
    const { calls, contentTypes } = serveCommissions();
    renderScreen(<CommissionsPage />);
    expect(screen.getByTitle('Generic CSV')).toBeInTheDocument();
    const importButton = screen.getByRole('button', { name: 'Import' });
    expect(importButton).toBeDisabled();
    await chooseFormat('Awin transactions report');
    const file = csv();
    await userEvent.upload(document.querySelector('input[type=file]') as HTMLInputElement, file);
    expect(await screen.findByText('awin.csv')).toBeInTheDocument();
    await userEvent.click(importButton);

    const result = await screen.findByRole('region', { name: 'Import result' });
    expect(within(result).getByText('2 commissions added, 1 updated')).toBeInTheDocument();
    const figures = Object.fromEntries(Array.from(result.querySelectorAll('.ant-statistic')).map((figure) => [figure.querySelector('.ant-statistic-title')?.textContent, figure.querySelector('.ant-statistic-content')?.textContent]));
    expect(figures).toEqual({ Created: '2', Updated: '1', Unchanged: '1', Unmatched: '1' });
    const problems = within(result).getByRole('table');
    expect(within(problems).getAllByRole('row')[1]?.textContent).toBe('5T-9abc123No click-out has this click reference');

    const call = calls.find((candidate) => candidate.url === 'Commissions/Import');
    expect(call).toMatchObject({ method: 'POST', params: { format: 'awin' } });
    expect(call?.body).toBe(file);
    expect(contentTypes).toEqual(['text/csv']);
  });

  it("shows a refused report's message as an error", async () => {
    signInAs(1, { admin: true });
    serveCommissions(() => ({ status: 400, data: { message: 'The report has no clickRef column (Generic CSV)' } }));
    renderScreen(<CommissionsPage />);
    await userEvent.upload(document.querySelector('input[type=file]') as HTMLInputElement, csv());
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('The report has no clickRef column (Generic CSV)')).toBeInTheDocument();
    expect(screen.getByText('The report was not imported').closest('.ant-alert')).toHaveClass('ant-alert-error');
    expect(screen.queryByRole('region', { name: 'Import result' })).not.toBeInTheDocument();
  });

  it('reports the last 30 days by day, each currency on its own row and total, and by store on its tab', async () => {
    signInAs(1, { admin: true });
    const { calls } = serveCommissions();
    renderScreen(<CommissionsPage />);
    const byDay = await screen.findByRole('table', { name: 'Earnings by day' });
    await waitFor(() => expect(within(byDay).getAllByRole('row')).toHaveLength(3));
    expect(within(byDay).getAllByRole('row').map((tr) => tr.textContent)).toEqual([
      'DayCurrencyClicksConversionsRevenueCommissionEPCConversion rate',
      '2026-06-29EUR402€200.00€16.00€0.405%',
      '2026-06-29USD401$90.00$9.00$0.2252.5%',
    ]);
    const totals = screen.getByRole('table', { name: 'Totals per currency' });
    expect(within(totals).getAllByRole('row').slice(1).map((tr) => tr.textContent)).toEqual(['EUR402€200.00€16.00€0.405%', 'USD401$90.00$9.00$0.2252.5%']);
    const first = calls.find((call) => call.url === 'Commissions/GetEarnings')?.params as Record<string, string>;
    expect(first.groupBy).toBe('day');
    expect(first.from).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((Date.parse(String(first.to)) - Date.parse(String(first.from))) / 86_400_000).toBe(29);

    await userEvent.click(screen.getByRole('tab', { name: 'By store' }));
    const byStore = await screen.findByRole('table', { name: 'Earnings by store' });
    await waitFor(() => expect(within(byStore).getAllByRole('row')[1]?.textContent).toBe('Sound ShopEUR804€400.00€32.00€0.405%'));
    expect(calls.filter((call) => call.url === 'Commissions/GetEarnings').at(-1)?.params).toMatchObject({ groupBy: 'store', from: first.from, to: first.to });
  });
});
