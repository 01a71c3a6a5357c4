// Test support for the Stores and Product Categories screens (imported by their *.test.tsx only):
// rendering with the feedback host, sessions, the fake API's records, and the gestures the
// screens need (filling a field, picking an image, moving a row of the sort modal by keyboard).
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { clearSession, hideToast } from '@deals/shared-auth';
import { serveFakeApi, type RecordedCall } from '@deals/shared-auth/testing';
import { signInAs as signInAsUser } from '@deals/shared-auth/ui-testing';
export { layOutSortRows, moveRowDown, readCsvDownloads } from '@deals/shared-auth/ui-testing';

export { renderScreen } from '@deals/shared-auth/ui-testing';

export const signInAs = (role: 'admin' | 'staff') => signInAsUser(role === 'admin' ? 1 : 2, { admin: role === 'admin' });

/** Resets the shared state a previous test may have left (toast, session) and fakes what jsdom lacks. */
export function resetScreenState() {
  hideToast();
  clearSession();
  localStorage.clear();
}

type Answer = { status: number; data?: unknown } | undefined;

/** Answers `list` and `byId` from the rows; `extra` answers anything else first. */
export function serveRecords<Row extends { id: number }>(urls: { list: string; byId: string; idParam: string }, rows: Row[], extra: (config: InternalAxiosRequestConfig) => Answer = () => undefined): RecordedCall[] {
  return serveFakeApi((config) => {
    const answer = extra(config);
    if (answer) return answer;
    if (config.url === urls.list) return { status: 200, data: rows };
    if (config.url === urls.byId) {
      const id = (config.params as Record<string, number>)[urls.idParam];
      const row = rows.find((candidate) => candidate.id === id);
      return row ? { status: 200, data: row } : { status: 404, data: { message: 'Not found' } };
    }
    return { status: 404, data: { message: `No fake for ${config.method} ${config.url}` } };
  });
}

/** The table row showing this text. */
export const rowOf = async (text: string) => (await screen.findByText(text, { selector: 'td, td *' })).closest('tr') as HTMLElement;

/** An input of the open modal (the table's filter form has fields of the same names). */
export const modalField = (label: string) => within(screen.getByRole('dialog')).getByLabelText(label, { selector: 'input' });

/** Types the text at the end of the field in one input event, then leaves it. */
export async function fill(input: HTMLElement, text: string) {
  await userEvent.click(input);
  await userEvent.paste(text);
  await userEvent.tab();
}

export const imageFile = (name = 'logo.png') => new File(['png-bytes'], name, { type: 'image/png' });

/** Picks a file in the modal's image field. */
export async function pickImage(dialog: HTMLElement, file: File = imageFile()) {
  const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
  await userEvent.upload(input, file);
}

/** A multipart body's fields: text values as strings, files as their names. */
export function formFields(body: unknown): Record<string, string> {
  expect(body).toBeInstanceOf(FormData);
  const fields: Record<string, string> = {};
  (body as FormData).forEach((value, name) => {
    fields[name] = typeof value === 'string' ? value : `file:${(value as File).name}`;
  });
  return fields;
}

