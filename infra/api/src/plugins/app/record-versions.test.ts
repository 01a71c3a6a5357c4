/**
 * Edit versions: every record type's read answers an ETag, and its update or delete refuses a
 * stale If-Match with 409 (who, when) and changes nothing; a fresh one or none writes.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { RECORD_TYPES, VERSION_MESSAGES, VERSIONED_CALLS, type RecordType } from '@deals/contract';
import { bannerItems, dealFeeds, featuredSections, menuItems } from '../../db/schema.js';
import { buildApp } from '../../app.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { createSharedTestDatabase, type TestDatabase } from '../../test-support/database.js';
import { insertBanner, insertContentSection, insertPage } from '../../test-support/cms-pages.js';
import { insertDeal, insertProductType, insertStore } from '../../test-support/deals.js';
import { createTestStaff, createTestUser, type TestStaff, type TestUser } from '../../test-support/staff.js';
import { etagOf, ifMatchAllows } from './record-versions.js';

interface Subject {
  create(app: FastifyInstance): Promise<number>;
  read(id: number): string;
  /** A valid update writing `marker` where the read shows it (absent: the type is only deleted here). */
  update?(id: number, marker: string): Omit<InjectOptions, 'headers'>;
  shown?(body: Record<string, unknown>): unknown;
  remove?(id: number): string;
}

async function insertBannerItem(app: FastifyInstance): Promise<number> {
  const [row] = await app.db.insert(bannerItems).values({ bannerId: await insertBanner(app), title: 'Slide' }).returning({ id: bannerItems.id });
  assert.ok(row);
  return row.id;
}

const SUBJECTS: Record<RecordType, Subject> = {
  deal: { create: (app) => insertDeal(app), read: (id) => `/api/Product/GetProductById?productId=${id}`, remove: (id) => `/api/Product/DeleteProduct?productId=${id}` },
  store: { create: (app) => insertStore(app), read: (id) => `/api/Category/GetCategoryById?categoryId=${id}`, remove: (id) => `/api/Category/DeleteCategory?categoryId=${id}` },
  productType: {
    create: (app) => insertProductType(app),
    read: (id) => `/api/ProductType/GetProductTypeById?productTypeId=${id}`,
    remove: (id) => `/api/ProductType/DeleteProductType?productTypeId=${id}`,
  },
  featuredSection: {
    create: async (app) => (await app.db.insert(featuredSections).values({ name: 'Picks' }).returning({ id: featuredSections.id }))[0]!.id,
    read: (id) => `/api/FeaturedSection/GetFeaturedSection?id=${id}`,
    remove: (id) => `/api/FeaturedSection/DeleteFeaturedSection?id=${id}`,
  },
  user: {
    create: async (app) => (await createTestUser(app, `versioned-${Math.random().toString(36).slice(2, 8)}`, false)).id,
    read: (id) => `/api/Users/GetUser?id=${id}`,
    update: (id, marker) => ({ method: 'PUT', url: '/api/Users/UpdateUser', payload: { id, fullName: marker, email: 'versioned@example.com', phone: '555-0199' } }),
    shown: (body) => body.fullName,
  },
  menuItem: {
    create: async (app) => (await app.db.insert(menuItems).values({ name: 'Menu' }).returning({ id: menuItems.id }))[0]!.id,
    read: (id) => `/api/MenuItem/GetMenuItemById?menuItemId=${id}`,
    update: (id, marker) => ({ method: 'PUT', url: '/api/MenuItem/UpdateMenuItems', payload: { id, name: marker } }),
    shown: (body) => body.name,
    remove: (id) => `/api/MenuItem/DeleteMenuItem?id=${id}`,
  },
  page: {
    create: (app) => insertPage(app, { url: `/versioned-${Math.random().toString(36).slice(2, 8)}` }),
    read: (id) => `/api/Page/GetPageById?pageId=${id}`,
    update: (id, marker) => ({ method: 'PUT', url: '/api/Page/UpdatePage', payload: { id, name: marker, url: `/versioned-page-${id}` } }),
    shown: (body) => body.name,
    remove: (id) => `/api/Page/DeletePage?id=${id}`,
  },
  blog: {
    create: (app) => insertPage(app, { url: `/versioned-${Math.random().toString(36).slice(2, 8)}`, isBlog: true }),
    read: (id) => `/api/Blog/GetBlogById?blogId=${id}`,
    update: (id, marker) => ({ method: 'PUT', url: '/api/Blog/UpdateBlog', payload: { id, name: marker, url: `/versioned-blog-${id}` } }),
    shown: (body) => body.name,
    remove: (id) => `/api/Blog/DeleteBlog?id=${id}`,
  },
  contentSection: {
    create: (app) => insertContentSection(app),
    read: (id) => `/api/ContentSection/GetContentSectionById?contentSectionId=${id}`,
    remove: (id) => `/api/ContentSection/DeleteContentSection?id=${id}`,
  },
  banner: { create: (app) => insertBanner(app), read: (id) => `/api/Banner/GetBannerById?bannerId=${id}`, remove: (id) => `/api/Banner/DeleteBanner?id=${id}` },
  bannerItem: {
    create: insertBannerItem,
    // Banner items are edited inside their banner's screen; the banner's read is what hands out versions there.
    read: () => '',
    remove: (id) => `/api/BannerItem/DeleteBannerItem?id=${id}`,
  },
  footerItem: {
    create: async (app) => {
      const res = await app.inject({ method: 'POST', url: '/api/FooterItem/CreateFooterItem', headers: people.admin.headers, payload: { label: 'About', to: '/about' } });
      return res.json().id;
    },
    read: (id) => `/api/FooterItem/GetFooterItemById?footerItemId=${id}`,
    update: (id, marker) => ({ method: 'PUT', url: '/api/FooterItem/UpdateFooterItem', payload: { id, label: marker, to: '/about' } }),
    shown: (body) => body.label,
    remove: (id) => `/api/FooterItem/DeleteFooterItem?footerItemId=${id}`,
  },
  siteSettings: {
    create: async () => 1,
    read: () => '/api/Asset/GetAsset',
    update: (_id, marker) => ({ method: 'PUT', url: '/api/Asset/UpdateAsset', payload: { companyName: marker, emailAddress: 'hello@deals.example' } }),
    shown: (body) => body.companyName,
  },
  feed: {
    create: async (app) =>
      (await app.db.insert(dealFeeds).values({ name: 'Offers', url: 'https://feeds.example/offers.csv', format: 'CSV', mode: 'REVIEW', everyHours: 24 }).returning({ id: dealFeeds.id }))[0]!.id,
    read: (id) => `/api/Feeds/GetFeedById?id=${id}`,
    update: (id, marker) => ({ method: 'PUT', url: '/api/Feeds/UpdateFeed', payload: { id, name: marker, url: 'https://feeds.example/offers.csv', format: 'CSV', mode: 'REVIEW', everyHours: 24 } }),
    shown: (body) => body.name,
    remove: (id) => `/api/Feeds/DeleteFeed?id=${id}`,
  },
};

