// Test support for the menu item screens (imported by *.test.tsx only, never by app code).
import type { ReactElement } from 'react';
import { screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { serveFakeApi, type FakeApiHandler } from '@deals/shared-auth/testing';
import { renderRoutes, signInAs } from '@deals/shared-auth/ui-testing';
import type { MenuItem, PageListItem } from '@deals/contract';
export { layOutSortRows, moveRowDown } from '@deals/shared-auth/ui-testing';

const page = (id: number, name: string, url: string, isActive = true): PageListItem => ({
  id,
  name,
  title: name,
  url,
  isBannerVisible: true,
  bannerImageFilePath: null,
  bannerColor: '#000000',
  keywords: null,
  description: null,
  isActive,
  isBlog: false,
  addedById: 1,
  addedBy: 'Admin',
  addedOn: '2024-05-01T10:00:00Z',
});

export const PAGES: PageListItem[] = [page(10, 'About us', '/about-us'), page(11, 'Terms', '/terms', false)];

const item = (fields: Partial<MenuItem> & Pick<MenuItem, 'id' | 'name' | 'sortOrder'>): MenuItem => ({
  pageId: null,
  pageName: null,
  pageUrl: null,
  parentMenuItemId: null,
  parentMenuItem: null,
  customLink: null,
  openInNewTab: false,
  isActive: true,
  assignedMenuItems: [],
  ...fields,
});

/** Company (a heading with About under it), Deals (a link), Contact (inactive, new tab). */
export const COMPANY = item({ id: 1, name: 'Company', sortOrder: 1, assignedMenuItems: [{ id: 3, name: 'About', pageName: 'About us', isActive: true }] });
export const ABOUT = item({ id: 3, name: 'About', sortOrder: 1, pageId: 10, pageName: 'About us', pageUrl: '/about-us', parentMenuItemId: 1, parentMenuItem: 'Company' });
export const DEALS = item({ id: 2, name: 'Deals', sortOrder: 2, customLink: '/deals' });
export const CONTACT = item({ id: 4, name: 'Contact', sortOrder: 3, customLink: 'mailto:hi@example.com', openInNewTab: true, isActive: false });

/** The menu in menu order: each top-level item followed by its children. */
export const MENU: MenuItem[] = [COMPANY, ABOUT, DEALS, CONTACT];

type Answer = { status: number; data?: unknown } | undefined;

/**
 * The menu and page API answered from the fixtures; `extra` answers first (to fail a call or
 * answer a mutation). Unknown calls are 404.
 */
export function serveMenu(extra: (config: Parameters<FakeApiHandler>[0]) => Answer = () => undefined) {
  return serveFakeApi((config) => {
    const answer = extra(config);
    if (answer) return answer;
    const params = (config.params ?? {}) as Record<string, unknown>;
    if (config.url === 'MenuItem/GetAllMenuItems') return { status: 200, data: MENU };
    if (config.url === 'Page/GetAllPages') return { status: 200, data: PAGES };
    if (config.url === 'MenuItem/GetMenuItemsWithNoParentOrChild') return { status: 200, data: [DEALS, CONTACT] };
    if (config.url === 'MenuItem/GetMenuItemById') {
      const found = MENU.find((candidate) => candidate.id === params.menuItemId);
      return found ? { status: 200, data: found } : { status: 404, data: { message: 'Menu item not found' } };
    }
    return { status: 404, data: { message: 'Not found' } };
  });
}

export const signInAsAdmin = () => signInAs(1, { admin: true });

export const LIST = '/cms/management/menu-items';
export const NEW = '/cms/management/menu-item';
export const edit = (id: number) => `/cms/management/menu-item/edit/${id}`;

/** The list and form screens (passed in by the test, as this folder never imports a feature) at their App.tsx routes, at `path`. */
export function renderMenuAt(screens: { list: ReactElement; form: ReactElement }, path: string) {
  return renderRoutes(
    <>
      <Route path={LIST} element={screens.list} />
      <Route path={NEW} element={screens.form} />
      <Route path="/cms/management/menu-item/edit/:menuItemId" element={screens.form} />
    </>,
    path,
  );
}

/** Where the screen navigated to (the list's ProTable can take a while to render on a busy machine). */
export const expectLocation = (path: string) => waitFor(() => expect(screen.getByTestId('location').textContent).toBe(path), { timeout: 5000 });

/** The toast with this text, in this state (success, warning or error). */
export async function expectToast(text: string, state: 'success' | 'warning' | 'error') {
  const toast = await screen.findByRole(state === 'success' ? 'status' : 'alert');
  await waitFor(() => expect(toast).toHaveTextContent(text));
  expect(toast.closest('.ant-alert') ?? toast).toHaveClass(`ant-alert-${state}`);
}

/** The list row of the item with this name (found by its View link: a name may also be another row's parent). */
export const rowOf = async (name: string) => (await screen.findByRole('link', { name: `View ${name}` }, { timeout: 5000 })).closest('tr') as HTMLElement;

