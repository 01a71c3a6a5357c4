import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosHeaders } from 'axios';
import { useForm } from 'react-hook-form';
import { setSession } from '@deals/shared-auth';
import { api } from '../http';
import { forgetVersions } from '../record-versions';
import { serveFakeApi, unsignedToken } from '../testing';
import { FeedbackHost } from './FeedbackHost';
import { formConflict } from './conflict-save';
import { saveForm } from './forms';

interface Values {
  label: string;
  to: string;
}

/** A footer-item form as the screens build it: load, then save with the conflict handling. */
function FooterForm() {
  const form = useForm<Values>({ defaultValues: { label: '', to: '' } });
  const load = async () => {
    const { data } = await api.get<Values>('FooterItem/GetFooterItemById', { params: { footerItemId: 2 } });
    form.reset(data);
  };
  const save = form.handleSubmit(async (values) => {
    await saveForm({
      call: async () => (await api.put<{ message: string }>('FooterItem/UpdateFooterItem', { id: 2, ...values })).data,
      setError: form.setError,
      fields: ['label', 'to'],
      conflict: formConflict(form, (latest: Values) => ({ label: latest.label, to: latest.to }), { labels: { label: 'Label', to: 'Link' } }),
    });
  });
  return (
    <form>
      <button type="button" onClick={() => void load()}>
        Load
      </button>
      <input aria-label="Label" {...form.register('label')} />
      <input aria-label="Link" {...form.register('to')} />
      <button type="button" onClick={() => void save()}>
        Save
      </button>
    </form>
  );
}

let stored: Values & { version: number };
let puts: Array<{ ifMatch: string | undefined; body: Values }>;

beforeEach(() => {
  forgetVersions();
  setSession({ id: 7, username: 'ann' }, unsignedToken({ unique_name: 'ann', IsAdmin: 'True' }), 'refresh-1');
  stored = { label: 'About', to: '/about', version: 1 };
  puts = [];
  serveFakeApi((config) => {
    const etag = `"footerItem.2.${stored.version}"`;
    if (config.method === 'get') return { status: 200, data: { label: stored.label, to: stored.to }, headers: { etag } };
    const ifMatch = AxiosHeaders.from(config.headers).get('If-Match') as string | undefined;
    const body = JSON.parse(String(config.data)) as Values;
    puts.push({ ifMatch, body });
    if (ifMatch && ifMatch !== '*' && ifMatch !== etag) return { status: 409, data: { message: 'Someone else changed this record.', changedBy: 'Bob Builder', changedAt: '2026-11-27T10:00:00.000Z' } };
    stored = { label: body.label, to: body.to, version: stored.version + 1 };
    return { status: 200, data: { message: 'Saved' }, headers: { etag: `"footerItem.2.${stored.version}"` } };
  });
});

async function openStaleForm() {
  render(
    <>
      <FooterForm />
      <FeedbackHost />
    </>,
  );
  await userEvent.click(screen.getByRole('button', { name: 'Load' }));
  await waitFor(() => expect(screen.getByLabelText('Label')).toHaveValue('About'));
  // Bob saves meanwhile.
  stored = { label: 'About Bob', to: '/about', version: 2 };
  await userEvent.clear(screen.getByLabelText('Label'));
  await userEvent.type(screen.getByLabelText('Label'), 'About Ann');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  return screen.findByRole('dialog');
}

describe('the edit-conflict dialog', () => {
  it('says who changed the record and when; Reload and compare shows both values and puts mine back', async () => {
    const dialog = await openStaleForm();
    expect(dialog).toHaveTextContent('Bob Builder changed this record at');
    expect(stored.label).toBe('About Bob');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reload and compare' }));

    const compare = await screen.findByRole('dialog', { name: 'Your changes and the latest version' });
    const rows = within(compare).getAllByRole('row');
    expect(rows).toHaveLength(2); // the header and the one field that differs
    expect(rows[1]).toHaveTextContent('Label');
    expect(rows[1]).toHaveTextContent('About Ann');
    expect(rows[1]).toHaveTextContent('About Bob');
    expect(screen.getByLabelText('Label')).toHaveValue('About Bob');

    await userEvent.click(within(compare).getByRole('button', { name: 'Use my Label' }));
    expect(screen.getByLabelText('Label')).toHaveValue('About Ann');
    await userEvent.click(within(compare).getByRole('button', { name: 'Done' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(stored).toEqual({ label: 'About Ann', to: '/about', version: 3 }));
    expect(puts.map((put) => put.ifMatch)).toEqual(['"footerItem.2.1"', '"footerItem.2.2"']);
  });

  it('Overwrite saves again on purpose over the latest version', async () => {
    const dialog = await openStaleForm();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Overwrite' }));
    await waitFor(() => expect(stored).toEqual({ label: 'About Ann', to: '/about', version: 3 }));
    expect(puts.map((put) => put.ifMatch)).toEqual(['"footerItem.2.1"', '"footerItem.2.2"']);
  });

  it('Cancel saves nothing and keeps the typed values', async () => {
    const dialog = await openStaleForm();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(stored.label).toBe('About Bob');
    expect(screen.getByLabelText('Label')).toHaveValue('About Ann');
  });
});
