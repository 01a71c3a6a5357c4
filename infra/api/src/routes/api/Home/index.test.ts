import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { Type } from '@sinclair/typebox';
import { FormatRegistry } from '@sinclair/typebox/type';
import { Value } from '@sinclair/typebox/value';
import { DealCardSchema, DealTrustFields, SEARCH_LIMITS, SearchSuggestionSchema, SiteInfoSchema } from '@deals/contract';
import { footerItems, menuItems, pages, products, siteAssets } from '../../../db/schema.js';
import { refreshSearchText } from '../../../db/search-text.js';
import { createTestApp, type TestApp } from '../../../test-support/app.js';
import { insertStores } from '../../../test-support/fixtures.js';
import { addDeal, addFeaturedSection, addProductType, addStore, BASE_TIME, hoursFromNow } from '../../../test-support/search.js';

// Value.Check needs the formats the schemas name; timestamps are written as Date#toISOString writes them.
if (!FormatRegistry.Has('date-time')) FormatRegistry.Set('date-time', (value) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(value));

const SITE_INFO_KEYS = [
  'appStoreLink', 'categories', 'city', 'companyIconPath', 'companyLogoPath', 'companyName', 'emailAddress',
  'facebook', 'featuredSections', 'footerItems', 'googleAnalyticsId', 'googleMap', 'googlePlayStoreLink',
  'instagram', 'linkedIn', 'menuItems', 'pages', 'phoneNumber', 'primaryWeekDayHours', 'primaryWeekEndHours',
  'secondaryWeekDayHours', 'secondaryWeekEndHours', 'state', 'streetAddress1', 'streetAddress2', 'stores',
  'tikTok', 'twitter', 'youtube', 'zipCode',
];

interface Card {
  id: number;
  name: string;
  filePath: string | null;
  currentPrice: number;
  previousPrice: number;
  dealExpiresIn: string | null;
}
interface Suggestion {
  value: number;
  label: string;
  filePath: string | null;
}

const names = (items: { name: string }[]) => items.map((item) => item.name);
const labels = (items: Suggestion[]) => items.map((item) => item.label);

// ---------------------------------------------------------------------------------------------
// GetCMSInfo
// ---------------------------------------------------------------------------------------------

