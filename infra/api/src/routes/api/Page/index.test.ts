import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { asc, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { CMS_MESSAGES, MESSAGES } from '@deals/contract';
import { contentSections, menuItems, pageComponents, pages } from '../../../db/schema.js';
import type { HttpError } from '../../../errors.js';
import { STORED_NAME } from '../../../plugins/app/images.js';
import { createTestApp, type TestApp } from '../../../test-support/app.js';
import { assertAdminOnly, imageOnDisk, insertBanner, insertContentSection, insertPage } from '../../../test-support/cms-pages.js';
import { FAKE_IMAGE, form, testImage } from '../../../test-support/forms.js';
import { createTestStaff, type TestStaff } from '../../../test-support/staff.js';

describe('Page routes', () => {
  let t: TestApp;
  let people: TestStaff;
  const call = (method: InjectOptions['method'], url: string, payload?: InjectOptions['payload']) =>
    t.app.inject({ method, url: `/api/Page/${url}`, headers: people.admin.headers, ...(payload === undefined ? {} : { payload }) });
  const getPage = async (id: number) => (await call('GET', `GetPageById?pageId=${id}`)).json();
  const allPages = () => t.app.db.select().from(pages).orderBy(asc(pages.id));
  const allComponents = () => t.app.db.select().from(pageComponents).orderBy(asc(pageComponents.id));
  const create = async (fields: Record<string, string>, files: Record<string, Buffer> = {}) => {
    const res = await call('POST', 'CreatePage', form(fields, files));
    assert.equal(res.statusCode, 200, res.body);
    return res.json().id as number;
  };

  before(async () => {
    t = await createTestApp();
    people = await createTestStaff(t.app);
  });
  after(() => t.close());

  describe('CreatePage and GetPageById', () => {
    it('creates a page from a multipart form with a banner image and reads it back', async () => {
      const image = await testImage('png', 16);
      const res = await call(
        'POST',
        'CreatePage',
        form(
          { name: '  About us ', title: 'About DealDrop', url: '/about-us', bannerColor: '#ff8800', keywords: 'about, team', description: 'Who we are.', isBannerVisible: 'false' },
          { bannerImage: image },
        ),
      );
      assert.equal(res.statusCode, 200, res.body);
      const { message, id } = res.json();
      assert.equal(message, 'Page created successfully');
      const page = await getPage(id);
      assert.equal(page.name, 'About us');
      assert.equal(page.title, 'About DealDrop');
      assert.equal(page.url, '/about-us');
      assert.equal(page.bannerColor, '#ff8800');
      assert.equal(page.keywords, 'about, team');
      assert.equal(page.description, 'Who we are.');
      assert.equal(page.isBannerVisible, false);
      assert.equal(page.isActive, true);
      assert.equal(page.isBlog, false);
      assert.equal(page.addedById, people.admin.id);
      assert.equal(page.addedBy, 'test-admin Tester');
      assert.ok(Math.abs(Date.parse(page.addedOn) - Date.now()) < 60_000);
      assert.deepEqual(page.contentSections, []);
      assert.match(page.bannerImageFilePath, STORED_NAME);
      assert.ok(await imageOnDisk(t.app, page.bannerImageFilePath));
    });

    it('applies the defaults (active, banner visible, #000000) to a JSON body without image', async () => {
      const res = await call('POST', 'CreatePage', { name: 'Terms', url: '/terms' });
      assert.equal(res.statusCode, 200, res.body);
      const page = await getPage(res.json().id);
      assert.equal(page.isActive, true);
      assert.equal(page.isBannerVisible, true);
      assert.equal(page.bannerColor, '#000000');
      assert.equal(page.title, null);
      assert.equal(page.bannerImageFilePath, null);
    });

    it('answers the spec messages and writes nothing for invalid fields', async () => {
      const before = await allPages();
      const cases: Array<[Record<string, string>, string, string]> = [
        [{ url: '/x1' }, 'name', MESSAGES.page.nameRequired],
        [{ name: '   ', url: '/x2' }, 'name', MESSAGES.page.nameRequired],
        [{ name: 'n'.repeat(251), url: '/x3' }, 'name', 'Page Name must be at most 250 characters'],
        [{ name: 'A', title: 't'.repeat(251), url: '/x4' }, 'title', 'Title must be at most 250 characters'],
        [{ name: 'A' }, 'url', MESSAGES.page.urlRequired],
        [{ name: 'A', url: 'about' }, 'url', MESSAGES.general.urlMustStartWithSlash],
        [{ name: 'A', url: 'https://evil.example/x' }, 'url', MESSAGES.general.urlMustStartWithSlash],
        [{ name: 'A', url: `/${'u'.repeat(250)}` }, 'url', 'Url must be at most 250 characters'],
        [{ name: 'A', url: '/about us' }, 'url', CMS_MESSAGES.urlInvalid],
        [{ name: 'A', url: '//evil.example' }, 'url', CMS_MESSAGES.urlInvalid],
        [{ name: 'A', url: '/a/../admin' }, 'url', CMS_MESSAGES.urlInvalid],
        [{ name: 'A', url: '/<script>alert(1)</script>' }, 'url', CMS_MESSAGES.urlInvalid],
        [{ name: 'A', url: "/x'; DROP TABLE pages; --" }, 'url', CMS_MESSAGES.urlInvalid],
        [{ name: 'A', url: '/about/' }, 'url', CMS_MESSAGES.urlInvalid],
        [{ name: 'A', url: '/' }, 'url', CMS_MESSAGES.urlReserved],
        [{ name: 'A', url: '/home' }, 'url', CMS_MESSAGES.urlReserved],
        [{ name: 'A', url: '/Deals' }, 'url', CMS_MESSAGES.urlReserved],
        [{ name: 'A', url: '/deal/details/4' }, 'url', CMS_MESSAGES.urlReserved],
        [{ name: 'A', url: '/admin/management/users' }, 'url', CMS_MESSAGES.urlReserved],
        [{ name: 'A', url: '/cms' }, 'url', CMS_MESSAGES.urlReserved],
        [{ name: 'A', url: '/blogs-and-reviews' }, 'url', CMS_MESSAGES.urlReserved],
        [{ name: 'A', url: '/email-blast-signup' }, 'url', CMS_MESSAGES.urlReserved],
        [{ name: 'A', url: '/preview' }, 'url', CMS_MESSAGES.urlReserved],
        [{ name: 'A', url: '/login' }, 'url', CMS_MESSAGES.urlReserved],
        [{ name: 'A', url: '/api/Users' }, 'url', CMS_MESSAGES.urlReserved],
        [{ name: 'A', url: '/x5', bannerColor: 'red' }, 'bannerColor', MESSAGES.general.hexColor],
        [{ name: 'A', url: '/x6', bannerColor: '#1234567890' }, 'bannerColor', 'Banner Color must be at most 10 characters'],
        [{ name: 'A', url: '/x7', keywords: 'k'.repeat(1501) }, 'keywords', 'Keywords must be at most 1500 characters'],
        [{ name: 'A', url: '/x8', isActive: 'maybe' }, 'isActive', 'Is Active must be true or false'],
      ];
      for (const [fields, field, message] of cases) {
        const res = await call('POST', 'CreatePage', form(fields));
        assert.equal(res.statusCode, 400, JSON.stringify(fields));
        assert.equal(res.json().errors?.[field], message, JSON.stringify(fields));
        assert.equal(res.json().message, message);
      }
      // Wrong types in a JSON body.
      const typed = await call('POST', 'CreatePage', { name: ['A'], url: 42 });
      assert.equal(typed.statusCode, 400);
      assert.deepEqual(await allPages(), before);
    });

    it('refuses a fake image with 415 and a file given as text with 400, writing nothing', async () => {
      const before = await allPages();
      const fake = await call('POST', 'CreatePage', form({ name: 'Fake', url: '/fake' }, { bannerImage: FAKE_IMAGE }));
      assert.equal(fake.statusCode, 415);
      assert.equal(fake.json().message, MESSAGES.upload.unsupported);
      const text = await call('POST', 'CreatePage', { name: 'Fake', url: '/fake', bannerImage: '../../etc/passwd' });
      assert.equal(text.statusCode, 400);
      assert.equal(text.json().errors.bannerImage, CMS_MESSAGES.imageInvalid);
      assert.deepEqual(await allPages(), before);
    });

    it('keeps urls unique across pages and blogs, case-insensitively', async () => {
      await create({ name: 'Contact', url: '/Contact' });
      const before = await allPages();
      for (const url of ['/contact', '/CONTACT', ' /Contact ']) {
        const res = await call('POST', 'CreatePage', { name: 'Again', url });
        assert.equal(res.statusCode, 400, url);
        assert.equal(res.json().errors.url, MESSAGES.page.urlTaken);
      }
      const blog = await t.app.inject({ method: 'POST', url: '/api/Blog/CreateBlog', headers: people.admin.headers, payload: { name: 'Blog', url: '/contact' } });
      assert.equal(blog.statusCode, 400);
      assert.equal(blog.json().errors.url, MESSAGES.page.urlTaken);
      assert.deepEqual(await allPages(), before);
    });

    it('turns a url race lost at the unique index into the same field error', async () => {
      // Past the explicit check (as a concurrent save would be), the database index still refuses.
      const fields = { name: 'Racer', title: null, url: '/CONTACT', keywords: null, description: null, isBannerVisible: undefined, bannerColor: undefined, isActive: undefined };
      const before = await allPages();
      await assert.rejects(t.app.pages.create('blog', fields, null, people.admin.id), (error: HttpError) => {
        assert.equal(error.statusCode, 400);
        assert.deepEqual(error.errors, { url: MESSAGES.page.urlTaken });
        return true;
      });
      const other = await create({ name: 'Other racer', url: '/other-racer' });
      const snapshot = { ...fields, isBannerVisible: true, bannerColor: '#000000', isActive: true, bannerImageFilePath: null };
      await assert.rejects(
        t.app.db.transaction((tx) => t.app.pageDrafts.page.write(tx, other, snapshot)),
        (error: HttpError) => error.statusCode === 400 && error.errors?.url === MESSAGES.page.urlTaken,
      );
      assert.equal((await getPage(other)).url, '/other-racer');
      assert.equal((await allPages()).length, before.length + 1);
    });

    it('stores SQL and markup in text fields literally', async () => {
      const name = "Robert'); DROP TABLE pages; -- <b>bold</b>";
      const id = await create({ name, url: '/literal', description: '<img src=x onerror=alert(1)>' });
      const page = await getPage(id);
      assert.equal(page.name, name);
      assert.equal(page.description, '<img src=x onerror=alert(1)>');
    });

    it('rejects malformed ids and answers 404 for unknown pages and for blogs', async () => {
      for (const query of ['pageId=../1', 'pageId=abc', 'pageId=0', 'pageId=99999999999', '']) {
        const res = await call('GET', `GetPageById?${query}`);
        assert.equal(res.statusCode, 400, query);
      }
      assert.equal((await call('GET', 'GetPageById?pageId=424242')).json().message, CMS_MESSAGES.pageNotFound);
      const blogId = await insertPage(t.app, { url: '/a-blog', isBlog: true });
      const res = await call('GET', `GetPageById?pageId=${blogId}`);
      assert.equal(res.statusCode, 404);
      assert.equal(res.json().message, CMS_MESSAGES.pageNotFound);
    });
  });

  describe('GetAllPages', () => {
    it('lists pages only, by name, filtered by isActive', async () => {
      await insertPage(t.app, { name: 'zz Hidden page', url: '/hidden-page', isActive: false });
      await insertPage(t.app, { name: 'zz Listed blog', url: '/listed-blog', isBlog: true });
      const all = (await call('GET', 'GetAllPages?isActive=')).json();
      const names = all.map((p: { name: string }) => p.name);
      assert.ok(names.includes('zz Hidden page'));
      assert.ok(!names.includes('zz Listed blog'));
      assert.ok(names.indexOf('About us') < names.indexOf('Terms'), 'ordered by name');
      assert.ok(all.every((p: { isBlog: boolean }) => !p.isBlog));
      const active = (await call('GET', 'GetAllPages?isActive=true')).json();
      assert.ok(active.length > 0 && active.every((p: { isActive: boolean }) => p.isActive));
      const inactive = (await call('GET', 'GetAllPages?isActive=false')).json();
      assert.deepEqual(
        inactive.map((p: { name: string }) => p.name),
        ['zz Hidden page'],
      );
      assert.equal(all.length, active.length + inactive.length);
      assert.equal((await call('GET', 'GetAllPages?isActive=perhaps')).statusCode, 400);
    });
  });

  describe('UpdatePage', () => {
    it('replaces the fields: absent texts are cleared, absent flags and colour kept', async () => {
      const id = await create({ name: 'Old', title: 'Old title', url: '/old', keywords: 'k', bannerColor: '#123456', isActive: 'false', isBannerVisible: 'false' });
      const res = await call('PUT', 'UpdatePage', form({ id: String(id), name: 'New', url: '/new-url' }));
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().message, 'Page updated successfully');
      const page = await getPage(id);
      assert.equal(page.name, 'New');
      assert.equal(page.url, '/new-url');
      assert.equal(page.title, null);
      assert.equal(page.keywords, null);
      assert.equal(page.bannerColor, '#123456');
      assert.equal(page.isActive, false);
      assert.equal(page.isBannerVisible, false);
      const flags = await call('PUT', 'UpdatePage', { id, name: 'New', url: '/new-url', isActive: true, bannerColor: '#fff' });
      assert.equal(flags.statusCode, 200);
      assert.equal((await getPage(id)).isActive, true);
      assert.equal((await getPage(id)).bannerColor, '#fff');
    });

    it('lets a page keep its own url in another case but not take another one', async () => {
      const id = await create({ name: 'Mine', url: '/mine' });
      await create({ name: 'Theirs', url: '/theirs' });
      const own = await call('PUT', 'UpdatePage', { id, name: 'Mine', url: '/MINE' });
      assert.equal(own.statusCode, 200, own.body);
      assert.equal((await getPage(id)).url, '/MINE');
      const before = await allPages();
      const taken = await call('PUT', 'UpdatePage', { id, name: 'Mine', url: '/Theirs' });
      assert.equal(taken.statusCode, 400);
      assert.equal(taken.json().errors.url, MESSAGES.page.urlTaken);
      const reserved = await call('PUT', 'UpdatePage', { id, name: 'Mine', url: '/stores' });
      assert.equal(reserved.json().errors.url, CMS_MESSAGES.urlReserved);
      const missing = await call('PUT', 'UpdatePage', { id, url: '/mine' });
      assert.equal(missing.json().errors.name, MESSAGES.page.nameRequired);
      assert.deepEqual(await allPages(), before);
    });

    it('replaces the banner image, keeping the old file for the revisions until the page is deleted; keeps it when none is sent', async () => {
      const id = await create({ name: 'Banner page', url: '/banner-page' }, { bannerImage: await testImage('png', 10, '#111111') });
      const oldImage = (await getPage(id)).bannerImageFilePath as string;
      assert.ok(await imageOnDisk(t.app, oldImage));

      const kept = await call('PUT', 'UpdatePage', form({ id: String(id), name: 'Banner page', url: '/banner-page' }));
      assert.equal(kept.statusCode, 200);
      assert.equal((await getPage(id)).bannerImageFilePath, oldImage);

      const res = await call('PUT', 'UpdatePage', form({ id: String(id), name: 'Banner page', url: '/banner-page' }, { bannerImage: await testImage('jpeg', 10, '#eeeeee') }));
      assert.equal(res.statusCode, 200, res.body);
      const newImage = (await getPage(id)).bannerImageFilePath as string;
      assert.notEqual(newImage, oldImage);
      assert.match(newImage, /\.jpg$/);
      assert.ok(await imageOnDisk(t.app, newImage));
      // The create revision names the old image: Restore would bring it back.
      assert.ok(await imageOnDisk(t.app, oldImage), 'a revision still names the replaced image');
      assert.equal((await call('DELETE', `DeletePage?id=${id}`)).statusCode, 200);
      assert.ok(!(await imageOnDisk(t.app, oldImage)), 'deleted with the page and its revisions');
      assert.ok(!(await imageOnDisk(t.app, newImage)));
    });

    it('keeps a file another page still uses', async () => {
      const shared = await testImage('png', 12, '#abcdef');
      const a = await create({ name: 'Shared A', url: '/shared-a' }, { bannerImage: shared });
      const b = await create({ name: 'Shared B', url: '/shared-b' }, { bannerImage: shared });
      const name = (await getPage(a)).bannerImageFilePath as string;
      assert.equal((await getPage(b)).bannerImageFilePath, name);
      assert.equal((await call('DELETE', `DeletePage?id=${a}`)).statusCode, 200);
      assert.ok(await imageOnDisk(t.app, name), 'still used by the other page');
      assert.equal((await call('DELETE', `DeleteBannerImage?pageId=${b}`)).statusCode, 200);
      assert.ok(await imageOnDisk(t.app, name), "still named by the other page's first revision");
      assert.equal((await call('DELETE', `DeletePage?id=${b}`)).statusCode, 200);
      assert.ok(!(await imageOnDisk(t.app, name)));
    });

    it('answers 404 for an unknown page or a blog, and stores no image then', async () => {
      const blogId = await insertPage(t.app, { url: '/update-blog', isBlog: true });
      const before = await allPages();
      for (const id of [987654, blogId]) {
        const res = await call('PUT', 'UpdatePage', form({ id: String(id), name: 'X', url: '/x-update' }, { bannerImage: await testImage('gif', 9, '#010203') }));
        assert.equal(res.statusCode, 404);
        assert.equal(res.json().message, CMS_MESSAGES.pageNotFound);
      }
      assert.deepEqual(await allPages(), before);
      const id = await create({ name: 'Probe', url: '/probe' }, { bannerImage: await testImage('gif', 9, '#010203') });
      // The rejected updates above never wrote this file; the create just did.
      assert.ok(await imageOnDisk(t.app, (await getPage(id)).bannerImageFilePath));
    });
  });

  describe('DeleteBannerImage and DeletePage', () => {
    it('removes the banner image (its file stays while a revision names it)', async () => {
      const id = await create({ name: 'Image page', url: '/image-page' }, { bannerImage: await testImage('webp', 10, '#222222') });
      const image = (await getPage(id)).bannerImageFilePath as string;
      const res = await call('DELETE', `DeleteBannerImage?pageId=${id}`);
      assert.equal(res.statusCode, 200);
      assert.equal(res.json().message, 'Banner image removed successfully');
      assert.equal((await getPage(id)).bannerImageFilePath, null);
      // The page's first revision still names it (Restore would bring it back).
      assert.ok(await imageOnDisk(t.app, image));
      assert.equal((await call('DELETE', 'DeleteBannerImage?pageId=777777')).statusCode, 404);
      assert.equal((await call('DELETE', 'DeleteBannerImage?pageId=..%2F1')).statusCode, 400);
    });

    it('deletes the page, its assignments and its image; menu items lose the page, sections stay', async () => {
      const id = await create({ name: 'Doomed', url: '/doomed' }, { bannerImage: await testImage('png', 11, '#333333') });
      const image = (await getPage(id)).bannerImageFilePath as string;
      const sectionId = await insertContentSection(t.app, { name: 'Survivor', pageId: id });
      assert.equal((await call('POST', `AssignContentSectionToPage?pageId=${id}&contentSectionId=${sectionId}&type=CONTENTSECTION`)).statusCode, 200);
      const [menu] = await t.app.db.insert(menuItems).values({ name: 'Doomed link', pageId: id }).returning();
      assert.ok(menu);

      const res = await call('DELETE', `DeletePage?id=${id}`);
      assert.equal(res.statusCode, 200);
      assert.equal(res.json().message, 'Page deleted successfully');
      assert.equal((await call('GET', `GetPageById?pageId=${id}`)).statusCode, 404);
      assert.ok(!(await imageOnDisk(t.app, image)));
      assert.deepEqual(await t.app.db.select().from(pageComponents).where(eq(pageComponents.pageId, id)), []);
      const [section] = await t.app.db.select().from(contentSections).where(eq(contentSections.id, sectionId));
      assert.equal(section?.pageId, null);
      const [menuAfter] = await t.app.db.select().from(menuItems).where(eq(menuItems.id, menu.id));
      assert.equal(menuAfter?.pageId, null);

      assert.equal((await call('DELETE', `DeletePage?id=${id}`)).statusCode, 404);
      const blogId = await insertPage(t.app, { url: '/not-a-page', isBlog: true });
      assert.equal((await call('DELETE', `DeletePage?id=${blogId}`)).statusCode, 404);
      assert.equal((await call('DELETE', 'DeletePage?id=abc')).statusCode, 400);
    });
  });

  describe('page components', () => {
    let pageId: number;
    let sectionA: number;
    let sectionB: number;
    let bannerId: number;
    before(async () => {
      pageId = await create({ name: 'Composed', url: '/composed' });
      sectionA = await insertContentSection(t.app, { name: 'Section A' });
      sectionB = await insertContentSection(t.app, { name: 'Section B', isActive: false });
      bannerId = await insertBanner(t.app, { name: 'Hero banner' });
    });

    it('appends content sections and banners in order and lists them on the page', async () => {
      const first = await call('POST', `AssignContentSectionToPage?pageId=${pageId}&contentSectionId=${sectionA}&type=CONTENTSECTION`);
      assert.equal(first.statusCode, 200, first.body);
      assert.equal(first.json().message, 'Content added to the page successfully');
      const second = await call('POST', `AssignContentSectionToPage?pageId=${pageId}&contentSectionId=${bannerId}&type=BANNER`);
      const third = await call('POST', `AssignContentSectionToPage?pageId=${pageId}&contentSectionId=${sectionB}&type=CONTENTSECTION`);
      assert.equal(second.statusCode, 200);
      assert.equal(third.statusCode, 200);
      const { contentSections: list } = await getPage(pageId);
      assert.deepEqual(list, [
        { id: first.json().id, name: 'Section A', type: 'CONTENTSECTION', bannerId: null, contentSectionId: sectionA, sortOrder: 0 },
        { id: second.json().id, name: 'Hero banner', type: 'BANNER', bannerId, contentSectionId: null, sortOrder: 1 },
        { id: third.json().id, name: 'Section B', type: 'CONTENTSECTION', bannerId: null, contentSectionId: sectionB, sortOrder: 2 },
      ]);
    });

    it('takes the empty body as no body or {}, even labelled as JSON, and still refuses bad JSON', async () => {
      const extra = await insertContentSection(t.app, { name: 'Extra' });
      const url = `AssignContentSectionToPage?pageId=${pageId}&contentSectionId=${extra}&type=CONTENTSECTION`;
      const labelled = await t.app.inject({ method: 'POST', url: `/api/Page/${url}`, headers: { ...people.admin.headers, 'content-type': 'application/json' }, payload: '' });
      assert.equal(labelled.statusCode, 200, labelled.body);
      await call('DELETE', `UnassignContentSection?contentSectionBannerId=${labelled.json().id}`);
      const braces = await call('POST', url, {});
      assert.equal(braces.statusCode, 200, braces.body);
      await call('DELETE', `UnassignContentSection?contentSectionBannerId=${braces.json().id}`);
      const broken = await t.app.inject({ method: 'POST', url: '/api/Page/CreatePage', headers: { ...people.admin.headers, 'content-type': 'application/json' }, payload: '{"name":' });
      assert.equal(broken.statusCode, 400);
      const poisoned = await t.app.inject({
        method: 'POST',
        url: '/api/Page/CreatePage',
        headers: { ...people.admin.headers, 'content-type': 'application/json' },
        payload: '{"name":"P","url":"/poisoned","__proto__":{"isAdmin":true}}',
      });
      assert.equal(poisoned.statusCode, 400);
      assert.equal((await call('POST', 'CreatePage', '')).statusCode, 400);
    });

    it('answers the spec message when type or component is missing, 404 for unknown targets', async () => {
      const before = await allComponents();
      for (const query of [
        `pageId=${pageId}&contentSectionId=${sectionA}`,
        `pageId=${pageId}&type=BANNER`,
        `pageId=${pageId}&contentSectionId=&type=`,
        `pageId=${pageId}&contentSectionId=${sectionA}&type=SLIDESHOW`,
        `pageId=${pageId}&contentSectionId=abc&type=BANNER`,
      ]) {
        const res = await call('POST', `AssignContentSectionToPage?${query}`);
        assert.equal(res.statusCode, 400, query);
        assert.equal(res.json().message, MESSAGES.component.typeAndComponentRequired, query);
      }
      const cases: Array<[string, string]> = [
        [`pageId=${pageId}&contentSectionId=999999&type=CONTENTSECTION`, CMS_MESSAGES.contentSectionNotFound],
        [`pageId=${pageId}&contentSectionId=999999&type=BANNER`, CMS_MESSAGES.bannerNotFound],
        [`pageId=999999&contentSectionId=${sectionA}&type=CONTENTSECTION`, CMS_MESSAGES.pageNotFound],
        // A section id is not a banner id.
        [`pageId=${pageId}&contentSectionId=${sectionB + bannerId + 100}&type=BANNER`, CMS_MESSAGES.bannerNotFound],
      ];
      for (const [query, message] of cases) {
        const res = await call('POST', `AssignContentSectionToPage?${query}`);
        assert.equal(res.statusCode, 404, query);
        assert.equal(res.json().message, message);
      }
      const blogId = await insertPage(t.app, { url: '/assign-blog', isBlog: true });
      const wrongKind = await call('POST', `AssignContentSectionToPage?pageId=${blogId}&contentSectionId=${sectionA}&type=CONTENTSECTION`);
      assert.equal(wrongKind.statusCode, 404);
      const duplicate = await call('POST', `AssignContentSectionToPage?pageId=${pageId}&contentSectionId=${sectionA}&type=CONTENTSECTION`);
      assert.equal(duplicate.statusCode, 400);
      assert.equal(duplicate.json().errors.contentSectionId, CMS_MESSAGES.componentAlreadyAssigned);
      assert.deepEqual(await allComponents(), before);
    });

    it('sorts the components in one transaction; a bad id writes nothing', async () => {
      const ids = (await getPage(pageId)).contentSections.map((c: { id: number }) => c.id) as number[];
      const [a, b, c] = ids as [number, number, number];
      const res = await call('PUT', 'SortPageContentSections', [
        { id: c, sortOrder: 0 },
        { id: a, sortOrder: 1 },
        { id: b, sortOrder: 2 },
      ]);
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().message, 'Page content sorted successfully');
      assert.deepEqual(
        (await getPage(pageId)).contentSections.map((x: { id: number }) => x.id),
        [c, a, b],
      );

      const otherPage = await create({ name: 'Other', url: '/other-composed' });
      const other = (await call('POST', `AssignContentSectionToPage?pageId=${otherPage}&contentSectionId=${sectionA}&type=CONTENTSECTION`)).json().id as number;
      const blogId = await insertPage(t.app, { url: '/sort-blog', isBlog: true });
      const [blogComponent] = await t.app.db.insert(pageComponents).values({ pageId: blogId, type: 'BANNER', bannerId, sortOrder: 0 }).returning();
      assert.ok(blogComponent);

      const before = await allComponents();
      const bad: Array<[unknown, string]> = [
        [[{ id: a, sortOrder: 5 }, { id: 999999, sortOrder: 6 }], CMS_MESSAGES.sortUnknown],
        [[{ id: a, sortOrder: 5 }, { id: blogComponent.id, sortOrder: 6 }], CMS_MESSAGES.sortUnknown],
        [[{ id: a, sortOrder: 5 }, { id: other, sortOrder: 6 }], CMS_MESSAGES.sortMixed],
        [[{ id: a, sortOrder: 5 }, { id: a, sortOrder: 6 }], CMS_MESSAGES.sortDuplicate],
      ];
      for (const [body, message] of bad) {
        const refused = await call('PUT', 'SortPageContentSections', body as InjectOptions['payload']);
        assert.equal(refused.statusCode, 400, JSON.stringify(body));
        assert.equal(refused.json().message, message);
      }
      for (const body of [[{ id: a, sortOrder: -1 }], [{ id: 'x', sortOrder: 1 }], { id: a, sortOrder: 1 }]) {
        assert.equal((await call('PUT', 'SortPageContentSections', body)).statusCode, 400, JSON.stringify(body));
      }
      assert.deepEqual(await allComponents(), before);
      assert.equal((await call('PUT', 'SortPageContentSections', [])).statusCode, 200);
    });

    it('unassigns a component but never one of a blog', async () => {
      const [first] = (await getPage(pageId)).contentSections as Array<{ id: number }>;
      assert.ok(first);
      const res = await call('DELETE', `UnassignContentSection?contentSectionBannerId=${first.id}`);
      assert.equal(res.statusCode, 200);
      assert.equal(res.json().message, 'Content removed from the page successfully');
      assert.ok(!(await getPage(pageId)).contentSections.some((c: { id: number }) => c.id === first.id));
      const again = await call('DELETE', `UnassignContentSection?contentSectionBannerId=${first.id}`);
      assert.equal(again.statusCode, 404);
      assert.equal(again.json().message, CMS_MESSAGES.componentNotFound);

      const blogId = await insertPage(t.app, { url: '/unassign-blog', isBlog: true });
      const [blogComponent] = await t.app.db.insert(pageComponents).values({ pageId: blogId, type: 'CONTENTSECTION', contentSectionId: sectionA }).returning();
      assert.ok(blogComponent);
      assert.equal((await call('DELETE', `UnassignContentSection?contentSectionBannerId=${blogComponent.id}`)).statusCode, 404);
      assert.equal((await t.app.db.select().from(pageComponents).where(eq(pageComponents.id, blogComponent.id))).length, 1);
      assert.equal((await call('DELETE', 'UnassignContentSection?contentSectionBannerId=-1')).statusCode, 400);
    });
  });

  it('refuses every Page call to anonymous callers and bad tokens (401) and to staff (403)', async () => {
    const id = await insertPage(t.app, { url: '/guarded', bannerImageFilePath: null });
    const image = await testImage('png', 8);
    await assertAdminOnly(
      t.app,
      people,
      [
        { method: 'GET', url: '/api/Page/GetAllPages?isActive=' },
        { method: 'GET', url: `/api/Page/GetPageById?pageId=${id}` },
        { method: 'POST', url: '/api/Page/CreatePage', payload: form({ name: 'Sneaky', url: '/sneaky' }, { bannerImage: image }) },
        { method: 'PUT', url: '/api/Page/UpdatePage', payload: { id, name: 'Sneaky', url: '/sneaky' } },
        { method: 'DELETE', url: `/api/Page/DeletePage?id=${id}` },
        { method: 'POST', url: `/api/Page/AssignContentSectionToPage?pageId=${id}&contentSectionId=1&type=CONTENTSECTION` },
        { method: 'DELETE', url: '/api/Page/UnassignContentSection?contentSectionBannerId=1' },
        { method: 'PUT', url: '/api/Page/SortPageContentSections', payload: [{ id: 1, sortOrder: 3 }] },
        { method: 'DELETE', url: `/api/Page/DeleteBannerImage?pageId=${id}` },
      ],
      async () => [await allPages(), await allComponents()],
    );
  });

  describe('GetPagePreview', () => {
    it('renders a draft page with its inactive components for the editor, to admins only', async () => {
      const id = await insertPage(t.app, { name: 'Draft to preview', title: 'Soon', url: '/draft-preview', isActive: false });
      const on = await insertContentSection(t.app, { name: 'Shown' });
      const off = await insertContentSection(t.app, { name: 'Hidden yet', isActive: false });
      await t.app.db.insert(pageComponents).values([
        { pageId: id, type: 'CONTENTSECTION', contentSectionId: off, sortOrder: 1 },
        { pageId: id, type: 'CONTENTSECTION', contentSectionId: on, sortOrder: 2 },
      ]);
      const res = await call('GET', `GetPagePreview?pageId=${id}`);
      assert.equal(res.statusCode, 200, res.body);
      const page = res.json();
      assert.equal(page.title, 'Soon');
      assert.deepEqual(page.pageContentSectionBanners.map((c: { contentSection: { name: string } }) => c.contentSection.name), ['Hidden yet', 'Shown']);
      const publicView = await t.app.inject({ method: 'GET', url: `/api/Home/GetDynamicPage?dynamicPageId=${id}` });
      assert.equal(publicView.statusCode, 404, 'the public still cannot see the draft');
      for (const headers of [{}, people.staff.headers]) {
        const denied = await t.app.inject({ method: 'GET', url: `/api/Page/GetPagePreview?pageId=${id}`, headers });
        assert.ok([401, 403].includes(denied.statusCode), String(denied.statusCode));
      }
      const blogId = await insertPage(t.app, { name: 'A blog', url: '/a-blog-preview', isBlog: true, isActive: false });
      assert.equal((await call('GET', `GetPagePreview?pageId=${blogId}`)).statusCode, 404, 'a blog is not a page');
      const blog = await t.app.inject({ method: 'GET', url: `/api/Blog/GetBlogPreview?blogId=${blogId}`, headers: people.admin.headers });
      assert.equal(blog.statusCode, 200);
      assert.equal(blog.json().isBlog, true);
    });
  });
});
