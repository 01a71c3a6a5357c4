// Test support for the page and blog screens (imported by *.test.tsx only, never by app code):
// fixtures, a fake API answering the page or blog calls, the screens at their App.tsx routes and
// the gestures the tests need.
import type { ReactElement } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { Route, useLocation } from 'react-router-dom';
import { clearSession, hideToast } from '@deals/shared-auth';
import { serveFakeApi, type RecordedCall } from '@deals/shared-auth/testing';
import { renderRoutes, signInAs } from '@deals/shared-auth/ui-testing';
import type { ComponentOption, EditorialState, Page, PageListItem, PageSnapshot } from '../components/document/api';
import type { DocumentKind } from '../components/document/kind';
export { layOutSortRows, moveRowDown } from '@deals/shared-auth/ui-testing';

/** The router is exactly at `path`; patient, as antd screens are slow on a busy machine. */
export const expectLocation = (path: string) => waitFor(() => expect(screen.getByTestId('location').textContent).toBe(path), { timeout: 5000 });

type Answer = { status: number; data?: unknown } | undefined;
export type Extra = (config: InternalAxiosRequestConfig) => Answer;

const base = {
  isBannerVisible: true,
  bannerImageFilePath: null,
  bannerColor: '#000000',
  keywords: null,
  description: null,
  isActive: true,
  addedById: 1,
  addedBy: 'Ada Admin',
};

/** A page with two components (a banner, then a content section) and a banner image. */
export const ABOUT: Page = {
  ...base,
  id: 1,
  name: 'About us',
  title: 'About our deals',
  url: '/about-us',
  bannerImageFilePath: 'pages/about.png',
  bannerColor: '#1a2b3c',
  keywords: 'about, deals',
  description: 'Who we are',
  isBlog: false,
  addedOn: '2024-03-05T14:07:00',
  contentSections: [
    { id: 31, name: 'Spring banner', type: 'BANNER', bannerId: 7, contentSectionId: null, sortOrder: 1 },
    { id: 32, name: 'Our story', type: 'CONTENTSECTION', bannerId: null, contentSectionId: 9, sortOrder: 2 },
  ],
};

export const CONTACT: Page = { ...base, id: 2, name: 'Contact', title: null, url: '/contact', isActive: false, isBlog: false, addedOn: '2024-04-01T09:00:00', contentSections: [] };

/** A blog with two components and a banner image. */
export const TIPS: Page = {
  ...ABOUT,
  id: 5,
  name: 'Saving tips',
  title: null,
  url: '/saving-tips',
  bannerImageFilePath: 'blogs/tips.png',
  isBlog: true,
  addedBy: 'Bea Blogger',
  addedOn: '2024-03-05T14:07:00',
  contentSections: [
    { id: 41, name: 'Tips banner', type: 'BANNER', bannerId: 8, contentSectionId: null, sortOrder: 1 },
    { id: 42, name: 'Ten tips', type: 'CONTENTSECTION', bannerId: null, contentSectionId: 12, sortOrder: 2 },
  ],
};

export const DRAFT: Page = { ...base, id: 6, name: 'Draft post', title: null, url: '/draft-post', isActive: false, isBlog: true, addedBy: null, addedOn: '2024-06-10T08:30:00', contentSections: [] };

/** No draft, no schedule. */
export const NO_EDITS: EditorialState = { hasDraft: false, draftSavedAt: null, draftSavedBy: null, publishAt: null, unpublishAt: null, publishedAt: null };

/** When the drafts of the fixtures were saved, and by whom. */
export const DRAFT_SAVED = { at: '2026-05-03T14:07:00.000Z', by: 'Edda Editor' };

/**
 * The record as GetById answers it with a saved draft of these changes: the published
 * fields at the top level, the edits in `draft`, and the editorial state (overridable).
 */