describe('GET /api/Home/GetCMSInfo', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  it('answers the full site-info shape on an empty database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/Home/GetCMSInfo' });
    assert.equal(res.statusCode, 200);
    const info = res.json();
    assert.deepEqual(Object.keys(info).sort(), [...SITE_INFO_KEYS].sort());
    assert.equal(info.companyName, null);
    for (const list of ['menuItems', 'pages', 'stores', 'categories', 'featuredSections', 'footerItems']) {
      assert.deepEqual(info[list], [], list);
    }
  });

  it('maps the settings row and lists active stores by sort order, then name', async () => {
    await t.app.db.insert(siteAssets).values({
      companyName: 'DealDrop',
      emailAddress: 'hello@dealdrop.example',
      facebookLink: 'https://facebook.example/dealdrop',
      tiktokLink: 'https://tiktok.example/@dealdrop',
      googleMapLink: 'https://maps.example/?q=dealdrop',
      linkedInLink: 'https://linkedin.example/dealdrop',
      primaryWeekDayHours: 'Mon–Fri 9–5',
      googleAnalyticsId: 'G-123',
    });
    await insertStores(t.app, [
      { name: 'Nike', sortOrder: 2 },
      { name: 'Closed Shop', sortOrder: 0, isActive: false },
      { name: 'Best Buy', sortOrder: 2, imageFilePath: 'logo.webp' },
      { name: 'Target', sortOrder: 1 },
    ]);

    const info = (await t.app.inject({ method: 'GET', url: '/api/Home/GetCMSInfo' })).json();
    assert.equal(info.companyName, 'DealDrop');
    assert.equal(info.emailAddress, 'hello@dealdrop.example');
    assert.equal(info.facebook, 'https://facebook.example/dealdrop');
    assert.equal(info.tikTok, 'https://tiktok.example/@dealdrop');
    assert.equal(info.googleMap, 'https://maps.example/?q=dealdrop');
    assert.equal(info.linkedIn, 'https://linkedin.example/dealdrop');
    assert.equal(info.primaryWeekDayHours, 'Mon–Fri 9–5');
    assert.equal(info.googleAnalyticsId, 'G-123');
    assert.equal(info.instagram, null);
    assert.deepEqual(names(info.stores), ['Target', 'Best Buy', 'Nike']);
    assert.deepEqual(Object.keys(info.stores[1]).sort(), ['id', 'imageFilePath', 'name']);
    assert.equal(info.stores[1].imageFilePath, 'logo.webp');
  });

  it('nests active menu items with their active children, in sort order, with the linked page url', async () => {
    const [about, hidden, blog] = await t.app.db
      .insert(pages)
      .values([
        { name: 'About', title: 'About us', url: '/about' },
        { name: 'Draft', title: 'Draft page', url: '/draft', isActive: false },
        { name: 'Launch post', url: '/blog/launch', isBlog: true },
      ])
      .returning({ id: pages.id });
    const [help, shop, off] = await t.app.db
      .insert(menuItems)
      .values([
        { name: 'Help', sortOrder: 2, customLink: 'https://help.example', openInNewTab: true },
        { name: 'Shop', sortOrder: 1, pageId: about!.id },
        { name: 'Switched off', sortOrder: 0, isActive: false },
      ])
      .returning({ id: menuItems.id });
    await t.app.db.insert(menuItems).values([
      { name: 'Second child', parentMenuItemId: shop!.id, sortOrder: 2, pageId: blog!.id },
      { name: 'First child', parentMenuItemId: shop!.id, sortOrder: 1, pageId: hidden!.id },
      { name: 'Hidden child', parentMenuItemId: shop!.id, sortOrder: 0, isActive: false },
      { name: 'Child of a hidden parent', parentMenuItemId: off!.id },
      { name: 'FAQ', parentMenuItemId: help!.id, customLink: '/faq' },
    ]);
    await t.app.db.insert(footerItems).values([
      { label: 'Terms', to: '/terms', sortOrder: 2 },
      { label: 'Privacy', to: '/privacy', sortOrder: 1 },
    ]);

    const info = (await t.app.inject({ method: 'GET', url: '/api/Home/GetCMSInfo' })).json();
    assert.deepEqual(info.menuItems, [
      {
        name: 'Shop',
        pageUrl: '/about',
        customLink: null,
        openInNewTab: false,
        assignedMenuItems: [
          // The linked page is inactive: no url to offer.
          { name: 'First child', pageUrl: null, customLink: null, openInNewTab: false },
          { name: 'Second child', pageUrl: '/blog/launch', customLink: null, openInNewTab: false },
        ],
      },
      {
        name: 'Help',
        pageUrl: null,
        customLink: 'https://help.example',
        openInNewTab: true,
        assignedMenuItems: [{ name: 'FAQ', pageUrl: null, customLink: '/faq', openInNewTab: false }],
      },
    ]);
    assert.deepEqual(info.pages, [
      { id: about!.id, url: '/about', title: 'About us', isBlog: false },
      // Blogs have no title field: their name stands in.
      { id: blog!.id, url: '/blog/launch', title: 'Launch post', isBlog: true },
    ]);
    assert.deepEqual(info.footerItems, [
      { label: 'Privacy', to: '/privacy' },
      { label: 'Terms', to: '/terms' },
    ]);
  });

  it('lists active product categories and active featured sections with their live deals in section order', async () => {
    const kitchen = await addProductType(t.app, 'Kitchen', { sortOrder: 2 });
    await addProductType(t.app, 'Audio', { sortOrder: 1 });
    await addProductType(t.app, 'Retired', { sortOrder: 0, isActive: false });
    const store = await addStore(t.app, 'Section Store');
    const closed = await addStore(t.app, 'Section Closed', { isActive: false });
    const live = [];
    for (let n = 0; n < 23; n++) live.push(await addDeal(t.app, { storeId: store, name: `Section deal ${n}`, typeIds: [kitchen] }));
    const inactive = await addDeal(t.app, { storeId: store, name: 'Inactive', isActive: false });
    const expired = await addDeal(t.app, { storeId: store, name: 'Expired', dealExpiresIn: hoursFromNow(-1) });
    const future = await addDeal(t.app, { storeId: store, name: 'Future', dealStartsIn: hoursFromNow(5) });
    const closedDeal = await addDeal(t.app, { storeId: closed, name: 'Closed store deal' });
    // Section order: reversed insertion, with the hidden deals first.
    await addFeaturedSection(t.app, 'Top picks', [inactive, expired, future, closedDeal, ...[...live].reverse()], { sortOrder: 2 });
    await addFeaturedSection(t.app, 'Small', [live[0]!], { sortOrder: 1 });
    await addFeaturedSection(t.app, 'Hidden section', [live[1]!], { sortOrder: 0, isActive: false });

    const res = await t.app.inject({ method: 'GET', url: '/api/Home/GetCMSInfo' });
    assert.equal(res.statusCode, 200);
    const info = res.json();
    assert.ok(Value.Check(SiteInfoSchema, info), 'matches the contract');
    assert.deepEqual(names(info.categories), ['Audio', 'Kitchen']);
    assert.deepEqual(names(info.featuredSections), ['Small', 'Top picks']);
    const top = info.featuredSections[1]!;
    assert.equal(top.imageFilePath, 'Top picks.webp');
    assert.equal(top.products.length, SEARCH_LIMITS.featuredSectionDeals);
    assert.deepEqual(
      top.products.map((p) => p.id),
      [...live].reverse().slice(0, SEARCH_LIMITS.featuredSectionDeals),
    );
    // Trust members appear only on deals that have them (none here).
    assert.deepEqual(Object.keys(top.products[0]!).sort(), Object.keys(DealCardSchema.properties).filter((key) => !(key in DealTrustFields)).sort());
    assert.equal(top.products[0]!.filePath, `deal-${live[22]}.webp`);
    assert.deepEqual(info.featuredSections[0]!.products.map((p) => p.id), [live[0]]);
  });

  it('reads everything in one SQL statement', async () => {
    const db = t.app.db as unknown as { execute: (...args: unknown[]) => Promise<unknown> };
    const original = db.execute;
    let statements = 0;
    db.execute = function (this: unknown, ...args: unknown[]) {
      statements++;
      return original.apply(this, args);
    };
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/Home/GetCMSInfo' });
      assert.equal(res.statusCode, 200);
    } finally {
      db.execute = original;
    }
    assert.equal(statements, 1);
  });
});

