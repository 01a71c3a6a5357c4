import { deflateSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type APIResponse, type Locator, type Page } from '@playwright/test';
import { ADMIN, STAFF } from './session';
import { PORTS } from './servers';
import { expect, test as publicTest } from './public';

// Helpers of the catalog admin specs (tests/catalog-*.spec.ts): real PNG files for the uploads,
// unique names, the catalog API with the admin's token (records made for a test and deleted
// after it), one sign-in per worker for each role, and the gestures antd controls need.

export { expect } from './public';

// ---- Files and names -----------------------------------------------------------------------

export interface UploadFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

let made = 0;

/**
 * A real PNG (the API sniffs the bytes): 32×32, one colour that differs on every call, so two
 * uploads are two different files (the image store names files by their content).
 */
export function pngFile(name = 'image.png', size = 32): UploadFile {
  made += 1;
  const seed = (Date.now() + made * 7919) % 0xffffff;
  const rgb = [seed & 0xff, (seed >> 8) & 0xff, (seed >> 16) & 0xff];
  const row = Buffer.alloc(1 + size * 3);
  for (let x = 0; x < size; x += 1) row.set(rgb, 1 + x * 3);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter method, no interlace
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const buffer = Buffer.concat([signature, pngChunk('IHDR', header), pngChunk('IDAT', deflateSync(pixels)), pngChunk('IEND', Buffer.alloc(0))]);
  return { name, mimeType: 'image/png', buffer };
}

let named = 0;

/** A name no other test (or earlier run on the same data) uses; the suffix alone is searchable. */
export function uniqueName(prefix: string): { name: string; suffix: string } {
  named += 1;
  const suffix = `${Date.now().toString(36)}${named.toString(36)}`;
  return { name: `${prefix} ${suffix}`, suffix };
}

// ---- Sessions ------------------------------------------------------------------------------

export interface SignedIn {
  token: string;
  refreshToken: string;
  isAdmin: boolean;
  id: number;
  [field: string]: unknown;
}

const BASE_URL = `http://127.0.0.1:${PORTS.main}`;

async function authenticate(request: APIRequestContext, user: { username: string; password: string }): Promise<SignedIn | null> {
  const res = await request.post('/api/Users/Authenticate', { data: { email: user.username, password: user.password } });
  if (res.status() === 429) throw new Error('sign-in throttled (20 a minute per IP): sign in once per worker');
  return res.ok() ? ((await res.json()) as SignedIn) : null;
}

/** The staff member of support/session.ts, registered by the admin when missing. */
async function staffSignIn(request: APIRequestContext, admin: SignedIn): Promise<SignedIn> {
  const existing = await authenticate(request, STAFF);
  if (existing) return existing;
  const registered = await request.post('/api/Users/Register', {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { username: STAFF.username, fullName: 'E2E Staff', email: 'e2e-staff@example.com', password: STAFF.password, confirmPassword: STAFF.password, isActive: true, isAdmin: false },
  });
  if (!registered.ok()) throw new Error(`registering the e2e staff member failed: ${registered.status()} ${await registered.text()}`);
  const staff = await authenticate(request, STAFF);
  if (!staff) throw new Error('the e2e staff member could not sign in');
  return staff;
}

/**
 * Puts a signed-in session in localStorage under `auth`, as the login page would (the shape of
 * support/session.ts `seedSession`), before any page script runs; once per tab.
 */
async function seedSignedIn(page: Page, signedIn: SignedIn): Promise<void> {
  const { token, refreshToken, ...user } = signedIn;
  const session = { user, authToken: token, refreshToken, isAdmin: user.isAdmin };
  await page.addInitScript((value) => {
    if (window.sessionStorage.getItem('e2e-seeded')) return;
    window.sessionStorage.setItem('e2e-seeded', 'yes');
    window.localStorage.setItem('auth', value);
  }, JSON.stringify(session));
}

// ---- The catalog API -----------------------------------------------------------------------

export interface StoreRow {
  id: number;
  name: string;
  imageFilePath: string | null;
  isActive: boolean;
  sortOrder: number;
}

export interface ProductImage {
  id: number;
  filePath: string;
  isPreviewImage: boolean;
}

export interface Product {
  id: number;
  name: string;
  categoryId: number;
  productTypeIds: number[];
  isActive: boolean;
  addedBy: string | null;
  productImages: ProductImage[];
  imageUrl: string | null;
}

