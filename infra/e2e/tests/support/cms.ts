import type { APIRequestContext, APIResponse, Locator, Page, Response } from '@playwright/test';
import { expect, test as catalogTest } from './catalog';

// Helpers of the website-management specs (tests/cms-*.spec.ts): the CMS API with the admin's
// token (records the UI creates are noticed from the page's own create calls and deleted after
// the test; site settings a test changes are put back), the CMS routes, and the gestures the CMS
// forms need (antd selects, wangEditor). Sign-in, files, names, axe and the table/toast helpers
// come from support/catalog.ts.

export { expect };

// ---- The CMS API ---------------------------------------------------------------------------

export interface PageComponent {
  /** The assignment id (what Sort… takes). */
  id: number;
  name: string;
  type: 'BANNER' | 'CONTENTSECTION';
  bannerId: number | null;
  contentSectionId: number | null;
}

export interface CmsDocument {
  id: number;
  name: string;
  title: string | null;
  url: string;
  isActive: boolean;
  isBannerVisible: boolean;
  bannerImageFilePath: string | null;
  bannerColor: string;
  keywords: string | null;
  description: string | null;
  contentSections: PageComponent[];
  /** Drafts and schedules. */
  editorial: { hasDraft: boolean; publishAt: string | null; unpublishAt: string | null };
}

export interface ContentSectionRecord {
  id: number;
  name: string;
  type: string;
  title: string | null;
  description: string | null;
  alignment: string;
  isActive: boolean;
  imagePath: string | null;
  pageId: number | null;
  blogId: number | null;
}

export interface BannerRecord {
  id: number;
  name: string;
  isActive: boolean;
  pageId: number | null;
  bannerItems: { id: number; name: string | null; title: string | null; imagePath: string | null; sortOrder: number }[];
}

export interface MenuItemRecord {
  id: number;
  name: string;
  pageId: number | null;
  pageName: string | null;
  parentMenuItemId: number | null;
  customLink: string | null;
  isActive: boolean;
  assignedMenuItems: { id: number; name: string }[];
}

export interface SiteAsset {
  companyLogoPath: string | null;
  companyIconPath: string | null;
  [field: string]: string | null;
}

/** `Home/GetCMSInfo`, the parts these specs read. */
export interface PublicSiteInfo {
  companyName: string | null;
  phoneNumber: string | null;
  facebook: string | null;
  instagram: string | null;
  menuItems: { name: string; pageUrl: string | null; customLink: string | null; assignedMenuItems: { name: string; pageUrl: string | null }[] }[];
  pages: { id: number; url: string; title: string | null; isBlog: boolean }[];
  footerItems: { label: string; to: string }[];
}

type Kind = 'menuItem' | 'page' | 'blog' | 'banner' | 'contentSection' | 'footerItem';

/** Delete calls by kind, in the order the cleanup runs them (menu items point at pages; pages hold assignments). */
const DELETE: Record<Kind, (id: number) => string> = {
  menuItem: (id) => `/api/MenuItem/DeleteMenuItem?id=${id}`,
  page: (id) => `/api/Page/DeletePage?id=${id}`,
  blog: (id) => `/api/Blog/DeleteBlog?id=${id}`,
  banner: (id) => `/api/Banner/DeleteBanner?id=${id}`,
  contentSection: (id) => `/api/ContentSection/DeleteContentSection?id=${id}`,
  footerItem: (id) => `/api/FooterItem/DeleteFooterItem?footerItemId=${id}`,
};
const CLEANUP_ORDER: Kind[] = ['menuItem', 'page', 'blog', 'banner', 'contentSection', 'footerItem'];

/** The create calls the CMS screens make, by kind: their answers carry the new id. */
const CREATE_CALLS: Record<string, Kind> = {
  '/api/MenuItem/CreateMenuItem': 'menuItem',
  '/api/Page/CreatePage': 'page',
  '/api/Blog/CreateBlog': 'blog',
  '/api/Banner/CreateBanner': 'banner',
  '/api/ContentSection/CreateContentSection': 'contentSection',
  '/api/FooterItem/CreateFooterItem': 'footerItem',
};