// ---------------------------------------------------------------------------------------------
// SearchProduct and SearchProductByKeyword on one catalogue
// ---------------------------------------------------------------------------------------------

describe('POST /api/Home/SearchProduct and GET /api/Home/SearchProductByKeyword', () => {
  let t: TestApp;
  const ids: Record<string, number> = {};
  let stores: { apple: number; samsung: number; kitchen: number; closed: number };
  let types: { phones: number; audio: number; kitchen: number };
  let sections: { summer: number; hidden: number };

  const search = async (body: unknown, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/Home/SearchProduct', payload: body as object, headers });
    assert.equal(res.statusCode, 200, res.body);
    const cards = res.json() as Card[];
    assert.ok(Value.Check(Type.Array(DealCardSchema), cards), 'matches the contract');
    return cards;
  };
  const suggest = async (keyword: string | undefined) => {
    const url = keyword === undefined ? '/api/Home/SearchProductByKeyword' : `/api/Home/SearchProductByKeyword?keyword=${encodeURIComponent(keyword)}`;
    const res = await t.app.inject({ method: 'GET', url });
    assert.equal(res.statusCode, 200, res.body);
    const items = res.json() as Suggestion[];
    assert.ok(Value.Check(Type.Array(SearchSuggestionSchema), items), 'matches the contract');
    return items;
  };
  const rejected = async (body: unknown) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/Home/SearchProduct', payload: body as object });
    assert.equal(res.statusCode, 400, res.body);
    return res.json() as { message: string; errors: Record<string, string> };
  };

  before(async () => {
    t = await createTestApp();
    await t.app.ready();
    stores = {
      apple: await addStore(t.app, 'Apple'),
      samsung: await addStore(t.app, 'Samsung'),
      kitchen: await addStore(t.app, 'Kitchen World'),
      closed: await addStore(t.app, 'Closed Outlet', { isActive: false }),
    };
    types = {
      phones: await addProductType(t.app, 'Phones'),
      audio: await addProductType(t.app, 'Audio'),
      kitchen: await addProductType(t.app, 'Kitchenware'),
    };
    const add = async (key: string, seed: Parameters<typeof addDeal>[1]) => {
      ids[key] = await addDeal(t.app, seed);
    };
    // addedHour sets "newest first"; prices sit on the tier bounds.
    await add('iphone', { storeId: stores.apple, name: 'Apple iPhone 15 Pro', typeIds: [types.phones], currentPrice: 999, previousPrice: 1099, addedHour: 1, dealExpiresIn: new Date('2099-05-06T07:08:09.123Z') });
    await add('airpods', { storeId: stores.apple, name: 'Apple AirPods Pro', typeIds: [types.audio], keywords: 'earbuds wireless', currentPrice: 199, previousPrice: 249, addedHour: 2 });
    await add('galaxy', { storeId: stores.samsung, name: 'Samsung Galaxy S24', typeIds: [types.phones], currentPrice: 799, previousPrice: 899, addedHour: 3 });
    await add('buds', { storeId: stores.samsung, name: 'Samsung Galaxy Buds', typeIds: [types.audio], currentPrice: 24.99, previousPrice: 50, addedHour: 4 });
    await add('fryer', { storeId: stores.kitchen, name: 'Ninja Air Fryer', typeIds: [types.kitchen], currentPrice: 25, previousPrice: 80, addedHour: 5 });
    await add('cable', { storeId: stores.kitchen, name: 'Charging Cable', typeIds: [types.audio, types.phones], currentPrice: 99.99, previousPrice: 100, addedHour: 6 });
    await add('espresso', { storeId: stores.kitchen, name: 'Espresso Machine', typeIds: [types.kitchen], keywords: 'barista pro', currentPrice: 100, previousPrice: 150, addedHour: 7 });
    await add('tv', { storeId: stores.samsung, name: 'Samsung OLED TV', typeIds: [types.audio], currentPrice: 500, previousPrice: 800, addedHour: 8 });
    await add('blender', { storeId: stores.kitchen, name: 'Pro Blender', typeIds: [types.kitchen], currentPrice: 499.99, previousPrice: 600, addedHour: 9 });
    await add('case', { storeId: stores.apple, name: 'Started iPhone Case', typeIds: [types.phones], currentPrice: 15, previousPrice: 30, addedHour: 14, dealStartsIn: hoursFromNow(-1), dealExpiresIn: hoursFromNow(24) });
    // Hidden, each for one reason.
    await add('inactive', { storeId: stores.apple, name: 'Switched Off iPhone', typeIds: [types.phones], isActive: false, addedHour: 10 });
    await add('future', { storeId: stores.apple, name: 'Future iPhone', typeIds: [types.phones], dealStartsIn: hoursFromNow(48), addedHour: 11 });
    await add('expired', { storeId: stores.apple, name: 'Expired iPhone', typeIds: [types.phones], dealExpiresIn: hoursFromNow(-1), addedHour: 12 });
    await add('closed', { storeId: stores.closed, name: 'Closed Store iPhone', typeIds: [types.phones], addedHour: 13 });
    sections = {
      summer: await addFeaturedSection(t.app, 'Summer', [ids.fryer!, ids.tv!, ids.inactive!]),
      hidden: await addFeaturedSection(t.app, 'Hidden', [ids.galaxy!], { isActive: false }),
    };
  });
  after(() => t.close());

  const VISIBLE_NEWEST_FIRST = ['case', 'blender', 'tv', 'espresso', 'cable', 'fryer', 'buds', 'galaxy', 'airpods', 'iphone'];
  const byKeys = (keys: string[]) => keys.map((key) => ids[key]);

  describe('SearchProduct', () => {
    it('lists live deals only, newest first, as deal cards', async () => {
      const cards = await search({});
      assert.deepEqual(
        cards.map((c) => c.id),
        byKeys(VISIBLE_NEWEST_FIRST),
      );
      const iphone = cards.find((c) => c.id === ids.iphone)!;
      assert.deepEqual(Object.keys(iphone).sort(), Object.keys(DealCardSchema.properties).filter((key) => !(key in DealTrustFields)).sort());
      assert.equal(iphone.name, 'Apple iPhone 15 Pro');
      assert.equal(iphone.filePath, `deal-${ids.iphone}.webp`);
      assert.equal(iphone.currentPrice, 999);
      assert.equal(iphone.previousPrice, 1099);
      // Same text as Date#toISOString, like every other timestamp of the API.
      assert.equal(iphone.dealExpiresIn, '2099-05-06T07:08:09.123Z');
      assert.equal(cards.find((c) => c.id === ids.buds)!.currentPrice, 24.99);
      assert.equal(cards.find((c) => c.id === ids.buds)!.dealExpiresIn, null);
    });

    it('hides inactive deals, deals not started yet, expired deals and deals of inactive stores', async () => {
      const shown = new Set((await search({ searchTerm: 'iphone' })).map((c) => c.id));
      for (const key of ['inactive', 'future', 'expired', 'closed']) assert.ok(!shown.has(ids[key]!), key);
      assert.ok(shown.has(ids.case!), 'started and not expired');
      // Even when asked for by store.
      assert.deepEqual(await search({ categories: [{ id: stores.closed, name: 'Closed Outlet' }] }), []);
    });

    it('treats empty values as no filter and ignores a token, valid or not (public call)', async () => {
      const all = (await search({})).map((c) => c.id);
      const empty = await search({ sortBy: '', priceRange: '', categories: [], productTypes: null, featuredSections: [], searchTerm: '   ', skip: null });
      assert.deepEqual(
        empty.map((c) => c.id),
        all,
      );
      const withBadToken = await search({}, { authorization: 'Bearer not-a-token' });
      assert.deepEqual(
        withBadToken.map((c) => c.id),
        all,
      );
    });

    it('sorts by price and discount both ways, by date, always ending on the id', async () => {
      const visible = byKeys(VISIBLE_NEWEST_FIRST);
      const rows = await t.app.db.select({ id: products.id, currentPrice: products.currentPrice, discount: products.discount }).from(products);
      const live = rows.filter((row) => visible.includes(row.id));
      const expect = (key: 'currentPrice' | 'discount', direction: 1 | -1) =>
        [...live].sort((a, b) => direction * (a[key] - b[key]) || direction * (a.id - b.id)).map((row) => row.id);

      assert.deepEqual((await search({ sortBy: 'ASC_PRICE' })).map((c) => c.id), expect('currentPrice', 1));
      assert.deepEqual((await search({ sortBy: 'DESC_PRICE' })).map((c) => c.id), expect('currentPrice', -1));
      assert.deepEqual((await search({ sortBy: 'ASC_DISCOUNT' })).map((c) => c.id), expect('discount', 1));
      assert.deepEqual((await search({ sortBy: 'DESC_DISCOUNT' })).map((c) => c.id), expect('discount', -1));
      assert.deepEqual((await search({ sortBy: 'DESC_DATE' })).map((c) => c.id), visible);
      const cheapestFirst = await search({ sortBy: 'ASC_PRICE' });
      assert.equal(cheapestFirst[0]!.id, ids.case);
      assert.equal(cheapestFirst.at(-1)!.id, ids.iphone);
    });

    it('filters by stores, product types and featured sections: any within a list, all lists together', async () => {
      assert.deepEqual(names(await search({ categories: [{ id: stores.apple, name: 'Apple' }] })), ['Started iPhone Case', 'Apple AirPods Pro', 'Apple iPhone 15 Pro']);
      // Bare ids work too; two stores match either.
      assert.deepEqual(
        names(await search({ categories: [stores.apple, stores.samsung], sortBy: 'ASC_PRICE' })),
        ['Started iPhone Case', 'Samsung Galaxy Buds', 'Apple AirPods Pro', 'Samsung OLED TV', 'Samsung Galaxy S24', 'Apple iPhone 15 Pro'],
      );
      assert.deepEqual(names(await search({ productTypes: [{ id: types.kitchen, name: 'Kitchenware' }] })), ['Pro Blender', 'Espresso Machine', 'Ninja Air Fryer']);
      // A deal with two types appears once.
      assert.deepEqual(
        (await search({ productTypes: [types.audio, types.phones] })).filter((c) => c.id === ids.cable).length,
        1,
      );
      assert.deepEqual(
        names(await search({ categories: [{ id: stores.samsung, name: 'Samsung' }], productTypes: [{ id: types.audio, name: 'Audio' }] })),
        ['Samsung OLED TV', 'Samsung Galaxy Buds'],
      );
      assert.deepEqual(names(await search({ featuredSections: [{ id: sections.summer, name: 'Summer' }] })), ['Samsung OLED TV', 'Ninja Air Fryer']);
      assert.deepEqual(await search({ featuredSections: [sections.hidden] }), [], 'an inactive section lists nothing');
      assert.deepEqual(
        names(await search({ featuredSections: [sections.summer], categories: [stores.kitchen], productTypes: [types.kitchen], priceRange: '$$' })),
        ['Ninja Air Fryer'],
      );
      assert.deepEqual(await search({ categories: [999999] }), []);
    });

    it('puts each price in exactly one tier: $ < 25 ≤ $$ < 100 ≤ $$$ < 500 ≤ $$$$', async () => {
      const tier = async (priceRange: string) => (await search({ priceRange, sortBy: 'ASC_PRICE' })).map((c) => c.currentPrice);
      assert.deepEqual(await tier('$'), [15, 24.99]);
      assert.deepEqual(await tier('$$'), [25, 99.99]);
      assert.deepEqual(await tier('$$$'), [100, 199, 499.99]);
      assert.deepEqual(await tier('$$$$'), [500, 799, 999]);
    });

    it('matches every word against name, keywords, store and product-category names, as prefixes', async () => {
      assert.deepEqual(names(await search({ searchTerm: 'galaxy' })), ['Samsung Galaxy Buds', 'Samsung Galaxy S24']);
      assert.deepEqual(names(await search({ searchTerm: 'GAL' })), ['Samsung Galaxy Buds', 'Samsung Galaxy S24']);
      assert.deepEqual(names(await search({ searchTerm: 'samsung buds' })), ['Samsung Galaxy Buds']);
      assert.deepEqual(names(await search({ searchTerm: 'earbuds' })), ['Apple AirPods Pro'], 'keywords');
      assert.deepEqual(names(await search({ searchTerm: 'kitchen world' })), ['Pro Blender', 'Espresso Machine', 'Charging Cable', 'Ninja Air Fryer'], 'store name');
      assert.deepEqual(names(await search({ searchTerm: 'kitchenware' })), ['Pro Blender', 'Espresso Machine', 'Ninja Air Fryer'], 'product-category name');
      assert.deepEqual(names(await search({ searchTerm: 'phones', categories: [stores.samsung] })), ['Samsung Galaxy S24']);
      assert.deepEqual(names(await search({ searchTerm: 'galaxy', priceRange: '$' })), ['Samsung Galaxy Buds']);
    });

    it('combines search text with price tiers and stores exactly at the tier bounds', async () => {
      const found = async (body: object) => (await search({ ...body, sortBy: 'ASC_PRICE' })).map((c) => c.currentPrice);
      assert.deepEqual(await found({ searchTerm: 'kitchen', priceRange: '$$' }), [25, 99.99]);
      assert.deepEqual(await found({ searchTerm: 'kitchen', priceRange: '$$$' }), [100, 499.99]);
      assert.deepEqual(await found({ searchTerm: 'samsung', priceRange: '$$$$' }), [500, 799]);
      assert.deepEqual(await found({ searchTerm: 'samsung', priceRange: '$' }), [24.99]);
      assert.deepEqual(names(await search({ searchTerm: 'pro', categories: [stores.apple] })), ['Apple AirPods Pro', 'Apple iPhone 15 Pro']);
      assert.deepEqual(names(await search({ searchTerm: 'pro', categories: [stores.apple, stores.kitchen], priceRange: '$$$' })), ['Pro Blender', 'Apple AirPods Pro', 'Espresso Machine']);
    });

    it('follows a price change and a store move in the search (the facets are kept by the database)', async () => {
      const id = await addDeal(t.app, { storeId: stores.kitchen, name: 'Movable Toaster', currentPrice: 20, previousPrice: 40 });
      assert.deepEqual(names(await search({ searchTerm: 'toaster', priceRange: '$' })), ['Movable Toaster']);
      await t.app.db.update(products).set({ currentPrice: 120, categoryId: stores.samsung }).where(sql`${products.id} = ${id}`);
      await refreshSearchText(t.app.db, { productIds: [id] });
      assert.deepEqual(await search({ searchTerm: 'toaster', priceRange: '$' }), []);
      assert.deepEqual(await search({ searchTerm: 'toaster', categories: [stores.kitchen] }), []);
      const [card] = await search({ searchTerm: 'toaster', priceRange: '$$$', categories: [stores.samsung] });
      assert.equal(card!.name, 'Movable Toaster');
      assert.equal(card!.currentPrice, 120, 'the card shows the new price');
      await t.app.db.update(products).set({ isActive: false }).where(sql`${products.id} = ${id}`);
    });

    it('ranks deals whose name holds every word first (newest first), unless a sort is chosen', async () => {
      // "pro": three names, and the espresso machine only through its keywords.
      assert.deepEqual(names(await search({ searchTerm: 'pro' })), ['Pro Blender', 'Apple AirPods Pro', 'Apple iPhone 15 Pro', 'Espresso Machine']);
      assert.deepEqual(names(await search({ searchTerm: 'pro', sortBy: 'ASC_PRICE' })), ['Espresso Machine', 'Apple AirPods Pro', 'Pro Blender', 'Apple iPhone 15 Pro']);
    });

    it('falls back to the nearest known words only when the words match nothing', async () => {
      assert.deepEqual(names(await search({ searchTerm: 'iphnoe' })), ['Started iPhone Case', 'Apple iPhone 15 Pro']);
      assert.deepEqual(names(await search({ searchTerm: 'samsnug galaxy', sortBy: 'ASC_PRICE' })), ['Samsung Galaxy Buds', 'Samsung Galaxy S24']);
      assert.deepEqual(names(await search({ searchTerm: 'samsnug galxy', priceRange: '$$$$' })), ['Samsung Galaxy S24']);
      assert.deepEqual(await search({ searchTerm: 'zzzzqqqq' }), []);
      // Known words that never occur together are not "corrected" into something else.
      assert.deepEqual(await search({ searchTerm: 'blender galaxy' }), []);
    });

    it('learns the words of new deals for typo correction', async () => {
      assert.deepEqual(await search({ searchTerm: 'zyxelin' }), []);
      const id = await addDeal(t.app, { storeId: stores.kitchen, name: 'Zyxelon Router' });
      assert.deepEqual(names(await search({ searchTerm: 'zyxelin' })), ['Zyxelon Router']);
      await t.app.db.update(products).set({ isActive: false }).where(sql`${products.id} = ${id}`);
    });

    it('writes any stored text as valid JSON (quotes, backslashes, control characters, HTML, unicode)', async () => {
      const name = 'Quoted "deal" \\ C:\\path\nline\ttab\u0001 <b>&amp;</b> </script> — 東京 🎉';
      const id = await addDeal(t.app, { storeId: stores.kitchen, name, keywords: 'escapetest', promoCode: 'A"B\\C', badgeText: '"hot"' });
      const res = await t.app.inject({ method: 'POST', url: '/api/Home/SearchProduct', payload: { searchTerm: 'escapetest' } });
      assert.equal(res.statusCode, 200);
      const [card] = JSON.parse(res.body) as (Card & { promoCode: string; badgeText: string })[];
      assert.equal(card!.name, name);
      assert.equal(card!.promoCode, 'A"B\\C');
      assert.equal(card!.badgeText, '"hot"');
      const [suggestion] = JSON.parse((await t.app.inject({ method: 'GET', url: '/api/Home/SearchProductByKeyword?keyword=escapetest' })).body);
      assert.equal(suggestion.label, name);
      await t.app.db.update(products).set({ isActive: false }).where(sql`${products.id} = ${id}`);
    });

    it('answers hostile search text with plain results, never an error, and changes nothing', async () => {
      const before = await t.app.db.select({ n: sql<number>`count(*)::int` }).from(products);
      for (const searchTerm of [
        "'; DROP TABLE products; --",
        '% _ \\ %%',
        '<script>alert(1)</script>',
        '.* (a|b)+ [x] ^$',
        "iphone:* | !galaxy & 'x'",
        'ñandú 東京 🎉 Ａｐｐｌｅ',
        '\u202e',
        'a'.repeat(SEARCH_LIMITS.searchTerm),
        'x '.repeat(100),
      ]) {
        await search({ searchTerm });
      }
      // Text no record could hold (NUL, half a surrogate pair) is the client's error, named by field.
      for (const searchTerm of ['a\u0000b', 'a\uD800b']) {
        assert.equal((await rejected({ searchTerm })).errors.searchTerm, 'searchTerm contains characters that are not allowed');
      }
      assert.deepEqual(await search({ searchTerm: '%%%' }), [], 'punctuation only matches nothing');
      assert.deepEqual(names(await search({ searchTerm: 'IPHONE<>!' })), ['Started iPhone Case', 'Apple iPhone 15 Pro']);
      const after = await t.app.db.select({ n: sql<number>`count(*)::int` }).from(products);
      assert.deepEqual(after, before);
    });

    it('rejects malformed filters with 400 and a message', async () => {
      assert.equal((await rejected({ skip: -1 })).errors.skip, 'Skip must be 0 or more');
      assert.equal((await rejected({ skip: SEARCH_LIMITS.maxSkip + 1 })).errors.skip, `Skip must be at most ${SEARCH_LIMITS.maxSkip}`);
      assert.equal((await rejected({ skip: 1.5 })).errors.skip, 'Skip must be a whole number');
      assert.equal((await rejected({ skip: 'ten' })).errors.skip, 'Skip must be a whole number');
      assert.equal((await rejected({ sortBy: 'RANDOM()' })).errors.sortBy, 'Sort must be one of DESC_PRICE, ASC_PRICE, DESC_DISCOUNT, ASC_DISCOUNT, DESC_DATE, DESC_POPULARITY');
      assert.equal((await rejected({ priceRange: '$$$$$' })).errors.priceRange, 'Price range must be one of $, $$, $$$, $$$$');
      const long = await rejected({ searchTerm: 'x'.repeat(SEARCH_LIMITS.searchTerm + 1) });
      assert.equal(long.message, 'Search text must be at most 200 characters');
      assert.equal(long.errors.searchTerm, 'Search text must be at most 200 characters');
      const many = Array.from({ length: SEARCH_LIMITS.listItems + 1 }, (_, i) => i + 1);
      assert.equal((await rejected({ categories: many })).errors.categories, 'Choose at most 100 stores');
      const scalar = await rejected({ productTypes: 'phones' });
      assert.equal(scalar.message, 'Product category must be an id');
      assert.ok(!JSON.stringify(scalar).includes('must be null'), JSON.stringify(scalar));
      assert.match(Object.values((await rejected({ categories: [{ id: "1 OR 1=1", name: 'x' }] })).errors).join(' '), /Store must be an id/);
      assert.match(Object.values((await rejected({ featuredSections: ['../../etc'] })).errors).join(' '), /Featured section must be an id/);
      assert.match(Object.values((await rejected({ categories: [0] })).errors).join(' '), /Store is invalid/);
      const notObject = await t.app.inject({ method: 'POST', url: '/api/Home/SearchProduct', payload: '[1,2]', headers: { 'content-type': 'application/json' } });
      assert.equal(notObject.statusCode, 400);
      assert.equal(notObject.json().message, 'The deal filter must be a JSON object');
      const broken = await t.app.inject({ method: 'POST', url: '/api/Home/SearchProduct', payload: '{"skip":', headers: { 'content-type': 'application/json' } });
      assert.equal(broken.statusCode, 400);
    });
  });

  describe('SearchProductByKeyword', () => {
    it('suggests live deals by word prefix: value, label, preview image, and the store and price that tell deals apart', async () => {
      const found = await suggest('gal');
      assert.deepEqual(labels(found), ['Samsung Galaxy Buds', 'Samsung Galaxy S24']);
      assert.deepEqual(found[0], { value: ids.buds, label: 'Samsung Galaxy Buds', filePath: `deal-${ids.buds}.webp`, store: 'Samsung', currentPrice: 24.99 });
      assert.deepEqual(found[1], { value: ids.galaxy, label: 'Samsung Galaxy S24', filePath: `deal-${ids.galaxy}.webp`, store: 'Samsung', currentPrice: 799 });
      assert.deepEqual(labels(await suggest('samsung bu')), ['Samsung Galaxy Buds'], 'every word, the last as a prefix');
      assert.deepEqual(labels(await suggest('Galaxy  SAMSUNG')), ['Samsung Galaxy Buds', 'Samsung Galaxy S24'], 'any order, any case');
    });

    it('matches store and product-category names and keywords; names first', async () => {
      assert.deepEqual(labels(await suggest('kitchen world')), ['Pro Blender', 'Espresso Machine', 'Charging Cable', 'Ninja Air Fryer']);
      assert.deepEqual(labels(await suggest('audio')), ['Samsung OLED TV', 'Charging Cable', 'Samsung Galaxy Buds', 'Apple AirPods Pro']);
      assert.deepEqual(labels(await suggest('wireless')), ['Apple AirPods Pro']);
      assert.deepEqual(labels(await suggest('pro')), ['Pro Blender', 'Apple AirPods Pro', 'Apple iPhone 15 Pro', 'Espresso Machine']);
    });

    it('never suggests hidden deals', async () => {
      const all = await suggest('iphone');
      assert.deepEqual(labels(all), ['Started iPhone Case', 'Apple iPhone 15 Pro']);
      for (const word of ['switched', 'future', 'expired', 'closed']) assert.deepEqual(await suggest(word), [], word);
    });

    it('tolerates typos when nothing matches exactly', async () => {
      assert.deepEqual(labels(await suggest('iphnoe')), ['Started iPhone Case', 'Apple iPhone 15 Pro']);
      assert.deepEqual(labels(await suggest('blendr')), ['Pro Blender']);
      assert.deepEqual(await suggest('qqqqzzzz'), []);
    });

    it('answers [] for a missing, empty or one-letter keyword', async () => {
      assert.deepEqual(await suggest(undefined), []);
      assert.deepEqual(await suggest(''), []);
      assert.deepEqual(await suggest('   '), []);
      assert.deepEqual(await suggest('a'), []);
      assert.deepEqual(await suggest('%%'), []);
    });

    it('survives hostile keywords and rejects over-long ones', async () => {
      for (const keyword of ["' OR 1=1 --", '%_\\', '<img src=x onerror=alert(1)>', 'iphone:* & !x', '(a|b)*', 'ñandú 東京 🎉', '../../etc/passwd']) {
        await suggest(keyword);
      }
      const res = await t.app.inject({ method: 'GET', url: `/api/Home/SearchProductByKeyword?keyword=${'x'.repeat(SEARCH_LIMITS.searchTerm + 1)}` });
      assert.equal(res.statusCode, 400);
      assert.equal(res.json().message, 'Search text must be at most 200 characters');
    });
  });
});