export function withDraft(record: Page, changes: Partial<PageSnapshot>, editorial: Partial<EditorialState> = {}): Page {
  const { name, title, url, keywords, description, isBannerVisible, bannerColor, isActive, bannerImageFilePath } = record;
  const state = { ...NO_EDITS, hasDraft: true, draftSavedAt: DRAFT_SAVED.at, draftSavedBy: DRAFT_SAVED.by, ...editorial };
  return {
    ...record,
    hasDraft: true,
    publishAt: state.publishAt,
    unpublishAt: state.unpublishAt,
    draft: { name, title, url, keywords, description, isBannerVisible, bannerColor, isActive, bannerImageFilePath, ...changes },
    editorial: state,
  };
}

export const listItem = ({ contentSections: _omit, draft: _draft, editorial: _editorial, ...row }: Page): PageListItem => row;

export const BANNER_OPTIONS: ComponentOption[] = [
  { value: 7, label: 'Spring banner' },
  { value: 17, label: 'Summer banner' },
];
export const SECTION_OPTIONS: ComponentOption[] = [
  { value: 9, label: 'Our story' },
  { value: 19, label: 'Meet the team' },
];

/** Resets what a previous test may have left (toast, session) and signs an admin in. */
export function startAsAdmin() {
  hideToast();
  clearSession();
  localStorage.clear();
  signInAs(1, { admin: true });
}

/**
 * The list call as the API answers it (a small fake of the server's paged table): without
 * `page` every row; with it the rows matching the name, title, url, author and active filters,
 * sorted by `sortBy`/`order` (else blogs newest first, pages by name), one page of them.
 */
export function listAnswer(kind: DocumentKind, records: Page[], params: Record<string, unknown>) {
  const items = records.map(listItem);
  if (params.page === undefined) return items;
  const contains = (value: string | null, part: unknown) => part === undefined || (value ?? '').toLowerCase().includes(String(part).toLowerCase());
  const rows = items.filter(
    (row) =>
      (params.isActive === undefined || String(row.isActive) === params.isActive) &&
      contains(row.name, params.name) &&
      contains(row.title, params.title) &&
      contains(row.url, params.url) &&
      contains(row.addedBy, params.addedBy),
  );
  const key = (params.sortBy ?? (kind.isBlog ? 'addedOn' : 'name')) as keyof PageListItem;
  const direction = (params.order ?? (params.sortBy || !kind.isBlog ? 'asc' : 'desc')) === 'asc' ? 1 : -1;
  const text = (row: PageListItem) => String(row[key] ?? '').toLowerCase();
  rows.sort((a, b) => direction * (text(a) < text(b) ? -1 : text(a) > text(b) ? 1 : a.id - b.id));
  const page = Number(params.page);
  const pageSize = Number(params.pageSize ?? 100);
  return { items: rows.slice((page - 1) * pageSize, page * pageSize), total: rows.length, page, pageSize };
}

/** Answers the kind's list, export, GetById and options calls from the records; `extra` answers first. */
export function serveDocuments(kind: DocumentKind, records: Page[], extra: Extra = () => undefined): RecordedCall[] {
  return serveFakeApi((config) => {
    const answer = extra(config);
    if (answer) return answer;
    const params = (config.params ?? {}) as Record<string, unknown>;
    if (config.url === kind.calls.getAll) return { status: 200, data: listAnswer(kind, records, params) };
    if (config.url === kind.calls.exportCsv) {
      const names = (listAnswer(kind, records, { ...params, page: 1, pageSize: 1000 }) as { items: PageListItem[] }).items.map((row) => row.name);
      return { status: 200, data: new Blob([`Name\r\n${names.join('\r\n')}\r\n`], { type: 'text/csv' }) };
    }
    if (config.url === kind.calls.getById) {
      const record = records.find((candidate) => candidate.id === params[kind.idParam]);
      return record ? { status: 200, data: record } : { status: 404, data: { message: kind.texts.notFound } };
    }
    if (config.url === kind.calls.options) return { status: 200, data: params.type === 'BANNER' ? BANNER_OPTIONS : SECTION_OPTIONS };
    return { status: 404, data: { message: `No fake for ${config.method} ${config.url}` } };
  });
}

