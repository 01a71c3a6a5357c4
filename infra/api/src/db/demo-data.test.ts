import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { asc, count, eq, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { buttonErrors, HOW_WE_VERIFY_PATH } from '@deals/contract';
import { sanitizeCustomHtml, sanitizeRichText } from '../lib/sanitize.js';
import { webpRendition } from '../plugins/app/images.js';
import { createTestDatabase, type TestDatabase } from '../test-support/database.js';
import { storedBytes } from '../test-support/uploads.js';
import { DEMO_STORE_COUNT, seedDemoData } from './demo-data.js';
import { buildDemoDeals, isLive } from './demo/deals.js';
import { createDemoImages, type DemoImageStore } from './demo/images.js';
import {
  bannerItems,
  categories,
  contentSections,
  featuredSectionProducts,
  featuredSections,
  footerItems,
  menuItems,
  pageComponents,
  pages,
  productImages,
  productProductTypes,
  products,
  productTypes,
  siteAssets,
  users,
} from './schema.js';

async function counts(app: FastifyInstance) {
  const [[stores], [settings], [deals], [allPages], [images]] = await Promise.all([
    app.db.select({ n: count() }).from(categories),
    app.db.select({ n: count() }).from(siteAssets),
    app.db.select({ n: count() }).from(products),
    app.db.select({ n: count() }).from(pages),
    app.db.select({ n: count() }).from(productImages),
  ]);
  return { stores: stores?.n, settings: settings?.n, deals: deals?.n, pages: allPages?.n, images: images?.n };
}

/** Asserts a stored image and its WebP rendition are in the uploads store. */
async function assertStored(app: FastifyInstance, name: string | null | undefined, what: string) {
  assert.ok(name, `${what} has an image`);
  for (const file of [name, webpRendition(name)]) {
    assert.ok((await storedBytes(app, file)).length > 0, `${what}: ${file} exists`);
  }
}

describe('demo data', () => {
  const databases: TestDatabase[] = [];
  const apps: FastifyInstance[] = [];
  async function start(database: TestDatabase, demoData: boolean) {
    const app = await buildApp({ database: database.options, demoData, logger: false, env: { ADMIN_PASSWORD: 'demo-admin-password' } });
    apps.push(app);
    await app.ready();
    return app;
  }
  after(async () => {
    for (const app of apps) await app.close();
    for (const database of databases) await database.drop();
  });

  it('seeds an empty database once, however often it starts', async () => {
    const database = await createTestDatabase({ persistent: true });
    databases.push(database);

    const first = await start(database, true);
    const seeded = await counts(first);
    assert.deepEqual({ stores: seeded.stores, settings: seeded.settings, deals: seeded.deals, pages: seeded.pages }, { stores: DEMO_STORE_COUNT, settings: 1, deals: 300, pages: 6 });
    assert.ok(DEMO_STORE_COUNT >= 10);
    assert.deepEqual(await seedDemoData(first.db, first.images), { seeded: false });
    assert.deepEqual(await counts(first), seeded);
    const info = (await first.inject({ method: 'GET', url: '/api/Home/GetCMSInfo' })).json();
    assert.equal(info.companyName, 'DealDrop');
    assert.equal(info.stores.length, DEMO_STORE_COUNT);
    await first.close();

    const second = await start(database, true);
    assert.deepEqual(await counts(second), seeded);
  });

  let seededApp: Promise<FastifyInstance> | undefined;
  /** One seeded database shared by the tests that only read it. */
  function seededSite(): Promise<FastifyInstance> {
    seededApp ??= createTestDatabase().then((database) => {
      databases.push(database);
      return start(database, true);
    });
    return seededApp;
  }

  it('seeds a believable catalogue: stores, categories and 300 deals with images, searchable', async () => {
    const app = await seededSite();

    const [settings] = await app.db.select().from(siteAssets);
    await assertStored(app, settings?.companyLogoPath, 'company logo');
    await assertStored(app, settings?.companyIconPath, 'company icon');

    const stores = await app.db.select().from(categories).orderBy(asc(categories.sortOrder));
    assert.equal(stores.length, 12);
    assert.deepEqual(
      stores.map((s) => s.sortOrder),
      stores.map((_, i) => i + 1),
    );
    for (const store of stores) await assertStored(app, store.imageFilePath, store.name);
    assert.equal(new Set(stores.map((s) => s.imageFilePath)).size, 12, 'each store has its own logo');

    const types = await app.db.select().from(productTypes).orderBy(asc(productTypes.sortOrder));
    assert.deepEqual(
      types.map((t) => t.name),
      ['Electronics', 'Home & Kitchen', 'Fashion', 'Beauty', 'Sports & Outdoors', 'Toys & Games', 'Groceries', 'Health', 'Automotive', 'Books'],
    );
    for (const type of types) await assertStored(app, type.imageFilePath, type.name);

    const [admin] = await app.db.select({ id: users.id }).from(users).where(eq(users.isAdmin, true));
    assert.ok(admin, 'the first admin exists before the deals are attributed');

    const deals = await app.db.select().from(products);
    assert.equal(deals.length, 300);
    const images = await app.db.select().from(productImages);
    const links = await app.db.select().from(productProductTypes);
    const storeNames = new Map(stores.map((s) => [s.id, s.name]));
    const now = Date.now();
    let discounted = 0;
    let withCode = 0;
    const timing = { live: 0, expired: 0, notStarted: 0, inactive: 0, expiringToday: 0 };
    for (const deal of deals) {
      const own = images.filter((i) => i.productId === deal.id);
      assert.ok(own.length >= 1 && own.length <= 3, `${deal.name}: 1–3 images`);
      assert.equal(own.filter((i) => i.isPreviewImage).length, 1, `${deal.name}: one preview`);
      assert.ok(links.some((l) => l.productId === deal.id), `${deal.name}: a product type`);
      assert.ok(deal.searchText.includes(deal.name) && deal.searchText.includes(storeNames.get(deal.categoryId) ?? '?'), `${deal.name}: search text`);
      assert.match(deal.link, /^https:\/\/www\.[a-z]+\.example\/[a-z]+\/[a-z0-9-]+$/);
      assert.equal(deal.addedById, admin.id);
      assert.ok(deal.currentPrice <= deal.previousPrice && deal.currentPrice > 0, `${deal.name}: prices`);
      if (deal.currentPrice < deal.previousPrice) discounted++;
      if (deal.promoCode) withCode++;
      if (deal.badgeText) assert.match(deal.badgeColor, /^#[0-9a-f]{6}$/);
      const started = !deal.dealStartsIn || deal.dealStartsIn.getTime() <= now;
      const expired = deal.dealExpiresIn !== null && deal.dealExpiresIn.getTime() <= now;
      if (!deal.isActive) timing.inactive++;
      else if (!started) timing.notStarted++;
      else if (expired) timing.expired++;
      else {
        timing.live++;
        if (deal.dealExpiresIn && deal.dealExpiresIn.getTime() - now < 12 * 3_600_000) timing.expiringToday++;
      }
    }
    for (const image of new Set(images.map((i) => i.filePath))) await assertStored(app, image, 'deal image');
    assert.ok(discounted > 270, `most deals are discounted (${discounted})`);
    assert.ok(withCode > 110 && withCode < 190, `about half have a promo code (${withCode})`);
    assert.ok(timing.live > 230, `most deals are live (${JSON.stringify(timing)})`);
    for (const [kind, n] of Object.entries(timing)) assert.ok(n >= 2, `some ${kind} deals (${n})`);
    assert.ok(deals.filter((d) => d.badgeText).length > 40, 'badges on some deals');
    assert.ok(deals.some((d) => d.likes > 100));
  });

  it('seeds featured sections, pages and blogs from safe content sections, the menu and the footer', async () => {
    const app = await seededSite();

    const sections = await app.db.select().from(featuredSections).orderBy(asc(featuredSections.sortOrder));
    assert.deepEqual(
      sections.map((s) => s.name),
      ['Today’s Top Deals', 'Tech Steals', 'Home Refresh', 'Under $25'],
    );
    const now = Date.now();
    for (const section of sections) {
      await assertStored(app, section.imageFilePath, section.name);
      const entries = await app.db
        .select({ sortOrder: featuredSectionProducts.sortOrder, deal: products })
        .from(featuredSectionProducts)
        .innerJoin(products, eq(products.id, featuredSectionProducts.productId))
        .where(eq(featuredSectionProducts.featuredSectionId, section.id))
        .orderBy(asc(featuredSectionProducts.sortOrder));
      assert.ok(entries.length >= 8 && entries.length <= 16, `${section.name}: ${entries.length} deals`);
      assert.deepEqual(
        entries.map((e) => e.sortOrder),
        entries.map((_, i) => i + 1),
      );
      for (const { deal } of entries) {
        assert.ok(deal.isActive && deal.isFeatured, `${section.name}: ${deal.name} is active and featured`);
        assert.ok(!deal.dealExpiresIn || deal.dealExpiresIn.getTime() > now, `${section.name}: ${deal.name} has not expired`);
      }
      if (section.name === 'Under $25') for (const { deal } of entries) assert.ok(deal.currentPrice < 25);
    }

    const allPages = await app.db.select().from(pages).orderBy(asc(pages.id));
    assert.deepEqual(
      allPages.filter((p) => !p.isBlog).map((p) => p.url),
      ['/about-us', '/how-it-works', HOW_WE_VERIFY_PATH],
    );
    const blogs = allPages.filter((p) => p.isBlog);
    assert.equal(blogs.length, 3);
    for (const blog of blogs) assert.match(blog.url, /^\/blog\/[a-z0-9-]+$/);

    const types = new Set<string>();
    let bannerComponents = 0;
    for (const page of allPages) {
      await assertStored(app, page.bannerImageFilePath, page.name);
      const components = await app.db.select().from(pageComponents).where(eq(pageComponents.pageId, page.id)).orderBy(asc(pageComponents.sortOrder));
      assert.ok(components.length >= 2, `${page.name}: components`);
      assert.deepEqual(
        components.map((c) => c.sortOrder),
        components.map((_, i) => i + 1),
      );
      for (const component of components) {
        if (component.type === 'BANNER') {
          bannerComponents++;
          const items = await app.db.select().from(bannerItems).where(eq(bannerItems.bannerId, component.bannerId ?? 0)).orderBy(asc(bannerItems.sortOrder));
          assert.equal(items.length, 3);
          for (const item of items) {
            await assertStored(app, item.imagePath, `banner item ${item.name}`);
            assert.equal(item.description, sanitizeRichText(item.description ?? ''));
            assert.deepEqual(buttonErrors(item), {});
          }
          continue;
        }
        const [section] = await app.db.select().from(contentSections).where(eq(contentSections.id, component.contentSectionId ?? 0));
        assert.ok(section);
        types.add(section.type);
        assert.equal(page.isBlog ? section.blogId : section.pageId, page.id, `${section.name} belongs to ${page.name}`);
        if (section.description) assert.equal(section.description, sanitizeRichText(section.description), `${section.name}: safe rich text`);
        if (section.rawHtml) assert.equal(section.rawHtml, sanitizeCustomHtml(section.rawHtml), `${section.name}: safe custom HTML`);
        if (section.imagePath) await assertStored(app, section.imagePath, section.name);
        else assert.ok(['CONTENT_SECTION_TEXTONLY', 'CONTENT_SECTION_CUSTOM'].includes(section.type), `${section.name} needs an image`);
        assert.deepEqual(buttonErrors(section), {}, `${section.name}: buttons`);
      }
    }
    assert.equal(bannerComponents, 1);
    assert.ok(types.size >= 7, `content section types used: ${[...types].join(', ')}`);

    const menu = await app.db.select().from(menuItems);
    const guides = menu.find((m) => m.name === 'Guides');
    assert.ok(guides);
    const children = menu.filter((m) => m.parentMenuItemId === guides.id);
    assert.equal(children.length, 2);
    assert.ok(children.every((c) => c.pageId !== null));
    assert.equal(menu.find((m) => m.name === 'About')?.pageId, allPages.find((p) => p.url === '/about-us')?.id);
    assert.ok(menu.some((m) => m.customLink?.startsWith('https://') && m.openInNewTab));

    const footer = await app.db.select().from(footerItems).orderBy(asc(footerItems.sortOrder));
    assert.deepEqual(footer[0], { ...footer[0], label: 'About Us', to: '/about-us' });
    assert.ok(footer.some((f) => f.to.startsWith('mailto:')));
    assert.equal(footer.length, 6);
    // The page the deals' Verified label links to, reachable from every page's footer.
    assert.ok(footer.some((f) => f.label === 'How we verify codes' && f.to === HOW_WE_VERIFY_PATH));
    const verify = allPages.find((p) => p.url === HOW_WE_VERIFY_PATH);
    assert.ok(verify?.isActive && !verify.isBlog, 'the How we verify codes page is a live page');
    const listed = (await app.inject({ method: 'GET', url: '/api/Home/GetCMSInfo' })).json() as { pages: { id: number; url: string }[] };
    assert.ok(listed.pages.some((p) => p.id === verify.id && p.url === HOW_WE_VERIFY_PATH), 'site info lists it, so the public site routes its url');
    const text = (await app.inject({ method: 'GET', url: `/api/Home/GetDynamicPage?dynamicPageId=${verify.id}` })).body;
    for (const words of ['Did this code work?', 'one answer per visitor, per deal, per day', 'no personal data', 'last 30 days', 'Needs attention', 'Verified', 'switch the deal off'])
      assert.ok(text.includes(words), `the page explains: ${words}`);
  });

  it('seeds nothing when DEMO_DATA is off, and never touches a database that has stores', async () => {
    const database = await createTestDatabase();
    databases.push(database);
    const app = await start(database, false);
    const before = await counts(app);
    assert.deepEqual(before, { stores: 0, settings: 0, deals: 0, pages: 0, images: 0 });

    await app.db.insert(categories).values({ name: 'Our Own Store' });
    assert.deepEqual(await seedDemoData(app.db, app.images), { seeded: false });
    assert.deepEqual(await counts(app), { ...before, stores: 1 });
  });

  it('seeds once when two starters race, and keeps every file the winner refers to', async () => {
    const database = await createTestDatabase();
    databases.push(database);
    const app = await start(database, false);
    const results = await Promise.all([seedDemoData(app.db, app.images), seedDemoData(app.db, app.images)]);
    assert.deepEqual(results.map((r) => r.seeded).sort(), [false, true]);
    const seeded = await counts(app);
    assert.equal(seeded.stores, DEMO_STORE_COUNT);
    assert.equal(seeded.deals, 300);
    const referenced = await app.db.select({ path: productImages.filePath }).from(productImages);
    const stores = await app.db.select({ path: categories.imageFilePath }).from(categories).where(isNotNull(categories.imageFilePath));
    for (const { path } of [...referenced, ...stores]) await assertStored(app, path, 'referenced image');
  });
});

describe('demo data building blocks', () => {
  it('builds deterministic deals relative to now', () => {
    const now = new Date('2025-06-01T12:00:00Z');
    const a = buildDemoDeals(now);
    assert.deepEqual(buildDemoDeals(now), a);
    assert.equal(a.length, 300);
    assert.ok(a.filter(isLive).length > 230);
    assert.equal(new Set(a.map((d) => `${d.name}@${d.storeIndex}`)).size, 300, 'a product is listed once per store');
  });

  it('releases the stored images when drawing one fails', async () => {
    const saved: string[] = [];
    let released: string[] = [];
    const store: DemoImageStore = {
      async save() {
        if (saved.length === 4) throw new Error('disk full');
        const name = `${String(saved.length).padStart(32, '0')}.png`;
        saved.push(name);
        return name;
      },
      async release(names) {
        released = [...names].filter((n): n is string => typeof n === 'string');
      },
    };
    await assert.rejects(createDemoImages(store, 1), /disk full/);
    assert.deepEqual(released.sort(), saved.sort());
    assert.equal(saved.length, 4);
  });

  it('releases the stored images when the seeding transaction fails', async () => {
    const saved = new Set<string>();
    let released: string[] = [];
    const store: DemoImageStore = {
      async save() {
        const name = `${String(saved.size).padStart(32, '0')}.png`;
        saved.add(name);
        return name;
      },
      async release(names) {
        released = [...names].filter((n): n is string => typeof n === 'string');
      },
    };
    const db = {
      execute: async () => ({ rows: [{ has_content: false }] }),
      transaction: async () => {
        throw new Error('connection lost');
      },
    } as unknown as Parameters<typeof seedDemoData>[0];
    await assert.rejects(seedDemoData(db, store), /connection lost/);
    assert.deepEqual(new Set(released), saved);
    assert.ok(saved.size > 50);
  });
});
