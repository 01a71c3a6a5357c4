// Test support for the Stores and Product Categories screens (imported by their *.test.tsx only):
// rendering with the feedback host, sessions, the fake API's records, and the gestures the
// screens need (filling a field, picking an image, moving a row of the sort modal by keyboard).
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { clearSession, hideToast } from '@deals/shared-auth';
import { serveFakeApi, type RecordedCall } from '@deals/shared-auth/testing';
import { signInAs as signInAsUser } from './renderScreen';

export { renderScreen } from './renderScreen';

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

/**
 * jsdom lays nothing out, so every element measures 0×0 and dnd-kit's keyboard moves find no
 * row below or above. Gives the sort modal's rows the rects a vertical list would have.
 */
export function layOutSortRows() {
  const original = Element.prototype.getBoundingClientRect;
  jest.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const row = this.closest('[data-sort-id]');
    if (!row || row !== this) return original.call(this);
    const index = Array.from(row.parentElement?.children ?? []).indexOf(row);
    const top = index * 50;
    return { x: 0, y: top, top, left: 0, right: 400, bottom: top + 40, width: 400, height: 40, toJSON: () => ({}) } as DOMRect;
  });
}

/** Moves a sort modal row one place down with the keyboard: focus, Space, ArrowDown, Space. */
export async function moveRowDown(row: HTMLElement) {
  act(() => row.focus());
  fireEvent.keyDown(row, { key: ' ', code: 'Space' });
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  fireEvent.keyDown(document.activeElement ?? row, { key: 'ArrowDown', code: 'ArrowDown' });
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  fireEvent.keyDown(document.activeElement ?? row, { key: ' ', code: 'Space' });
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

/**
 * Captures the CSV files the Download button saves; the returned function reads them
 * (name and text without the byte-order mark).
 */
export function readCsvDownloads() {
  const saved: { name: string; blob: Blob }[] = [];
  let last: Blob | undefined;
  URL.createObjectURL = (blob: Blob | MediaSource) => {
    last = blob as Blob;
    return 'blob:download';
  };
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (last) saved.push({ name: this.download, blob: last });
  });
  // jsdom's Blob has no text(); FileReader reads it.
  const read = (blob: Blob) =>
    new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blob);
    });
  return () => Promise.all(saved.map(async ({ name, blob }) => ({ name, text: (await read(blob)).replace('\uFEFF', '') })));
}