async function ok<T>(response: APIResponse): Promise<T> {
  if (!response.ok()) throw new Error(`${response.url()} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * The CMS API as the admin. Every record the test's page creates through the UI (or `track`
 * names) is deleted after the test, and the site settings are put back when `keepSiteSettings`
 * was called, so the demo data stays as it was for the other specs.
 */
export class CmsApi {
  private readonly created: { kind: Kind; id: number }[] = [];
  private readonly pending: Promise<void>[] = [];
  private savedSettings: SiteAsset | null = null;

  constructor(
    private readonly request: APIRequestContext,
    private readonly token: string,
  ) {}

  private get headers() {
    return { authorization: `Bearer ${this.token}` };
  }

  track(kind: Kind, id: number): number {
    if (!this.created.some((record) => record.kind === kind && record.id === id)) this.created.push({ kind, id });
    return id;
  }

  /** Notices every record the page creates (a test that fails half-way still cleans up). */
  watch(page: Page): void {
    page.on('response', (response: Response) => {
      const kind = CREATE_CALLS[new URL(response.url()).pathname];
      if (!kind || response.request().method() !== 'POST' || !response.ok()) return;
      this.pending.push(
        response.json().then(
          (body: { id?: number }) => {
            if (typeof body.id === 'number') this.track(kind, body.id);
          },
          () => undefined,
        ),
      );
    });
  }

  /** The ids of this kind the test created, oldest first. */
  async createdIds(kind: Kind): Promise<number[]> {
    await Promise.all(this.pending);
    return this.created.filter((record) => record.kind === kind).map((record) => record.id);
  }

  async page(id: number): Promise<CmsDocument> {
    return ok(await this.request.get(`/api/Page/GetPageById?pageId=${id}`, { headers: this.headers }));
  }

  async blog(id: number): Promise<CmsDocument> {
    return ok(await this.request.get(`/api/Blog/GetBlogById?blogId=${id}`, { headers: this.headers }));
  }

  async banner(id: number): Promise<BannerRecord> {
    return ok(await this.request.get(`/api/Banner/GetBannerById?bannerId=${id}`, { headers: this.headers }));
  }

  async contentSection(id: number): Promise<ContentSectionRecord> {
    return ok(await this.request.get(`/api/ContentSection/GetContentSectionById?contentSectionId=${id}`, { headers: this.headers }));
  }

  async menuItem(id: number): Promise<MenuItemRecord> {
    return ok(await this.request.get(`/api/MenuItem/GetMenuItemById?menuItemId=${id}`, { headers: this.headers }));
  }

  async footerItems(): Promise<{ id: number; label: string; to: string }[]> {
    return ok(await this.request.get('/api/FooterItem/GetAllFooterItems', { headers: this.headers }));
  }

  /** A published page made for a test (deleted after it). */
  async createPage(fields: { name: string; url: string; title?: string; description?: string }): Promise<number> {
    return this.track('page', (await ok<{ id: number }>(await this.request.post('/api/Page/CreatePage', { headers: this.headers, data: fields }))).id);
  }

  /** A top-level menu item with a custom link, made for a test (deleted after it). */
  async createMenuItem(fields: { name: string; customLink?: string; parentMenuItemId?: number | null; isActive?: boolean }): Promise<number> {
    const data = { pageId: null, customLink: fields.customLink ?? '/deals', openInNewTab: false, isActive: fields.isActive ?? false, parentMenuItemId: fields.parentMenuItemId ?? null, name: fields.name };
    return this.track('menuItem', (await ok<{ id: number }>(await this.request.post('/api/MenuItem/CreateMenuItem', { headers: this.headers, data }))).id);
  }

  /** Puts `childIds` under `parentId`. */
  async assignMenuChildren(parentId: number, childIds: number[]): Promise<void> {
    await ok(await this.request.put('/api/MenuItem/AssignParentMenuItem', { headers: this.headers, data: { parentId, childMenuItemIds: childIds } }));
  }

  async siteSettings(): Promise<SiteAsset> {
    return ok(await this.request.get('/api/Asset/GetAsset', { headers: this.headers }));
  }

  /** Remembers the site settings now, to be put back after the test. */
  async keepSiteSettings(): Promise<SiteAsset> {
    this.savedSettings ??= await this.siteSettings();
    return this.savedSettings;
  }

  /** The public site's settings and navigation, as a visitor gets them. */
  async siteInfo(): Promise<PublicSiteInfo> {
    return ok(await this.request.get('/api/Home/GetCMSInfo'));
  }

  /** Deletes what the test made and puts the site settings back; a record already gone is fine. */
  async cleanUp(): Promise<void> {
    await Promise.all(this.pending);
    const problems: string[] = [];
    for (const kind of CLEANUP_ORDER) {
      for (const { id } of this.created.filter((record) => record.kind === kind).reverse()) {
        const res = await this.request.delete(DELETE[kind](id), { headers: this.headers });
        if (!res.ok() && res.status() !== 404) problems.push(`${kind} ${id}: ${res.status()} ${await res.text()}`);
      }
    }
    this.created.length = 0;
    if (this.savedSettings) {
      // The text fields as they were (JSON: the images stay as stored).
      const { companyLogoPath: _logo, companyIconPath: _icon, ...fields } = this.savedSettings;
      const res = await this.request.put('/api/Asset/UpdateAsset', { headers: this.headers, data: fields });
      if (!res.ok()) problems.push(`site settings: ${res.status()} ${await res.text()}`);
      else {
        const now = await this.siteSettings();
        const differ = Object.keys(this.savedSettings).filter((field) => now[field] !== this.savedSettings?.[field]);
        if (differ.length) problems.push(`site settings not restored: ${differ.join(', ')}`);
      }
      this.savedSettings = null;
    }
    if (problems.length) throw new Error(`cleaning up failed:\n${problems.join('\n')}`);
  }
}

/** The catalog specs' `test` (one sign-in per worker, `signIn`, `catalog`) with the CMS API. */
export const test = catalogTest.extend<{ cms: CmsApi }>({
  // (`provide` is Playwright's `use`; named otherwise so the React hooks lint rule leaves it alone.)
  cms: async ({ request, sessions, page }, provide) => {
    const cms = new CmsApi(request, (await sessions.admin()).token);
    cms.watch(page);
    await provide(cms);
    await cms.cleanUp();
  },
});

// ---- Screens -------------------------------------------------------------------------------

const M = '/cms/management';

export const CMS_PATHS = {
  pages: `${M}/pages`,
  newPage: `${M}/page`,
  editPage: (id: number) => `${M}/page/edit/${id}`,
  blogs: `${M}/blogs`,
  newBlog: `${M}/blog`,
  editBlog: (id: number) => `${M}/blog/edit/${id}`,
  menuItems: `${M}/menu-items`,
  newMenuItem: `${M}/menu-item`,
  editMenuItem: (id: number) => `${M}/menu-item/edit/${id}`,
  footerItems: `${M}/footer-items`,
  siteSettings: `${M}/assets-and-resources`,
} as const;

export const EDIT_PAGE_URL = /\/cms\/management\/page\/edit\/(\d+)$/;
export const EDIT_BLOG_URL = /\/cms\/management\/blog\/edit\/(\d+)$/;
export const EDIT_BANNER_URL = /\/cms\/management\/banner\/edit\/(\d+)$/;
export const EDIT_MENU_ITEM_URL = /\/cms\/management\/menu-item\/edit\/(\d+)$/;

/** The number a route pattern captured from the page's address. */
export const idFrom = (page: Page, pattern: RegExp) => Number(pattern.exec(page.url())?.[1]);

/** The screen's title (the admin frame's h2). */
export const screenTitle = (page: Page, title: string) => page.getByRole('heading', { level: 2, name: title, exact: true });

/** An antd card by its title. */
export const card = (scope: Page | Locator, title: string) => scope.locator('.ant-card').filter({ has: scope.locator('.ant-card-head-title', { hasText: new RegExp(`^${title}$`) }) });

/** The message antd shows under a form field. */
export const fieldError = (scope: Page | Locator, text: string) => scope.locator('.ant-form-item-explain-error').filter({ hasText: text });

/** An antd select by its label (a required one's accessible name starts with the mark: "* Type"). */
export const combobox = (scope: Page | Locator, label: string) => scope.getByRole('combobox', { name: new RegExp(`^(\\* )?${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) });