export interface SectionDetail {
  id: number;
  name: string;
  imageFilePath: string | null;
  isActive: boolean;
  products: { id: number; name: string }[];
}

type Kind = 'deal' | 'section' | 'store' | 'productType';

/** Delete calls by kind, in the order the cleanup runs them (deals hold stores and types). */
const DELETE: Record<Kind, (id: number) => string> = {
  deal: (id) => `/api/Product/DeleteProduct?productId=${id}`,
  section: (id) => `/api/FeaturedSection/DeleteFeaturedSection?id=${id}`,
  store: (id) => `/api/Category/DeleteCategory?categoryId=${id}`,
  productType: (id) => `/api/ProductType/DeleteProductType?productTypeId=${id}`,
};
const CLEANUP_ORDER: Kind[] = ['deal', 'section', 'store', 'productType'];

async function ok<T>(response: APIResponse): Promise<T> {
  if (!response.ok()) throw new Error(`${response.url()} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

function multipart(fields: Record<string, string | number | boolean | readonly number[]>, files: Record<string, UploadFile> = {}): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (Array.isArray(value)) for (const item of value) form.append(name, String(item));
    else form.append(name, String(value));
  }
  for (const [name, file] of Object.entries(files)) form.append(name, new Blob([new Uint8Array(file.buffer)], { type: file.mimeType }), file.name);
  return form;
}

/** The catalog API as the admin; every record it creates is deleted after the test. */
export class CatalogApi {
  private readonly created: { kind: Kind; id: number }[] = [];

  constructor(
    private readonly request: APIRequestContext,
    private readonly token: string,
  ) {}

  private get headers() {
    return { authorization: `Bearer ${this.token}` };
  }

  /** Deletes the record after the test too (a record the UI created). */
  track(kind: Kind, id: number): number {
    this.created.push({ kind, id });
    return id;
  }

  async createStore(name: string): Promise<number> {
    const res = await this.request.post('/api/Category/CreateCategory', { headers: this.headers, multipart: multipart({ name, isActive: true }, { logo: pngFile('logo.png') }) });
    return this.track('store', (await ok<{ id: number }>(res)).id);
  }

  async createProductType(name: string, { notifyImmediately = false } = {}): Promise<number> {
    const res = await this.request.post('/api/ProductType/CreateProductType', { headers: this.headers, multipart: multipart({ name, isActive: true, notifyImmediately }, { logo: pngFile('type.png') }) });
    return this.track('productType', (await ok<{ id: number }>(res)).id);
  }

  /** A live deal (active, no start date): $19.99, was $39.99; `isActive: false` makes it switched off, `dealStartsIn` starts it later. */
  async createDeal(deal: { name: string; storeId: number; productTypeIds: number[]; isActive?: boolean; dealStartsIn?: Date; promoCode?: string; link?: string }): Promise<number> {
    const fields = {
      name: deal.name,
      categoryId: deal.storeId,
      productTypeIds: deal.productTypeIds,
      currentPrice: 19.99,
      previousPrice: 39.99,
      link: deal.link ?? 'https://example.com/e2e-deal',
      ...(deal.promoCode ? { promoCode: deal.promoCode } : {}),
      isActive: deal.isActive ?? true,
      isFeatured: false,
      ...(deal.dealStartsIn ? { dealStartsIn: deal.dealStartsIn.toISOString() } : {}),
    };
    const res = await this.request.post('/api/Product/CreateProduct', { headers: this.headers, multipart: multipart(fields, { image: pngFile('deal.png') }) });
    return this.track('deal', (await ok<{ id: number }>(res)).id);
  }

  /** A store, a product category and a live deal of both, all with unique names. */
  async createDealWithOwnCatalog(prefix: string): Promise<{ dealId: number; deal: string; suffix: string; storeId: number; store: string; productTypeId: number; productType: string }> {
    const { name: deal, suffix } = uniqueName(`${prefix} Deal`);
    const store = `E2E Store ${suffix}`;
    const productType = `E2E Category ${suffix}`;
    const storeId = await this.createStore(store);
    const productTypeId = await this.createProductType(productType);
    const dealId = await this.createDeal({ name: deal, storeId, productTypeIds: [productTypeId] });
    return { dealId, deal, suffix, storeId, store, productTypeId, productType };
  }

  async deal(id: number): Promise<Product> {
    return ok<Product>(await this.request.get(`/api/Product/GetProductById?productId=${id}`, { headers: this.headers }));
  }

  /** Every deal, as the admin deals list loads them. */
  async deals(): Promise<{ id: number; name: string; dateTimeAdded: string; currentPrice: number }[]> {
    return ok(await this.request.get('/api/Product/GetAllProducts?isActive=', { headers: this.headers }));
  }

  async dealStatus(id: number): Promise<number> {
    return (await this.request.get(`/api/Product/GetProductById?productId=${id}`, { headers: this.headers })).status();
  }

  /** Every store, active or not, in the API's order. */
  async stores(): Promise<StoreRow[]> {
    return ok<StoreRow[]>(await this.request.get('/api/Category/GetAllCategories?isActive=', { headers: this.headers }));
  }

  async storeStatus(id: number): Promise<number> {
    return (await this.request.get(`/api/Category/GetCategoryById?categoryId=${id}`, { headers: this.headers })).status();
  }

  async section(id: number): Promise<SectionDetail> {
    return ok<SectionDetail>(await this.request.get(`/api/FeaturedSection/GetFeaturedSection?id=${id}`, { headers: this.headers }));
  }

  /** Deletes what the test made, deals first; a record the test already deleted is fine. */
  async cleanUp(): Promise<void> {
    const problems: string[] = [];
    for (const kind of CLEANUP_ORDER) {
      for (const { id } of this.created.filter((record) => record.kind === kind).reverse()) {
        const res = await this.request.delete(DELETE[kind](id), { headers: this.headers });
        if (!res.ok() && res.status() !== 404) problems.push(`${kind} ${id}: ${res.status()} ${await res.text()}`);
      }
    }
    this.created.length = 0;
    if (problems.length) throw new Error(`cleaning up failed:\n${problems.join('\n')}`);
  }
}

// ---- The test ------------------------------------------------------------------------------

interface CatalogFixtures {
  /** The catalog API as the admin; what it (or `track`) records is deleted after the test. */
  catalog: CatalogApi;
  /** Makes the page's admin frame open signed in as this role (call before the first navigation). */
  signIn: (who: 'admin' | 'staff') => Promise<SignedIn>;
}

interface CatalogWorkerFixtures {
  /** Each role signed in at most once per worker, on first use. */
  sessions: Record<'admin' | 'staff', () => Promise<SignedIn>>;
}

/** Memoizes an async call: the first call runs it, later ones share its answer. */
function once<T>(run: () => Promise<T>): () => Promise<T> {
  let answer: Promise<T> | undefined;
  return () => (answer ??= run());
}

/**
 * The visitor site's `test` (email popup kept away) with the catalog fixtures. Sign-in is limited
 * to 20 a minute per IP, so each role signs in once per worker and every test reuses that session
 * (access tokens live 15 minutes, far longer than the suite; nothing here refreshes or logs out).
 */
export const test = publicTest.extend<CatalogFixtures, CatalogWorkerFixtures>({
  sessions: [
    // (`provide` is Playwright's `use`; named otherwise so the React hooks lint rule leaves it alone.)
    async ({ playwright }, provide) => {
      const request = await playwright.request.newContext({ baseURL: BASE_URL });
      const admin = once(async () => {
        const signedIn = await authenticate(request, ADMIN);
        if (!signedIn) throw new Error('the e2e admin could not sign in');
        return signedIn;
      });
      const staff = once(async () => staffSignIn(request, await admin()));
      await provide({ admin, staff });
      await request.dispose();
    },
    { scope: 'worker' },
  ],
  catalog: async ({ request, sessions }, provide) => {
    const catalog = new CatalogApi(request, (await sessions.admin()).token);
    await provide(catalog);
    await catalog.cleanUp();
  },
  signIn: async ({ page, sessions }, provide) => {
    await provide(async (who) => {
      const signedIn = await sessions[who]();
      await seedSignedIn(page, signedIn);
      return signedIn;
    });
  },
});

// ---- Screens and gestures ------------------------------------------------------------------

export const ADMIN_PATHS = {
  deals: '/admin/management/product-deals',
  newDeal: '/admin/management/product-deal/create',
  editDeal: (id: number) => `/admin/management/product-deal/edit/${id}`,
  stores: '/admin/management/stores',
  productCategories: '/admin/management/product-categories',
  newSection: '/admin/management/featured-section',
} as const;

/**
 * A button by its exact text. antd buttons that showed their loading spinner (a submit, a table
 * filter) can keep its fading icon, named "loading", in the DOM after the leave motion stalls
 * (seen when loading lasts only a few milliseconds), so their name may read "loading Filter".
 */
export const button = (scope: Page | Locator, text: string) =>
  scope.getByRole('button', { name: new RegExp(`^(loading )?${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) });

