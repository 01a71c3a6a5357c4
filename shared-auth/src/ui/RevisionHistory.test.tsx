import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import type { Revision } from '@deals/contract/revisions';
import { hideToast } from '@deals/shared-auth';
import { serveFakeApi } from '../testing';
import { htmlToText, RevisionHistory, valueText } from './RevisionHistory';
import { renderScreen } from '../testing/ui';

const LABELS = { name: 'Product Name', currentPrice: 'Current Price', link: 'Link', body: 'Content', isActive: 'Is Active?' };

const REVISIONS: Revision[] = [
  {
    id: 3,
    recordType: 'page',
    recordId: 9,
    action: 'publish',
    actorName: 'editor',
    at: '2026-05-03T14:07:00.000Z',
    changes: {
      currentPrice: { from: 19.99, to: 17.49 },
      link: { from: 'https://shop.example/a?ref=deals', to: 'https://shop.example/a?ref=spring' },
      body: { from: '<p>Light and <b>fast</b>.</p>', to: '<p>Light, fast &amp; cheap.</p>' },
      isActive: { from: true, to: false },
      badgeText: { from: null, to: 'Hot' },
    },
  },
  { id: 2, recordType: 'page', recordId: 9, action: 'save', actorName: 'staff7', at: '2026-05-02T10:00:00.000Z', changes: {} },
  {
    id: 1,
    recordType: 'page',
    recordId: 9,
    action: 'create',
    actorName: 'admin',
    at: '2026-05-01T09:00:00.000Z',
    changes: { name: { from: null, to: 'Ultrabook' }, currentPrice: { from: null, to: 19.99 } },
  },
];

function serve(revisions: () => Revision[] | { status: number; data: unknown }, extra: (config: InternalAxiosRequestConfig) => { status: number; data?: unknown } | undefined = () => undefined) {
  return serveFakeApi((config) => {
    const answer = extra(config);
    if (answer) return answer;
    if (config.url === 'Revisions/GetRevisions') {
      const listed = revisions();
      return Array.isArray(listed) ? { status: 200, data: listed } : listed;
    }
    return { status: 404, data: { message: 'Not found' } };
  });
}

beforeEach(() => hideToast());