let t: TestApp;
let people: TestStaff;
let rival: TestUser;

before(async () => {
  t = await createTestApp();
  people = await createTestStaff(t.app);
  rival = await createTestUser(t.app, 'rival-editor', true, { fullName: 'Rita Rival' });
});
after(() => t.close());

const as = (user: TestUser, options: InjectOptions, ifMatch?: string) =>
  t.app.inject({ ...options, headers: { ...user.headers, ...(ifMatch === undefined ? {} : { 'if-match': ifMatch }) } });

/** Someone else's save: through the update call when the test has one, else at the version layer. */
async function rivalChange(record: RecordType, subject: Subject, id: number): Promise<void> {
  if (subject.update) {
    const res = await as(rival, subject.update(id, 'Theirs'));
    assert.equal(res.statusCode, 200, res.body);
    return;
  }
  await t.app.recordVersions.bump(record, id, 'test', rival.id);
}

describe('edit versions', () => {
  it('cover every record type the contract names, each with reads and writes', () => {
    const named = new Set(Object.values(VERSIONED_CALLS).map((call) => call.record));
    assert.deepEqual([...named].sort(), [...RECORD_TYPES].sort());
  });

  it('read If-Match lists, weak tags and *', () => {
    const tag = etagOf('deal', 3, 7);
    assert.ok(ifMatchAllows(`"x", ${tag}`, tag));
    assert.ok(ifMatchAllows(`W/${tag}`, tag));
    assert.ok(ifMatchAllows('*', tag));
    assert.ok(!ifMatchAllows(etagOf('deal', 3, 6), tag));
    assert.ok(!ifMatchAllows(etagOf('deal', 4, 7), tag), 'another record’s tag never matches');
  });

  for (const record of RECORD_TYPES) {
    const subject = SUBJECTS[record];
    describe(record, () => {
      it('a read answers an ETag that changes with each save; a stale If-Match changes nothing', async () => {
        const id = await subject.create(t.app);
        const url = subject.read(id);
        const first = url ? await as(people.admin, { method: 'GET', url }) : null;
        if (first) {
          assert.equal(first.statusCode, 200, first.body);
          assert.match(String(first.headers.etag), /^"[^"]+"$/, 'a strong tag');
        }
        const stale = first ? String(first.headers.etag) : etagOf(record, id, 0);
        await rivalChange(record, subject, id);
        const before = url ? await as(people.admin, { method: 'GET', url }) : null;
        if (before) assert.notEqual(before.headers.etag, stale, 'the save made a new version');

        const writes = [subject.update?.(id, 'Mine'), subject.remove ? { method: 'DELETE' as const, url: subject.remove(id) } : undefined].filter((w) => w !== undefined);
        for (const write of writes) {
          const refused = await as(people.admin, write, stale);
          assert.equal(refused.statusCode, 409, `${write.method} ${write.url}: ${refused.body}`);
          const body = refused.json();
          assert.equal(body.message, VERSION_MESSAGES.conflict);
          assert.equal(body.changedBy, 'Rita Rival');
          assert.ok(!Number.isNaN(Date.parse(body.changedAt)) && body.changedAt.endsWith('Z'), body.changedAt);
          if (before) {
            const now = await as(people.admin, { method: 'GET', url });
            assert.deepEqual(now.json(), before.json(), 'nothing changed');
            assert.equal(now.headers.etag, before.headers.etag);
          }
        }

        if (subject.update && before && subject.shown) {
          const fresh = String(before.headers.etag);
          const saved = await as(people.admin, subject.update(id, 'Mine'), fresh);
          assert.equal(saved.statusCode, 200, saved.body);
          const next = String(saved.headers.etag);
          assert.ok(next && next !== fresh, 'the save answers the new version');
          const read = await as(people.admin, { method: 'GET', url });
          assert.equal(subject.shown(read.json()), 'Mine');
          assert.equal(read.headers.etag, next);
          // Without If-Match the call works as it always did.
          const blind = await as(people.admin, subject.update(id, 'Blind'));
          assert.equal(blind.statusCode, 200, blind.body);
          assert.equal(subject.shown((await as(people.admin, { method: 'GET', url })).json()), 'Blind');
          assert.equal((await as(people.admin, subject.update(id, 'Star'), '*')).statusCode, 200);
        }
        if (subject.remove) {
          const current = url ? String((await as(people.admin, { method: 'GET', url })).headers.etag) : etagOf(record, id, 1);
          const removed = await as(people.admin, { method: 'DELETE', url: subject.remove(id) }, current);
          assert.equal(removed.statusCode, 200, removed.body);
          if (url) assert.equal((await as(people.admin, { method: 'GET', url })).statusCode, 404);
        }
      });
    });
  }

  it('a write refused for another reason keeps the version', async () => {
    const id = await SUBJECTS.footerItem.create(t.app);
    const url = SUBJECTS.footerItem.read(id);
    const tag = String((await as(people.admin, { method: 'GET', url })).headers.etag);
    const invalid = await as(people.admin, { method: 'PUT', url: '/api/FooterItem/UpdateFooterItem', payload: { id, label: 'x', to: 'javascript:alert(1)' } }, tag);
    assert.equal(invalid.statusCode, 400, invalid.body);
    assert.equal((await as(people.admin, { method: 'GET', url })).headers.etag, tag);
    const saved = await as(people.admin, SUBJECTS.footerItem.update!(id, 'After'), tag);
    assert.equal(saved.statusCode, 200, saved.body);
  });

  it('the OpenAPI description names If-Match and the 409', async () => {
    const doc = t.app.swagger() as unknown as { paths: Record<string, Record<string, { parameters?: Array<{ name: string; in: string }>; responses: Record<string, unknown> }>> };
    const update = doc.paths['/api/Product/UpdateProduct']?.put;
    assert.ok(update?.parameters?.some((p) => p.in === 'header' && p.name === 'if-match'));
    assert.ok(update?.responses['409']);
  });
});