// ---------------------------------------------------------------------------------------------
// Paging and the 10-suggestion cap on a larger catalogue
// ---------------------------------------------------------------------------------------------

describe('SearchProduct paging', () => {
  let t: TestApp;
  let bulkStore: number;
  const COUNT = 205;

  before(async () => {
    t = await createTestApp();
    await t.app.ready();
    bulkStore = await addStore(t.app, 'Bulk Store');
    // Same date and price for all: only the id can order them, so paging must use it.
    const rows = await t.app.db
      .insert(products)
      .values(
        Array.from({ length: COUNT }, (_, n) => ({
          categoryId: bulkStore,
          name: `Bulk deal ${n}`,
          currentPrice: 10,
          previousPrice: 20,
          link: 'https://shop.example/bulk',
          dateTimeAdded: new Date(BASE_TIME),
        })),
      )
      .returning({ id: products.id });
    await refreshSearchText(t.app.db, { productIds: rows.map((row) => row.id) });
  });
  after(() => t.close());

  const page = async (body: object) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/Home/SearchProduct', payload: body });
    assert.equal(res.statusCode, 200, res.body);
    return (res.json() as Card[]).map((card) => card.id);
  };

  for (const sortBy of ['DESC_DATE', 'ASC_PRICE', 'DESC_DISCOUNT', undefined] as const) {
    it(`pages 100 at a time without overlap or gaps (${sortBy ?? 'default'})`, async () => {
      const pages = [await page({ sortBy, skip: 0 }), await page({ sortBy, skip: 100 }), await page({ sortBy, skip: 200 })];
      assert.deepEqual(
        pages.map((p) => p.length),
        [100, 100, 5],
      );
      const all = pages.flat();
      assert.equal(new Set(all).size, COUNT);
      const ascending = sortBy === 'ASC_PRICE';
      assert.deepEqual(all, [...all].sort((a, b) => (ascending ? a - b : b - a)));
      assert.deepEqual(await page({ sortBy, skip: 0 }), pages[0], 'the same page twice');
      assert.deepEqual(await page({ sortBy, skip: 205 }), []);
    });
  }

  it('pages search results too, and an empty later page is the end, not a typo fallback', async () => {
    const first = await page({ searchTerm: 'bulk', skip: 0 });
    const second = await page({ searchTerm: 'bulk', skip: 100 });
    assert.equal(first.length + second.length, 200);
    assert.equal(new Set([...first, ...second]).size, 200);
    assert.deepEqual(await page({ searchTerm: 'bulk', skip: 1000 }), []);
    assert.equal((await page({ searchTerm: 'bulkk', skip: 0 })).length, 100, 'the typo fallback pages too');
  });

  it('caps suggestions at 10', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/Home/SearchProductByKeyword?keyword=bulk' });
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().length, 10);
  });
});
