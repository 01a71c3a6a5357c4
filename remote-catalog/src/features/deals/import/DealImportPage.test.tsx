import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import type { DealImportEvent, DealImportPreview } from '@deals/contract';
import { clearSession, hideToast } from '@deals/shared-auth';
import { serveFakeApi } from '@deals/shared-auth/testing';
import { renderScreen, signInAs } from '@deals/shared-auth/ui-testing';
import { readEvents } from './api';
import { importTemplate } from './importText';
import DealImportPage from './DealImportPage';

const PREVIEW: DealImportPreview = {
  rows: 3,
  valid: 2,
  invalid: 1,
  problems: [{ line: 3, name: 'Mystery Box', errors: { store: 'Unknown store "Nowhere"', currentPrice: 'Please enter valid current price' } }],
  unknownStores: ['Nowhere'],
  unknownProductTypes: [],
  columns: ['name', 'store', 'productTypes', 'currentPrice', 'previousPrice', 'link'],
  ignoredColumns: ['Id'],
  withImages: 0,
};

const lines = (events: DealImportEvent[]) => events.map((event) => `${JSON.stringify(event)}\n`).join('');
const DONE: DealImportEvent = { type: 'done', imported: 2, message: '2 deals imported; 1 row skipped', rows: 3, valid: 2, invalid: 1, problems: PREVIEW.problems, unknownStores: ['Nowhere'], unknownProductTypes: [] };

const csvFile = () => new File(['Product Name,Store\n'], 'feed.csv', { type: 'text/csv' });

async function chooseAndCheck() {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  await userEvent.upload(input, csvFile());
  await userEvent.click(screen.getByRole('button', { name: 'Check file' }));
}

beforeEach(() => {
  hideToast();
  clearSession();
  signInAs(2, { admin: false });
});

describe('Import Deals', () => {
  it('checks the file on the server, lists each row\'s problems by column, then imports the valid rows after a confirmation, showing progress', async () => {
    const progressSeen: string[] = [];
    const calls = serveFakeApi((config: InternalAxiosRequestConfig) => {
      if (config.url === 'ProductImport/Preview') return { status: 200, data: PREVIEW };
      if (config.url === 'ProductImport/Import') {
        const text = lines([{ type: 'progress', stage: 'saving', done: 1, total: 2 }, DONE]);
        // The browser hands over the answer so far while it downloads: first the progress line alone.
        config.onDownloadProgress?.({ event: { target: { responseText: text.slice(0, text.indexOf('\n') + 1) } } } as never);
        progressSeen.push(document.body.textContent ?? '');
        return { status: 200, data: text };
      }
      return { status: 404, data: { message: 'Not found' } };
    });
    renderScreen(<DealImportPage />);
    await chooseAndCheck();

    expect(await screen.findByText('Ready to import')).toBeInTheDocument();
    const preview = calls.find((call) => call.url === 'ProductImport/Preview')!;
    expect(preview.method).toBe('POST');
    expect(preview.body).toBeInstanceOf(File);
    expect(preview.params).toMatchObject({ images: true });
    expect(screen.getByText('Nowhere')).toBeInTheDocument();
    expect(screen.getByText('Columns not imported: Id')).toBeInTheDocument();
    const row = screen.getByRole('listitem', { name: 'Line 3' });
    expect(row).toHaveTextContent('Mystery Box');
    expect(row).toHaveTextContent('Store: Unknown store "Nowhere"');
    expect(row).toHaveTextContent('Current Price: Please enter valid current price');

    await userEvent.click(screen.getByRole('button', { name: 'Import 2 deals' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import Deals' });
    expect(dialog).toHaveTextContent('Import 2 deals and skip 1 row with problems?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import' }));

    expect(await screen.findByText('2 deals imported; 1 row skipped')).toBeInTheDocument();
    expect(calls.filter((call) => call.url === 'ProductImport/Import')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'View deals' })).toBeInTheDocument();
    await waitFor(() => expect(progressSeen.length).toBe(1));
  });

  it('shows why a file is refused whole, and imports nothing', async () => {
    const calls = serveFakeApi((config) => {
      if (config.url === 'ProductImport/Preview') return { status: 400, data: { message: 'The file lacks the required columns Link' } };
      return { status: 404, data: { message: 'Not found' } };
    });
    renderScreen(<DealImportPage />);
    await chooseAndCheck();
    expect(await screen.findByText('The file lacks the required columns Link')).toBeInTheDocument();
    expect(screen.getByText('This file cannot be imported')).toBeInTheDocument();
    expect(calls.some((call) => call.url === 'ProductImport/Import')).toBe(false);
  });

  it('says nothing was imported when the import fails, with the server\'s words', async () => {
    serveFakeApi((config) => {
      if (config.url === 'ProductImport/Preview') return { status: 200, data: { ...PREVIEW, invalid: 0, problems: [], unknownStores: [], ignoredColumns: [] } };
      if (config.url === 'ProductImport/Import') return { status: 200, data: lines([{ type: 'failed', message: 'The import failed and nothing was saved. Please try again.' }]) };
      return { status: 404, data: {} };
    });
    renderScreen(<DealImportPage />);
    await chooseAndCheck();
    await userEvent.click(await screen.findByRole('button', { name: 'Import 2 deals' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Import Deals' })).getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Nothing was imported')).toBeInTheDocument();
    expect(screen.getByText('The import failed and nothing was saved. Please try again.')).toBeInTheDocument();
  });
});

describe('import helpers', () => {
  it('reads only complete NDJSON lines and resumes where it left off', () => {
    const first = readEvents('{"type":"progress","stage":"saving","done":1,"total":2}\n{"type":"do', 0);
    expect(first.events).toEqual([{ type: 'progress', stage: 'saving', done: 1, total: 2 }]);
    const rest = readEvents('{"type":"progress","stage":"saving","done":1,"total":2}\n{"type":"failed","message":"x"}\n', first.next);
    expect(rest.events).toEqual([{ type: 'failed', message: 'x' }]);
  });

  it('offers a template with every column and an example row', () => {
    const [header, example] = importTemplate().replace('\uFEFF', '').split('\r\n');
    expect(header).toBe('Product Name,Store,Product Category,Current Price,Previous Price,Promo Code,Link,Starts On,Expires In,Keywords,Badge Text,Badge Color,Image URL,Additional Information,Is Active?,Is Featured?');
    expect(example).toContain('Electronics|Audio');
  });
});