describe('edit versions across two instances on one database', () => {
  let database: TestDatabase;
  let one: FastifyInstance;
  let two: FastifyInstance;

  before(async () => {
    database = await createSharedTestDatabase();
    const start = () => buildApp({ database: database.options, logger: false, push: { worker: { enabled: false } }, env: { PUBLIC_CACHE_TTL_MS: '0' } });
    [one, two] = await Promise.all([start(), start()]);
  });
  after(async () => {
    await Promise.all([one?.close(), two?.close()]);
    await database.drop();
  });

  it('let exactly one of two saves with the same If-Match win, whichever instance each reaches', async () => {
    const ann = await createTestUser(one, 'race-ann', true, { fullName: 'Ann Racer' });
    const bob = await createTestUser(one, 'race-bob', true, { fullName: 'Bob Racer' });
    const created = await one.inject({ method: 'POST', url: '/api/FooterItem/CreateFooterItem', headers: ann.headers, payload: { label: 'Race', to: '/race' } });
    const id: number = created.json().id;
    const url = `/api/FooterItem/GetFooterItemById?footerItemId=${id}`;
    for (let round = 0; round < 5; round += 1) {
      const tag = String((await two.inject({ method: 'GET', url, headers: ann.headers })).headers.etag);
      const save = (app: FastifyInstance, user: TestUser, label: string) =>
        app.inject({ method: 'PUT', url: '/api/FooterItem/UpdateFooterItem', headers: { ...user.headers, 'if-match': tag }, payload: { id, label, to: '/race' } });
      const answers = await Promise.all([save(one, ann, `Ann ${round}`), save(two, bob, `Bob ${round}`)]);
      const codes = answers.map((answer) => answer.statusCode).sort();
      assert.deepEqual(codes, [200, 409], answers.map((answer) => answer.body).join(' | '));
      const winner = answers[0]?.statusCode === 200 ? 'Ann' : 'Bob';
      const loser = answers.find((answer) => answer.statusCode === 409)!.json();
      assert.equal(loser.changedBy, `${winner} Racer`);
      const stored = (await one.inject({ method: 'GET', url, headers: ann.headers })).json();
      assert.equal(stored.label, `${winner} ${round}`, 'the refused save wrote nothing');
    }
  });
});