/** The open antd select dropdown (not one fading out). */
const openDropdown = (page: Page) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');

/** Picks an option of an antd select (a combobox by its label) by its exact text, with the mouse. */
export async function pick(page: Page, select: Locator, option: string): Promise<void> {
  // The select's box, not its input: the chosen value's text lies over the input.
  await select.locator('xpath=ancestor::div[contains(concat(" ", @class, " "), " ant-select-selector ")][1]').click();
  await openDropdown(page).locator('.ant-select-item-option').filter({ hasText: new RegExp(`^${option.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }).first().click();
  await expect(openDropdown(page)).toHaveCount(0);
}

/** The value an antd select shows. */
export const selectedValue = (select: Locator) => select.locator('xpath=ancestor::div[contains(@class,"ant-select")][1]').locator('.ant-select-selection-item');

/**
 * Types into a wangEditor (its editable area, named by the field's label) as a person would:
 * click, type, and a bold word with Ctrl+B.
 */
export async function typeRichText(page: Page, scope: Page | Locator, label: string, text: string, bold?: string): Promise<void> {
  const editor = scope.getByRole('textbox', { name: label, exact: true });
  await expect(editor).toBeVisible();
  await editor.click();
  await page.keyboard.type(text);
  if (bold) {
    await page.keyboard.type(' ');
    await page.keyboard.press('ControlOrMeta+b');
    await page.keyboard.type(bold);
    await page.keyboard.press('ControlOrMeta+b');
  }
}

export { expectNoSeriousAdminA11yViolations as expectAccessible } from './catalog';

/** The editors' Publish button (its icon is part of its name), not the bar's Unpublish. */
export const publishButton = (scope: Page | Locator) => scope.getByRole('button', { name: /^(loading )?(cloud-upload )?Publish$/ });