describe('RevisionHistory', () => {
  it('lists the revisions newest first with who, when and each field from → to', async () => {
    const calls = serve(() => REVISIONS);
    renderScreen(<RevisionHistory recordType="page" recordId={9} fieldLabels={LABELS} richTextFields={['body']} />);

    const revisions = await screen.findAllByRole('region');
    expect(revisions.map((revision) => revision.getAttribute('aria-label'))).toEqual(['Published by editor', 'Saved by staff7', 'Created by admin']);
    expect(calls[0]).toMatchObject({ method: 'GET', url: 'Revisions/GetRevisions', params: { recordType: 'page', recordId: 9 } });

    const newest = revisions[0] as HTMLElement;
    expect(within(newest).getByText('Published')).toBeInTheDocument();
    expect(within(newest).getByText(new Date('2026-05-03T14:07:00.000Z').toLocaleString())).toBeInTheDocument();
    // Labels in the given order; an unknown field by its name.
    expect(Array.from(newest.querySelectorAll('dt')).map((term) => term.textContent)).toEqual(['Current Price', 'Link', 'Content', 'Is Active?', 'badgeText']);
    const link = within(newest).getByText('Link').parentElement as HTMLElement;
    expect(link.querySelector('del')).toHaveTextContent('https://shop.example/a?ref=deals');
    expect(link.querySelector('ins')).toHaveTextContent('https://shop.example/a?ref=spring');
    const active = within(newest).getByText('Is Active?').parentElement as HTMLElement;
    expect(active.querySelector('del')).toHaveTextContent('Yes');
    expect(active.querySelector('ins')).toHaveTextContent('No');
    const badge = within(newest).getByText('badgeText').parentElement as HTMLElement;
    expect(badge.querySelector('del')).toHaveTextContent('(empty)');
    expect(badge.querySelector('ins')).toHaveTextContent('Hot');

    expect(within(revisions[1] as HTMLElement).getByText('No changes')).toBeInTheDocument();
    // The first revision shows its values only.
    const created = revisions[2] as HTMLElement;
    expect(created.querySelector('del')).toBeNull();
    expect(within(created).getByText('Ultrabook')).toBeInTheDocument();

    // Restore on every revision but the newest.
    expect(within(newest).queryByRole('button', { name: 'Restore' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Restore' })).toHaveLength(2);
  });

  it('shows rich text as a word diff of its text', async () => {
    serve(() => REVISIONS);
    renderScreen(<RevisionHistory recordType="page" recordId={9} fieldLabels={LABELS} richTextFields={['body']} />);
    const [newest] = await screen.findAllByRole('region');
    const body = within(newest as HTMLElement).getByText('Content').parentElement as HTMLElement;
    expect(body.querySelector('b, p')).toBeNull();
    expect(Array.from(body.querySelectorAll('del')).map((part) => part.textContent?.trim())).toEqual(['and']);
    expect(Array.from(body.querySelectorAll('ins')).map((part) => part.textContent?.trim())).toEqual([',', '& cheap']);
    expect(body.querySelector('.revision-history__text')).toHaveTextContent('Light and, fast & cheap.');
  });

  it('restores a revision after confirmation: the server message, the list again and onRestored', async () => {
    let listed = REVISIONS;
    const onRestored = jest.fn();
    const calls = serve(
      () => listed,
      (config) => {
        if (config.url !== 'Revisions/RestoreRevision') return undefined;
        listed = [{ ...REVISIONS[2]!, id: 4, action: 'restore', actorName: 'editor', changes: {} }, ...REVISIONS];
        return { status: 200, data: { message: 'Revision restored' } };
      },
    );
    renderScreen(<RevisionHistory recordType="page" recordId={9} fieldLabels={LABELS} onRestored={onRestored} />);
    const [, , created] = await screen.findAllByRole('region');
    await userEvent.click(within(created as HTMLElement).getByRole('button', { name: 'Restore' }));
    const confirm = await screen.findByText('Restore this revision?');
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    await userEvent.click(within(confirm.closest('.ant-popover') as HTMLElement).getByRole('button', { name: 'Restore' }));

    expect(await screen.findByText('Revision restored')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({ url: 'Revisions/RestoreRevision', params: { revisionId: 1 } });
    expect(onRestored).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.getAllByRole('region')).toHaveLength(4));
    expect(screen.getAllByRole('region')[0]).toHaveAttribute('aria-label', 'Restored by editor');
  });

  it('shows a refused restore with the server message and does not call onRestored', async () => {
    const onRestored = jest.fn();
    serve(
      () => REVISIONS,
      (config) => (config.url === 'Revisions/RestoreRevision' ? { status: 400, data: { message: 'Store not found', errors: { categoryId: 'Store not found' } } } : undefined),
    );
    renderScreen(<RevisionHistory recordType="deal" recordId={9} fieldLabels={LABELS} onRestored={onRestored} restoreLabel="Restore this version" />);
    const [, saved] = await screen.findAllByRole('region');
    await userEvent.click(within(saved as HTMLElement).getByRole('button', { name: 'Restore this version' }));
    const confirm = await screen.findByText('Restore this revision?');
    await userEvent.click(within(confirm.closest('.ant-popover') as HTMLElement).getByRole('button', { name: 'Restore this version' }));
    expect(await screen.findByText('Store not found')).toBeInTheDocument();
    expect(onRestored).not.toHaveBeenCalled();
  });

  it('says No revisions yet, and shows a failed load with Retry', async () => {
    let answer: Revision[] | { status: number; data: unknown } = [];
    serve(() => answer);
    const { unmount } = renderScreen(<RevisionHistory recordType="deal" recordId={9} fieldLabels={LABELS} />);
    expect(await screen.findByText('No revisions yet')).toBeInTheDocument();
    unmount();

    answer = { status: 500, data: { message: 'Something went wrong' } };
    renderScreen(<RevisionHistory recordType="deal" recordId={9} fieldLabels={LABELS} />);
    expect(await screen.findByText('The history could not be loaded')).toBeInTheDocument();
    answer = REVISIONS;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByRole('region')).toHaveLength(3);
  });

  it('cuts long values with Show more and formats values as the caller says', async () => {
    const long = 'word '.repeat(60).trim();
    serve(() => [{ ...REVISIONS[1]!, changes: { name: { from: 'Short', to: long }, currentPrice: { from: 1, to: 2 } } }]);
    renderScreen(<RevisionHistory recordType="deal" recordId={9} fieldLabels={LABELS} formatValue={(field, value) => (field === 'currentPrice' ? `$${Number(value).toFixed(2)}` : undefined)} />);
    const [revision] = await screen.findAllByRole('region');
    const name = within(revision as HTMLElement).getByText('Product Name').parentElement as HTMLElement;
    expect(name.querySelector('ins')?.textContent?.endsWith('…')).toBe(true);
    await userEvent.click(within(name).getByRole('button', { name: 'Show more' }));
    expect(name.querySelector('ins')).toHaveTextContent(long);
    expect(within(revision as HTMLElement).getByText('$2.00')).toBeInTheDocument();
  });
});

describe('RevisionHistory, the oldest revision', () => {
  it('shows only the values of the oldest revision listed (a record older than its history has no creation)', async () => {
    serve(() => [{ ...REVISIONS[1]!, action: 'publish', changes: { name: { from: null, to: 'First kept' } } }]);
    renderScreen(<RevisionHistory recordType="page" recordId={9} fieldLabels={LABELS} />);
    const [revision] = await screen.findAllByRole('region');
    expect(within(revision as HTMLElement).getByText('First kept')).toBeInTheDocument();
    expect((revision as HTMLElement).querySelector('del')).toBeNull();
  });
});

describe('value helpers', () => {
  it('reads HTML as text and values as words', () => {
    expect(htmlToText('<h2>Title</h2><p>One&nbsp;<em>two</em></p><ul><li>a</li><li>b</li></ul>')).toBe('Title\nOne two\na\nb');
    expect(htmlToText(null)).toBe('');
    expect(valueText(null)).toBe('(empty)');
    expect(valueText('')).toBe('(empty)');
    expect(valueText(true)).toBe('Yes');
    expect(valueText([3, 1])).toBe('3, 1');
    expect(valueText(12.5)).toBe('12.5');
    expect(valueText('2026-05-03T14:07:00.000Z')).toBe(new Date('2026-05-03T14:07:00.000Z').toLocaleString());
  });
});
