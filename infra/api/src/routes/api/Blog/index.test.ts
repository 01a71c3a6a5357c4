import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { asc, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { CMS_MESSAGES, MESSAGES } from '@deals/contract';
import { pageComponents, pages, users } from '../../../db/schema.js';
import { STORED_NAME } from '../../../plugins/app/images.js';
import { createTestApp, type TestApp } from '../../../test-support/app.js';
import { assertAdminOnly, imageOnDisk, insertBanner, insertContentSection, insertPage } from '../../../test-support/cms-pages.js';
import { form, testImage } from '../../../test-support/forms.js';
import { createTestStaff, createTestUser, type TestStaff } from '../../../test-support/staff.js';

describe('Blog routes', () => {
  let t: TestApp;
  let people: TestStaff;
  const call = (method: InjectOptions['method'], url: string, payload?: InjectOptions['payload'], headers = people.admin.headers) =>
    t.app.inject({ method, url: `/api/Blog/${url}`, headers, ...(payload === undefined ? {} : { payload }) });
  const getBlog = async (id: number) => (await call('GET', `GetBlogById?blogId=${id}`)).json();
  const allPages = () => t.app.db.select().from(pages).orderBy(asc(pages.id));
  const allComponents = () => t.app.db.select().from(pageComponents).orderBy(asc(pageComponents.id));
  const create = async (fields: Record<string, string>, files: Record<string, Buffer> = {}) => {
    const res = await call('POST', 'CreateBlog', form(fields, files));
    assert.equal(res.statusCode, 200, res.body);
    return res.json().id as number;
  };
  /** A page (not a blog) for the "wrong kind" cells. */
  let pageId: number;

  before(async () => {
    t = await createTestApp();
    people = await createTestStaff(t.app);
    pageId = await insertPage(t.app, { name: 'A plain page', url: '/plain-page' });
  });
  after(() => t.close());

  it('creates a blog with a banner image and reads it back', async () => {
    const res = await call(
      'POST',
      'CreateBlog',
      form({ name: 'Black Friday guide', url: '/blog/black-friday', keywords: 'deals', description: 'Where to shop.', bannerColor: '#abc' }, { bannerImage: await testImage('jpeg', 12) }),
    );
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().message, 'Blog created successfully');
    const blog = await getBlog(res.json().id);
    assert.equal(blog.name, 'Black Friday guide');
    assert.equal(blog.url, '/blog/black-friday');
    assert.equal(blog.isBlog, true);
    assert.equal(blog.isActive, true);
    assert.equal(blog.isBannerVisible, true);
    assert.equal(blog.bannerColor, '#abc');
    assert.equal(blog.keywords, 'deals');
    assert.equal(blog.description, 'Where to shop.');
    assert.equal(blog.addedBy, 'test-admin Tester');
    assert.match(blog.bannerImageFilePath, STORED_NAME);
    assert.ok(await imageOnDisk(t.app, blog.bannerImageFilePath));
    assert.deepEqual(blog.contentSections, []);
  });

  it('answers the spec messages (the blog name reuses the menu item wording) and writes nothing', async () => {
    const before = await allPages();
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ url: '/b1' }, 'name', 'Menu Item Name is required'],
      [{ name: 'n'.repeat(251), url: '/b2' }, 'name', 'Blog Name must be at most 250 characters'],
      [{ name: 'B' }, 'url', MESSAGES.blog.urlRequired],
      [{ name: 'B', url: 'blog/x' }, 'url', MESSAGES.general.urlMustStartWithSlash],
      [{ name: 'B', url: '/blogs-and-reviews' }, 'url', CMS_MESSAGES.urlReserved],
      [{ name: 'B', url: '/b3', bannerColor: '#00000000000' }, 'bannerColor', 'Banner Color must be at most 10 characters'],
      [{ name: 'B', url: '/b4', keywords: 'k'.repeat(1501) }, 'keywords', 'Keywords must be at most 1500 characters'],
      [{ name: 'B', url: '/b5', isBannerVisible: 'sometimes' }, 'isBannerVisible', 'Is Banner Visible must be true or false'],
    ];
    for (const [fields, field, message] of cases) {
      const res = await call('POST', 'CreateBlog', form(fields));
      assert.equal(res.statusCode, 400, JSON.stringify(fields));
      assert.equal(res.json().errors?.[field], message, JSON.stringify(fields));
    }
    const taken = await call('POST', 'CreateBlog', { name: 'Same url as a page', url: '/Plain-Page' });
    assert.equal(taken.statusCode, 400);
    assert.equal(taken.json().errors.url, MESSAGES.page.urlTaken);
    assert.deepEqual(await allPages(), before);
  });

  it('lists blogs newest first with who added them and when, filtered by isActive', async () => {
    const writer = await createTestUser(t.app, 'blog-writer', true, { fullName: 'Wendy Writer' });
    const older = await create({ name: 'Older post', url: '/older-post' });
    await t.app.db.update(pages).set({ addedOn: new Date('2024-01-02T03:04:05Z') }).where(eq(pages.id, older));
    const hidden = await t.app.inject({ method: 'POST', url: '/api/Blog/CreateBlog', headers: writer.headers, payload: { name: 'Hidden post', url: '/hidden-post', isActive: false } });
    assert.equal(hidden.statusCode, 200);

    const all = (await call('GET', 'GetAllBlogs?isActive=')).json() as Array<{ name: string; addedBy: string | null; addedOn: string; isBlog: boolean; isActive: boolean }>;
    assert.ok(all.every((b) => b.isBlog));
    assert.ok(!all.some((b) => b.name === 'A plain page'));
    assert.equal(all[0]?.name, 'Hidden post');
    assert.equal(all[0]?.addedBy, 'Wendy Writer');
    assert.equal(all.at(-1)?.name, 'Older post');
    assert.equal(all.at(-1)?.addedOn, '2024-01-02T03:04:05.000Z');
    const active = (await call('GET', 'GetAllBlogs?isActive=true')).json() as Array<{ name: string }>;
    assert.ok(!active.some((b) => b.name === 'Hidden post'));
    assert.equal(active.length, all.length - 1);

    // The author's account is deleted: the blog stays, without a name.
    await t.app.db.delete(users).where(eq(users.id, writer.id));
    const after = (await call('GET', 'GetAllBlogs?isActive=false')).json() as Array<{ name: string; addedBy: string | null }>;
    assert.deepEqual(
      after.map((b) => [b.name, b.addedBy]),
      [['Hidden post', null]],
    );
  });

  it('updates a blog, replacing its image (the old file stays while a revision names it)', async () => {
    const id = await create({ name: 'Draft', url: '/draft' }, { bannerImage: await testImage('png', 14, '#445566') });
    const old = (await getBlog(id)).bannerImageFilePath as string;
    const res = await call('PUT', 'UpdateBlog', form({ id: String(id), name: 'Published', url: '/published', isActive: 'false' }, { bannerImage: await testImage('png', 14, '#665544') }));
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().message, 'Blog updated successfully');
    const blog = await getBlog(id);
    assert.equal(blog.name, 'Published');
    assert.equal(blog.url, '/published');
    assert.equal(blog.isActive, false);
    assert.notEqual(blog.bannerImageFilePath, old);
    assert.ok(await imageOnDisk(t.app, blog.bannerImageFilePath));
    assert.ok(await imageOnDisk(t.app, old), 'the create revision names it');

    const noName = await call('PUT', 'UpdateBlog', { id, url: '/published' });
    assert.equal(noName.json().errors.name, MESSAGES.blog.nameRequired);
    const taken = await call('PUT', 'UpdateBlog', { id, name: 'Published', url: '/PLAIN-page' });
    assert.equal(taken.json().errors.url, MESSAGES.page.urlTaken);
  });

  it('answers 404 when a page id is passed to a blog call (and writes nothing)', async () => {
    const sectionId = await insertContentSection(t.app);
    const [pageComponent] = await t.app.db.insert(pageComponents).values({ pageId, type: 'CONTENTSECTION', contentSectionId: sectionId }).returning();
    assert.ok(pageComponent);
    const before = [await allPages(), await allComponents()];
    const calls: Array<[InjectOptions['method'], string, InjectOptions['payload']?]> = [
      ['GET', `GetBlogById?blogId=${pageId}`],
      ['PUT', 'UpdateBlog', { id: pageId, name: 'Hijack', url: '/hijack' }],
      ['DELETE', `DeleteBlog?id=${pageId}`],
      ['POST', `AssignContentSectionToBlog?blogId=${pageId}&contentSectionId=${sectionId}&type=CONTENTSECTION`],
      ['DELETE', `UnassignContentSection?contentSectionBannerId=${pageComponent.id}`],
      ['DELETE', `DeleteBannerImage?blogId=${pageId}`],
    ];
    for (const [method, url, payload] of calls) {
      const res = await call(method, url, payload);
      assert.equal(res.statusCode, 404, `${method} ${url}`);
    }
    assert.equal((await call('GET', `GetBlogById?blogId=${pageId}`)).json().message, CMS_MESSAGES.blogNotFound);
    const sort = await call('PUT', 'SortBlogContentSections', [{ id: pageComponent.id, sortOrder: 9 }]);
    assert.equal(sort.statusCode, 400);
    assert.equal(sort.json().message, CMS_MESSAGES.sortUnknown);
    assert.deepEqual([await allPages(), await allComponents()], before);
  });

  it('assigns, sorts and unassigns blog content', async () => {
    const id = await create({ name: 'Composed post', url: '/composed-post' });
    const sectionId = await insertContentSection(t.app, { name: 'Intro' });
    const bannerId = await insertBanner(t.app, { name: 'Carousel' });
    const missing = await call('POST', `AssignContentSectionToBlog?blogId=${id}&type=CONTENTSECTION`);
    assert.equal(missing.statusCode, 400);
    assert.equal(missing.json().message, MESSAGES.component.typeAndComponentRequired);

    const a = await call('POST', `AssignContentSectionToBlog?blogId=${id}&contentSectionId=${sectionId}&type=CONTENTSECTION`);
    const b = await call('POST', `AssignContentSectionToBlog?blogId=${id}&contentSectionId=${bannerId}&type=BANNER`);
    assert.equal(a.statusCode, 200, a.body);
    assert.equal(a.json().message, 'Content added to the blog successfully');
    assert.equal(b.statusCode, 200);
    assert.deepEqual(
      (await getBlog(id)).contentSections.map((c: { name: string; type: string }) => [c.name, c.type]),
      [
        ['Intro', 'CONTENTSECTION'],
        ['Carousel', 'BANNER'],
      ],
    );

    const sorted = await call('PUT', 'SortBlogContentSections', [
      { id: b.json().id, sortOrder: 0 },
      { id: a.json().id, sortOrder: 1 },
    ]);
    assert.equal(sorted.statusCode, 200);
    assert.equal(sorted.json().message, 'Blog content sorted successfully');
    assert.deepEqual(
      (await getBlog(id)).contentSections.map((c: { name: string }) => c.name),
      ['Carousel', 'Intro'],
    );

    const before = await allComponents();
    const bad = await call('PUT', 'SortBlogContentSections', [
      { id: a.json().id, sortOrder: 7 },
      { id: 123456, sortOrder: 8 },
    ]);
    assert.equal(bad.statusCode, 400);
    assert.deepEqual(await allComponents(), before);

    const removed = await call('DELETE', `UnassignContentSection?contentSectionBannerId=${a.json().id}`);
    assert.equal(removed.statusCode, 200);
    assert.equal(removed.json().message, 'Content removed from the blog successfully');
    assert.deepEqual(
      (await getBlog(id)).contentSections.map((c: { name: string }) => c.name),
      ['Carousel'],
    );
  });

  it('removes the banner image, then deletes the blog', async () => {
    const id = await create({ name: 'Short-lived', url: '/short-lived' }, { bannerImage: await testImage('gif', 10, '#778899') });
    const image = (await getBlog(id)).bannerImageFilePath as string;
    const res = await call('DELETE', `DeleteBannerImage?blogId=${id}`);
    assert.equal(res.statusCode, 200);
    assert.equal((await getBlog(id)).bannerImageFilePath, null);
    assert.ok(await imageOnDisk(t.app, image), 'the create revision names it');
    assert.equal((await call('DELETE', `DeleteBlog?id=${id}`)).statusCode, 200);
    assert.ok(!(await imageOnDisk(t.app, image)), 'gone with the blog and its revisions');

    const second = await create({ name: 'With image', url: '/with-image' }, { bannerImage: await testImage('gif', 10, '#998877') });
    const secondImage = (await getBlog(second)).bannerImageFilePath as string;
    const deleted = await call('DELETE', `DeleteBlog?id=${second}`);
    assert.equal(deleted.statusCode, 200);
    assert.equal(deleted.json().message, 'Blog deleted successfully');
    assert.equal((await call('GET', `GetBlogById?blogId=${second}`)).statusCode, 404);
    assert.ok(!(await imageOnDisk(t.app, secondImage)));
    assert.equal((await call('DELETE', `DeleteBlog?id=${second}`)).statusCode, 404);
  });

  it('refuses every Blog call to anonymous callers and bad tokens (401) and to staff (403)', async () => {
    const id = await insertPage(t.app, { url: '/guarded-blog', isBlog: true });
    await assertAdminOnly(
      t.app,
      people,
      [
        { method: 'GET', url: '/api/Blog/GetAllBlogs?isActive=' },
        { method: 'GET', url: `/api/Blog/GetBlogById?blogId=${id}` },
        { method: 'POST', url: '/api/Blog/CreateBlog', payload: form({ name: 'Sneaky', url: '/sneaky-blog' }) },
        { method: 'PUT', url: '/api/Blog/UpdateBlog', payload: { id, name: 'Sneaky', url: '/sneaky-blog' } },
        { method: 'DELETE', url: `/api/Blog/DeleteBlog?id=${id}` },
        { method: 'POST', url: `/api/Blog/AssignContentSectionToBlog?blogId=${id}&contentSectionId=1&type=CONTENTSECTION` },
        { method: 'DELETE', url: '/api/Blog/UnassignContentSection?contentSectionBannerId=1' },
        { method: 'PUT', url: '/api/Blog/SortBlogContentSections', payload: [{ id: 1, sortOrder: 3 }] },
        { method: 'DELETE', url: `/api/Blog/DeleteBannerImage?blogId=${id}` },
      ],
      async () => [await allPages(), await allComponents()],
    );
  });
});