/** Shows where `/preview` was opened with, as the public PreviewPage would read it. */
function PreviewProbe() {
  return <pre data-testid="preview-state">{JSON.stringify(useLocation().state)}</pre>;
}

/** The kind's list and form screens at their App.tsx routes (plus stand-ins for where they lead), at `path`. */
export function renderKindAt(kind: DocumentKind, screens: { list: ReactElement; form: ReactElement }, path: string) {
  const param = kind.idParam;
  return renderRoutes(
    <>
      <Route path={kind.paths.list} element={screens.list} />
      <Route path={kind.paths.create} element={screens.form} />
      <Route path={`${kind.paths.create}/edit/:${param}`} element={screens.form} />
      <Route path="/preview" element={<PreviewProbe />} />
      <Route path="/cms/management/content-section/*" element={<p>Content section screen</p>} />
      <Route path="/cms/management/banner/*" element={<p>Banner screen</p>} />
    </>,
    path,
  );
}

/** The router state `/preview` was opened with. */
export const previewState = async () => JSON.parse((await screen.findByTestId('preview-state')).textContent ?? 'null') as unknown;

/** The toast with this text, in this state (success, warning or error). */
export async function expectToast(text: string, state: 'success' | 'warning' | 'error') {
  await waitFor(() => {
    const toast = screen.getByRole(state === 'success' ? 'status' : 'alert');
    expect(toast).toHaveTextContent(text);
    expect(toast.closest('.ant-alert') ?? toast).toHaveClass(`ant-alert-${state}`);
  }, { timeout: 5000 });
}

/** The table row holding this text. */
export const rowOf = async (text: string, container: HTMLElement = document.body) => (await within(container).findByText(text, { selector: 'td, td *' })).closest('tr') as HTMLElement;

/** The cells' texts of a row. */
export const cellsOf = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);

/** A form input by its label (the table filter may have fields of the same name). */
export const field = (label: string) => screen.getByLabelText(label, { selector: 'input, textarea' });

/** Puts the text at the end of the field in one input event, then leaves it. */
export async function fill(input: HTMLElement, text: string) {
  await userEvent.click(input);
  await userEvent.paste(text);
  await userEvent.tab();
}

/** Empties the field and leaves it. */
export async function empty(input: HTMLElement) {
  await userEvent.clear(input);
  await userEvent.tab();
}

/** Picks an option of an antd Select by its label. */
export async function choose(combobox: HTMLElement, option: string) {
  await userEvent.click(combobox);
  const dropdowns = await waitFor(() => {
    const open = Array.from(document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden)'));
    expect(open.length).toBeGreaterThan(0);
    return open;
  });
  const choice = await waitFor(() => {
    const found = dropdowns.flatMap((dropdown) => Array.from(dropdown.querySelectorAll<HTMLElement>(`.ant-select-item-option[title="${option}"]`)));
    expect(found.length).toBeGreaterThan(0);
    return found[found.length - 1] as HTMLElement;
  });
  await userEvent.click(choice);
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

export const imageFile = (name = 'banner.png') => new File(['png-bytes'], name, { type: 'image/png' });

/** The calls to one path. */
export const callsTo = (calls: RecordedCall[], url: string) => calls.filter((call) => call.url === url);

/**
 * Types a date-time (MM/DD/YYYY HH:mm) into an antd DatePicker with a time and confirms it
 * (Enter), as staff can type one instead of picking it.
 */
export async function typeDateTime(input: HTMLElement, text: string) {
  await userEvent.click(input);
  await userEvent.clear(input);
  await userEvent.type(input, text);
  await userEvent.keyboard('{Enter}');
}

/** Clears an antd DatePicker with its clear button. */
export async function clearDateTime(input: HTMLElement) {
  const picker = input.closest('.ant-picker') as HTMLElement;
  await userEvent.hover(picker);
  const clear = picker.querySelector('.ant-picker-clear') as HTMLElement;
  await userEvent.click(clear);
}



