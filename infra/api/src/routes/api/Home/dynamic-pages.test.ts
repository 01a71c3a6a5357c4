import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { pageComponents } from '../../../db/schema.js';
import { CMS_MESSAGES } from '@deals/contract';
import { createTestApp, type TestApp } from '../../../test-support/app.js';
import { insertBanner, insertContentSection, insertPage } from '../../../test-support/cms-pages.js';
import { createTestStaff, type TestStaff } from '../../../test-support/staff.js';

const PAGE_KEYS = [
  'addedBy', 'addedOn', 'bannerColor', 'bannerImageFilePath', 'description', 'id', 'isBannerVisible', 'isBlog', 'keywords', 'name',
  'pageContentSectionBanners', 'title', 'url',
];

describe('Home/GetDynamicPage and Home/GetDynamicBlog', () => {
  let t: TestApp;
  let people: TestStaff;
  let pageId: number;
  let blogId: number;
  let draftId: number;
  let sectionId: number;
  let bannerId: number;
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: `/api/Home/${url}`, headers });

  before(async () => {
    t = await createTestApp();
    people = await createTestStaff(t.app);
    pageId = await insertPage(t.app, {
      name: 'About',
      title: 'About us',
      url: '/about',
      keywords: 'about',
      description: 'Who we are',
      bannerColor: '#102030',
      bannerImageFilePath: '0123456789abcdef0123456789abcdef.png',
      addedById: people.admin.id,
    });
    blogId = await insertPage(t.app, { name: 'Post', url: '/post', isBlog: true });
    draftId = await insertPage(t.app, { name: 'Draft', url: '/draft', isActive: false });

    sectionId = await insertContentSection(t.app, {
      name: 'Intro',
      type: 'CONTENT_SECTION_CUSTOM',
      title: 'Hello',
      description: '<p>Stored <strong>as is</strong></p>',
      rawHtml: '<div class="x">custom</div>',
      alignment: 'CENTER',
      isPadded: true,
      primaryButtonText: 'Shop',
      primaryButtonActionType: 'PAGE',
      primaryButtonLink: '/deals',
      pageId,
    });
    const hiddenSection = await insertContentSection(t.app, { name: 'Hidden section', isActive: false });
    bannerId = await insertBanner(t.app, { name: 'Carousel' }, [
      { title: 'Third', sortOrder: 2 },
      { title: 'First', sortOrder: 0, imagePath: 'ffffffffffffffffffffffffffffffff.jpg' },
      { title: 'Second', sortOrder: 1 },
    ]);
    const hiddenBanner = await insertBanner(t.app, { name: 'Hidden banner', isActive: false }, [{ title: 'Never shown' }]);
    const otherBanner = await insertBanner(t.app, { name: 'On the blog only' }, [{ title: 'Blog slide' }]);

    await t.app.db.insert(pageComponents).values([
      { pageId, type: 'BANNER', bannerId, sortOrder: 1 },
      { pageId, type: 'CONTENTSECTION', contentSectionId: hiddenSection, sortOrder: 0 },
      { pageId, type: 'CONTENTSECTION', contentSectionId: sectionId, sortOrder: 2 },
      { pageId, type: 'BANNER', bannerId: hiddenBanner, sortOrder: 3 },
      { pageId: blogId, type: 'BANNER', bannerId: otherBanner, sortOrder: 0 },
      { pageId: draftId, type: 'CONTENTSECTION', contentSectionId: sectionId, sortOrder: 0 },
    ]);
  });
  after(() => t.close());

  it('renders an active page with its active components in order, to anyone', async () => {
    const res = await get(`GetDynamicPage?dynamicPageId=${pageId}`);
    assert.equal(res.statusCode, 200, res.body);
    const page = res.json();
    assert.deepEqual(Object.keys(page).sort(), PAGE_KEYS);
    assert.equal(page.name, 'About');
    assert.equal(page.title, 'About us');
    assert.equal(page.url, '/about');
    assert.equal(page.bannerColor, '#102030');
    assert.equal(page.bannerImageFilePath, '0123456789abcdef0123456789abcdef.png');
    assert.equal(page.isBlog, false);
    assert.equal(page.addedBy, 'test-admin Tester');
    assert.ok(!Number.isNaN(Date.parse(page.addedOn)));

    const components = page.pageContentSectionBanners;
    assert.deepEqual(
      components.map((c: { type: string; bannerId: number | null; contentSectionId: number | null }) => [c.type, c.bannerId, c.contentSectionId]),
      [
        ['BANNER', bannerId, null],
        ['CONTENTSECTION', null, sectionId],
      ],
    );
    const [banner, section] = components;
    assert.equal(banner.contentSection, null);
    assert.equal(banner.banner.name, 'Carousel');
    assert.deepEqual(
      banner.banner.bannerItems.map((i: { title: string }) => i.title),
      ['First', 'Second', 'Third'],
    );
    assert.equal(banner.banner.bannerItems[0].imagePath, 'ffffffffffffffffffffffffffffffff.jpg');
    assert.equal(section.banner, null);
    assert.deepEqual(
      {
        name: section.contentSection.name,
        type: section.contentSection.type,
        description: section.contentSection.description,
        rawHTML: section.contentSection.rawHTML,
        alignment: section.contentSection.alignment,
        isPadded: section.contentSection.isPadded,
        primaryButtonLink: section.contentSection.primaryButtonLink,
        pageId: section.contentSection.pageId,
      },
      {
        name: 'Intro',
        type: 'CONTENT_SECTION_CUSTOM',
        description: '<p>Stored <strong>as is</strong></p>',
        rawHTML: '<div class="x">custom</div>',
        alignment: 'CENTER',
        isPadded: true,
        primaryButtonLink: '/deals',
        pageId,
      },
    );
  });

  it('answers in the same few queries however many components a page has (no N+1)', async () => {
    // Both drivers (PGlite and the pg pool) send every statement through `query`.
    const client = (t.app.db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
    const original = client.query;
    let queries = 0;
    client.query = function (this: unknown, ...args: unknown[]) {
      queries += 1;
      return original.apply(this, args);
    };
    const count = async (id: number) => {
      queries = 0;
      const res = await get(`GetDynamicPage?dynamicPageId=${id}`);
      assert.equal(res.statusCode, 200);
      return { queries, components: res.json().pageContentSectionBanners.length as number };
    };
    try {
      const big = await insertPage(t.app, { url: '/big-page' });
      const small = await insertPage(t.app, { url: '/small-page' });
      await t.app.db.insert(pageComponents).values({ pageId: small, type: 'CONTENTSECTION', contentSectionId: sectionId });
      for (let i = 0; i < 6; i++) {
        const banner = await insertBanner(t.app, { name: `Banner ${i}` }, [{ title: 'a' }, { title: 'b' }]);
        const section = await insertContentSection(t.app, { name: `Section ${i}` });
        await t.app.db.insert(pageComponents).values([
          { pageId: big, type: 'BANNER', bannerId: banner, sortOrder: 2 * i },
          { pageId: big, type: 'CONTENTSECTION', contentSectionId: section, sortOrder: 2 * i + 1 },
        ]);
      }
      const smallRun = await count(small);
      const bigRun = await count(big);
      assert.equal(smallRun.components, 1);
      assert.equal(bigRun.components, 12);
      assert.ok(bigRun.queries > 0, 'queries are counted');
      assert.ok(bigRun.queries <= 3, `${bigRun.queries} queries`);
      assert.equal(bigRun.queries, smallRun.queries);
    } finally {
      client.query = original;
    }
  });

  it('ignores a bad token (public call)', async () => {
    const res = await get(`GetDynamicPage?dynamicPageId=${pageId}`, { authorization: 'Bearer tampered' });
    assert.equal(res.statusCode, 200);
  });

  it('renders a blog through GetDynamicBlog only', async () => {
    const blog = await get(`GetDynamicBlog?dynamicPageId=${blogId}`);
    assert.equal(blog.statusCode, 200);
    assert.equal(blog.json().isBlog, true);
    assert.equal(blog.json().addedBy, null);
    assert.deepEqual(
      blog.json().pageContentSectionBanners.map((c: { banner: { bannerItems: Array<{ title: string }> } }) => c.banner.bannerItems.map((i) => i.title)),
      [['Blog slide']],
    );
    const asPage = await get(`GetDynamicPage?dynamicPageId=${blogId}`);
    assert.equal(asPage.statusCode, 404);
    assert.equal(asPage.json().message, CMS_MESSAGES.pageNotFound);
    const pageAsBlog = await get(`GetDynamicBlog?dynamicPageId=${pageId}`);
    assert.equal(pageAsBlog.statusCode, 404);
    assert.equal(pageAsBlog.json().message, CMS_MESSAGES.blogNotFound);
  });

  it('hides inactive pages from everyone, staff and admins included', async () => {
    for (const headers of [{}, people.staff.headers, people.admin.headers]) {
      const res = await get(`GetDynamicPage?dynamicPageId=${draftId}`, headers);
      assert.equal(res.statusCode, 404);
    }
    assert.equal((await get('GetDynamicPage?dynamicPageId=999999')).statusCode, 404);
  });

  it('rejects malformed ids', async () => {
    for (const query of ['dynamicPageId=..%2F..%2Fetc', 'dynamicPageId=1%20OR%201%3D1', 'dynamicPageId=-3', '']) {
      assert.equal((await get(`GetDynamicPage?${query}`)).statusCode, 400, query);
      assert.equal((await get(`GetDynamicBlog?${query}`)).statusCode, 400, query);
    }
  });

  it('lists active blogs newest first for the Blog Posts list, pages and drafts left out', async () => {
    const older = await insertPage(t.app, { name: 'Older post', url: '/older-post', isBlog: true, addedOn: new Date('2026-01-02T10:00:00Z'), addedById: people.admin.id, bannerImageFilePath: 'fedcba9876543210fedcba9876543210.jpg' });
    await insertPage(t.app, { name: 'Draft post', url: '/draft-post', isBlog: true, isActive: false });
    const res = await get('GetBlogPosts');
    assert.equal(res.statusCode, 200);
    const posts = res.json() as { id: number; name: string; url: string; addedBy: string | null; bannerImageFilePath: string | null }[];
    assert.deepEqual(posts.map((p) => p.id), [blogId, older], 'newest first, no page, no draft');
    const last = posts[1]!;
    assert.deepEqual(Object.keys(last).sort(), ['addedBy', 'addedOn', 'bannerImageFilePath', 'description', 'id', 'name', 'url']);
    assert.equal(last.url, '/older-post');
    assert.equal(last.bannerImageFilePath, 'fedcba9876543210fedcba9876543210.jpg');
    assert.equal(last.addedBy, `${people.admin.username} Tester`);
  });
});