/** The toast (FeedbackHost): role alert for errors and warnings, status for successes. */
export const toast = (page: Page) => page.locator('.deals-toast');

/** The data rows of the page's (first) antd table. */
export const tableRows = (scope: Page | Locator) => scope.locator('.ant-table-tbody tr.ant-table-row');
/** The table row showing this text. */
export const rowWith = (scope: Page | Locator, text: string) => tableRows(scope).filter({ hasText: text });

/** The antd modal with this title (its accessible name). */
export const dialog = (page: Page, title: string) => page.getByRole('dialog', { name: title, exact: true });

/** Picks an option of an antd select by typing part of its label and clicking the match. */
export async function chooseOption(page: Page, select: Locator, label: string): Promise<void> {
  await select.click();
  await select.fill(label);
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: label }).first().click();
}

/** The element's box once it stops moving (antd modals zoom in). */
export async function settledBox(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  let last = await locator.boundingBox();
  for (let round = 0; round < 40; round += 1) {
    await locator.page().waitForTimeout(50);
    const box = await locator.boundingBox();
    if (box && last && box.x === last.x && box.y === last.y && box.width === last.width && box.height === last.height) return box;
    last = box;
  }
  throw new Error('the element kept moving');
}

/**
 * Drags one element onto another with the real mouse, as dnd-kit's PointerSensor needs: press on
 * its centre, pass the 4 px activation distance, then travel in small steps to the target's centre.
 */
