// Test support only (`@deals/shared-auth/ui-testing`, imported by *.test.tsx files): renders admin screens the way the shell's admin frame does (English antd,
// App context, the shared toast and confirm modal) inside a router that shows where it navigated.
import type { ReactElement, ReactNode } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { FeedbackHost } from '../ui/FeedbackHost';
import { LeaveGuard } from '../ui/LeaveGuard';
import { setSession } from '@deals/shared-auth';
import { unsignedToken } from '.';

function LocationProbe() {
  const { pathname, search } = useLocation();
  return (
    <>
      <div data-testid="location">{pathname}</div>
      <div data-testid="location-search">{search}</div>
    </>
  );
}

/** Renders `<Route>` elements at `path`, inside the admin frame's providers. */
export function renderRoutes(routes: ReactNode, path = '/') {
  return render(
    // English: without it antd writes its own buttons (Cancel, Go to) in Chinese.
    <ConfigProvider locale={enUS}>
      <App>
        <MemoryRouter initialEntries={[path]}>
          <LeaveGuard>
            <Routes>
              {routes}
              <Route path="*" element={null} />
            </Routes>
          </LeaveGuard>
          <LocationProbe />
        </MemoryRouter>
        <FeedbackHost />
      </App>
    </ConfigProvider>,
  );
}

/** Renders one screen for `route` (a react-router pattern) at `path`. */
export function renderScreen(element: ReactElement, { path = '/', route = '*' }: { path?: string; route?: string } = {}) {
  return renderRoutes(<Route path={route} element={element} />, path);
}

/** Waits until the router is at exactly `path` (a prefix such as /menu-item of /menu-items does not count). */
export const expectLocation = (path: string) => waitFor(() => expect(screen.getByTestId('location').textContent).toBe(path), { timeout: 5000 });

/** Signs a staff member in for the test (the token is unsigned: only the server verifies). */
export function signInAs(id: number, { admin }: { admin: boolean }) {
  setSession({ id, username: admin ? 'admin' : `staff${id}` }, unsignedToken({ sub: String(id), IsAdmin: admin ? 'True' : 'False' }), 'refresh');
}

/**
 * jsdom lays nothing out, so every element measures 0×0 and dnd-kit's keyboard moves find no row
 * below or above: gives SortItemsModal's rows (`[data-sort-id]`, one per list item) the boxes of
 * a vertical list. Undo with `jest.restoreAllMocks()`.
 */
export function layOutSortRows() {
  const original = Element.prototype.getBoundingClientRect;
  jest.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    if (!this.matches('[data-sort-id]')) return original.call(this);
    const item = this.closest('li') ?? this;
    const top = Array.from(item.parentElement?.children ?? []).indexOf(item) * 50;
    return { x: 0, y: top, top, left: 0, right: 400, bottom: top + 40, width: 400, height: 40, toJSON: () => ({}) } as DOMRect;
  });
}

/** Moves a sort row one place down with the keyboard, as a user would: focus, Space, ArrowDown, Space. */
export async function moveRowDown(row: HTMLElement) {
  const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  act(() => row.focus());
  fireEvent.keyDown(row, { key: ' ', code: 'Space' });
  await settle();
  fireEvent.keyDown(document.activeElement ?? row, { key: 'ArrowDown', code: 'ArrowDown' });
  await settle();
  fireEvent.keyDown(document.activeElement ?? row, { key: ' ', code: 'Space' });
  await settle();
}

/**
 * Captures the CSV files Download CSV saves (`downloadCsv` makes a blob URL and clicks a link);
 * the returned function reads them as `{ name, text }` without the byte-order mark. Undo with
 * `jest.restoreAllMocks()`.
 */
export function readCsvDownloads() {
  const saved: { name: string; blob: Blob }[] = [];
  let last: Blob | undefined;
  jest.spyOn(URL, 'createObjectURL').mockImplementation((blob: Blob | MediaSource) => {
    last = blob as Blob;
    return 'blob:download';
  });
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