export async function dragOnto(page: Page, source: Locator, target: Locator): Promise<void> {
  const from = await settledBox(source);
  const to = await settledBox(target);
  const start = { x: from.x + from.width / 2, y: from.y + from.height / 2 };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x, start.y - 10, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 15 });
  // One more small move lets dnd-kit settle its collision on the target before the drop.
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2 - 2, { steps: 2 });
  await page.mouse.up();
}

// ---- Accessibility ---------------------------------------------------------------------------

/**
 * axe-core (WCAG 2 A and AA) finds nothing serious or critical on the admin page once its CSS
 * transitions and animations have finished (a button that just became enabled fades from grey to
 * the brand colour; axe must not judge it half-way). The value shown in a *disabled* antd select (the content-section alignment a
 * type locks) is not held to the contrast ratio. WCAG 1.4.3 exempts inactive controls, and axe
 * only misses that here because antd marks the select's input disabled, not the text beside it.
 */
export async function expectNoSeriousAdminA11yViolations(page: Page, where: string): Promise<void> {
  await page.evaluate(async () => {
    // Finite ones only (a spinner turns for ever), and never longer than 2 s.
    const finite = document.getAnimations().filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)));
    const settled = Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
    await Promise.race([settled, new Promise((done) => setTimeout(done, 2000))]);
  });
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = [];
  for (const violation of results.violations) {
    if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
    let nodes = violation.nodes;
    if (violation.id === 'color-contrast') {
      const inactive = await page.evaluate(
        (selectors) => selectors.map((selector) => Boolean(document.querySelector(selector)?.closest('.ant-select-disabled'))),
        nodes.map((node) => String(node.target[0])),
      );
      nodes = nodes.filter((_, index) => !inactive[index]);
    }
    if (nodes.length) serious.push({ ...violation, nodes });
  }
  const report = serious
    .map((violation) => {
      const targets = violation.nodes.slice(0, 8).map((node) => `    ${node.target.join(' ')}${node.failureSummary ? ` — ${node.failureSummary.replace(/\s+/g, ' ').slice(0, 280)}` : ''}`);
      const more = violation.nodes.length > 8 ? [`    …and ${violation.nodes.length - 8} more`] : [];
      return [`  ${violation.id} (${violation.impact}): ${violation.help}`, ...targets, ...more].join('\n');
    })
    .join('\n');
  expect(serious.length, `axe-core found serious or critical violations on ${where}:\n${report}`).toBe(0);
}
