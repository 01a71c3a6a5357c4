import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { count, eq } from 'drizzle-orm';
import { contentSections, pageComponents } from '../../../db/schema.js';
import { STORED_NAME } from '../../../plugins/app/images.js';
import { createTestApp, type TestApp } from '../../../test-support/app.js';
import { FAKE_IMAGE, form, testImage } from '../../../test-support/forms.js';
import { assignComponent, insertPage, sectionFields, storedFiles } from '../../../test-support/sections.js';
import { createTestStaff, type TestStaff } from '../../../test-support/staff.js';

const BASE = '/api/ContentSection';

describe('ContentSection routes', () => {
  let t: TestApp;
  let users: TestStaff;
  let png: Buffer;
  let jpeg: Buffer;
  let pageId: number;
  let blogId: number;

  const sectionCount = async () => (await t.app.db.select({ n: count() }).from(contentSections))[0]?.n ?? 0;

  async function create(fields: Record<string, string | number | boolean | null | undefined>, files: Record<string, Buffer> = { image: png }) {
    return t.app.inject({ method: 'POST', url: `${BASE}/CreateContentSection`, headers: users.admin.headers, payload: form(fields, files) });
  }

  async function createOk(fields: Record<string, string | number | boolean | null | undefined>, files: Record<string, Buffer> = { image: png }): Promise<number> {
    const res = await create(fields, files);
    assert.equal(res.statusCode, 200, res.body);
    return res.json().id as number;
  }

  async function read(id: number) {
    const res = await t.app.inject({ method: 'GET', url: `${BASE}/GetContentSectionById?contentSectionId=${id}`, headers: users.admin.headers });
    assert.equal(res.statusCode, 200, res.body);
    return res.json();
  }

  /** Expects a 400 carrying `message` for `field` and nothing written (no row, no file). */
  async function rejects(fields: Record<string, string | number | boolean | null | undefined>, field: string, message: string, files: Record<string, Buffer> = { image: png }) {
    const rows = await sectionCount();
    const disk = await storedFiles(t.app);
    const res = await create(fields, files);
    assert.equal(res.statusCode, 400, res.body);
    assert.equal(res.json().errors?.[field], message, res.body);
    assert.equal(await sectionCount(), rows);
    assert.deepEqual(await storedFiles(t.app), disk);
  }

  before(async () => {
    t = await createTestApp();
    users = await createTestStaff(t.app);
    png = await testImage('png');
    jpeg = await testImage('jpeg', 8, '#e76f51');
    pageId = await insertPage(t.app);
    blogId = await insertPage(t.app, { isBlog: true });
  });
  after(() => t.close());

  describe('authorization', () => {
    const routes = [
      ['GET', `${BASE}/GetAllContentSections?isActive=`],
      ['GET', `${BASE}/GetContentSectionById?contentSectionId=1`],
      ['POST', `${BASE}/CreateContentSection`],
      ['PUT', `${BASE}/UpdateContentSection`],
      ['DELETE', `${BASE}/DeleteContentSection?id=1`],
      ['GET', `${BASE}/GetContentSectionOptions?pageId=1&type=BANNER`],
      ['GET', `${BASE}/GetContentSectionOptionsForBlog?blogId=1&type=BANNER`],
      ['POST', `${BASE}/UploadImageToContentSection`],
    ] as const;

    it('answers 401 to anonymous callers and bad tokens, 403 to staff, on every route, writing nothing', async () => {
      const id = await createOk(sectionFields({ name: 'Guarded' }));
      const before = await storedFiles(t.app);
      const payload = () => form(sectionFields({ id, name: 'Hijacked' }), { image: jpeg, file: jpeg });
      for (const [method, url] of routes) {
        const target = url.replace('Id=1', `Id=${id}`).replace('id=1', `id=${id}`);
        const writes = method !== 'GET';
        const anonymous = await t.app.inject({ method, url: target, ...(writes && { payload: payload() }) });
        assert.equal(anonymous.statusCode, 401, `${method} ${url} anonymous`);
        const bad = await t.app.inject({ method, url: target, headers: { authorization: 'Bearer nope' }, ...(writes && { payload: payload() }) });
        assert.equal(bad.statusCode, 401, `${method} ${url} bad token`);
        const staff = await t.app.inject({ method, url: target, headers: users.staff.headers, ...(writes && { payload: payload() }) });
        assert.equal(staff.statusCode, 403, `${method} ${url} staff`);
        assert.ok(staff.json().message);
      }
      assert.equal((await read(id)).name, 'Guarded');
      assert.deepEqual(await storedFiles(t.app), before);
    });
  });

  describe('CreateContentSection and GetContentSectionById', () => {
    it('creates a section from a multipart form and reads it back', async () => {
      const res = await create(sectionFields({ pageId, primaryButtonText: 'Shop now', primaryButtonActionType: 'PAGE', primaryButtonLink: '/deals' }));
      assert.equal(res.statusCode, 200, res.body);
      const { message, id } = res.json();
      assert.equal(message, 'Content section created successfully');
      const section = await read(id);
      assert.equal(section.name, 'Spring Sale');
      assert.equal(section.type, 'CONTENT_SECTION_DEFAULT');
      assert.equal(section.title, 'Save big this spring');
      assert.equal(section.description, '<p>Deals on <strong>everything</strong>.</p>');
      assert.equal(section.pageId, pageId);
      assert.equal(section.blogId, null);
      assert.equal(section.bannerId, null);
      assert.equal(section.isActive, true);
      assert.equal(section.rawHTML, null);
      assert.equal(section.primaryButtonText, 'Shop now');
      assert.equal(section.primaryButtonActionType, 'PAGE');
      assert.equal(section.primaryButtonLink, '/deals');
      assert.match(section.imagePath, STORED_NAME);
      assert.ok((await storedFiles(t.app)).includes(section.imagePath));
      const served = await t.app.inject({ method: 'GET', url: `/api/Attachments/${section.imagePath}` });
      assert.equal(served.statusCode, 200);
    });

    it('accepts JSON for a section type that needs no image, and a blog origin', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: `${BASE}/CreateContentSection`,
        headers: users.admin.headers,
        payload: { ...sectionFields({ type: 'CONTENT_SECTION_TEXTONLY', blogId }), isActive: false },
      });
      assert.equal(res.statusCode, 200, res.body);
      const section = await read(res.json().id);
      assert.equal(section.blogId, blogId);
      assert.equal(section.imagePath, null);
      assert.equal(section.isActive, false);
    });

    it('sets layout flags and locked alignments from the type, whatever the client sent', async () => {
      const sent = { alignment: 'CENTER', isPadded: true, isTextOnly: true, isFloatingCard: true, hasRoundedCorners: true };
      const expected = {
        CONTENT_SECTION_DEFAULT: { alignment: 'LEFT', isPadded: false, isTextOnly: false, isFloatingCard: false },
        CONTENT_SECTION_REVERSED: { alignment: 'RIGHT', isPadded: false, isTextOnly: false, isFloatingCard: false },
        CONTENT_SECTION_FULLWIDTH: { alignment: 'CENTER', isPadded: false, isTextOnly: false, isFloatingCard: false },
        CONTENT_SECTION_FULLWIDTH_PADDED: { alignment: 'CENTER', isPadded: true, isTextOnly: false, isFloatingCard: false },
        CONTENT_SECTION_TEXTONLY: { alignment: 'CENTER', isPadded: false, isTextOnly: true, isFloatingCard: false },
        CONTENT_SECTION_CARD: { alignment: 'CENTER', isPadded: false, isTextOnly: false, isFloatingCard: true },
        CONTENT_SECTION_BANNER: { alignment: 'CENTER', isPadded: false, isTextOnly: false, isFloatingCard: false },
        CONTENT_SECTION_DYNAMIC_BANNER: { alignment: 'CENTER', isPadded: false, isTextOnly: false, isFloatingCard: false },
        CONTENT_SECTION_CUSTOM: { alignment: 'CENTER', isPadded: false, isTextOnly: false, isFloatingCard: false },
      };
      for (const [type, flags] of Object.entries(expected)) {
        const section = await read(await createOk(sectionFields({ type, ...sent })));
        assert.deepEqual(
          { alignment: section.alignment, isPadded: section.isPadded, isTextOnly: section.isTextOnly, isFloatingCard: section.isFloatingCard },
          flags,
          type,
        );
        assert.equal(section.hasRoundedCorners, true, type);
      }
    });

    it('needs no alignment where the type locks it', async () => {
      const section = await read(await createOk(sectionFields({ type: 'CONTENT_SECTION_REVERSED', alignment: undefined })));
      assert.equal(section.alignment, 'RIGHT');
    });

    it('answers the spec messages for the required fields', async () => {
      await rejects(sectionFields({ name: undefined }), 'name', 'Content Section Name is required');
      await rejects(sectionFields({ name: '   ' }), 'name', 'Content Section Name is required');
      await rejects(sectionFields({ type: undefined }), 'type', 'Type is required');
      await rejects(sectionFields({ title: undefined }), 'title', 'Title is required');
      await rejects(sectionFields({ description: undefined }), 'description', 'Content Details is required');
      // An empty editor still sends markup.
      await rejects(sectionFields({ description: '<p><br></p>' }), 'description', 'Content Details is required');
      await rejects(sectionFields({ type: 'CONTENT_SECTION_FULLWIDTH', alignment: undefined }), 'alignment', 'Alignment is required');
      await rejects(sectionFields(), 'image', 'Error! Please upload an image', {});
    });

    it('reports every failed rule of the form together', async () => {
      const res = await create(sectionFields({ title: undefined, description: undefined, primaryButtonText: 'Go' }), {});
      assert.equal(res.statusCode, 400);
      assert.deepEqual(res.json().errors, {
        title: 'Title is required',
        description: 'Content Details is required',
        image: 'Error! Please upload an image',
        primaryButtonActionType: 'Primary Action Type is required',
        primaryButtonLink: 'Primary Action Link is required',
      });
      assert.equal(res.json().message, 'Title is required');
    });

    it('makes title, description and image optional only where the spec says', async () => {
      const custom = await read(await createOk({ name: 'Custom', type: 'CONTENT_SECTION_CUSTOM', alignment: 'LEFT', rawHTML: '<section>x</section>' }, {}));
      assert.equal(custom.title, null);
      assert.equal(custom.description, null);
      assert.equal(custom.imagePath, null);
      const banner = await read(await createOk(sectionFields({ type: 'CONTENT_SECTION_BANNER', description: undefined })));
      assert.equal(banner.description, null);
      await createOk(sectionFields({ type: 'CONTENT_SECTION_DYNAMIC_BANNER', description: undefined }));
      await rejects(sectionFields({ type: 'CONTENT_SECTION_TEXTONLY', description: undefined }), 'description', 'Content Details is required', {});
      await rejects(sectionFields({ type: 'CONTENT_SECTION_CARD' }), 'image', 'Error! Please upload an image', {});
    });

    it('applies the length limits', async () => {
      await rejects(sectionFields({ name: 'n'.repeat(151) }), 'name', 'Content Section Name must be at most 150 characters');
      await createOk(sectionFields({ name: 'n'.repeat(150) }));
      await rejects(sectionFields({ title: 't'.repeat(1001) }), 'title', 'Title must be at most 1000 characters');
      await rejects(
        sectionFields({ primaryButtonText: 'b'.repeat(51), primaryButtonActionType: 'PAGE', primaryButtonLink: '/x' }),
        'primaryButtonText',
        'Primary Button Text must be at most 50 characters',
      );
      await rejects(
        sectionFields({ primaryButtonText: 'Go', primaryButtonActionType: 'PAGE', primaryButtonLink: `/${'l'.repeat(500)}` }),
        'primaryButtonLink',
        'Primary Action Link must be at most 500 characters',
      );
      await rejects(sectionFields({ type: 'CONTENT_SECTION_SIDEWAYS' }), 'type', 'Please choose a valid type');
      await rejects(sectionFields({ alignment: 'TOP' }), 'alignment', 'Alignment must be LEFT, CENTER or RIGHT');
    });

    it('requires action type and link for a button with text, and checks the link against its type', async () => {
      await rejects(sectionFields({ primaryButtonText: 'Go', primaryButtonLink: '/x' }), 'primaryButtonActionType', 'Primary Action Type is required');
      await rejects(sectionFields({ primaryButtonText: 'Go', primaryButtonActionType: 'PAGE' }), 'primaryButtonLink', 'Primary Action Link is required');
      await rejects(sectionFields({ secondaryButtonText: 'More', secondaryButtonLink: '/x' }), 'secondaryButtonActionType', 'Secondary Action Type is required');
      await rejects(sectionFields({ secondaryButtonText: 'More', secondaryButtonActionType: 'EMAIL' }), 'secondaryButtonLink', 'Secondary Action Link is required');
      await rejects(sectionFields({ primaryButtonText: 'Go', primaryButtonActionType: 'OPEN', primaryButtonLink: '/x' }), 'primaryButtonActionType', 'Action Type must be PAGE, LINK_NEW_TAB, PHONENUMBER or EMAIL');
      const bad = [
        ['PAGE', 'deals', 'Primary Action Link must be a page path starting with /'],
        ['PAGE', '//evil.example/x', 'Primary Action Link must be a page path starting with /'],
        ['PAGE', 'javascript:alert(1)', 'Primary Action Link must be a page path starting with /'],
        ['LINK_NEW_TAB', 'javascript:alert(1)', 'Primary Action Link must be a web address starting with http:// or https://'],
        ['LINK_NEW_TAB', 'ftp://files.example', 'Primary Action Link must be a web address starting with http:// or https://'],
        ['PHONENUMBER', 'call me', 'Primary Action Link must be a phone number'],
        ['EMAIL', 'not-an-email', 'Primary Action Link must be an email address'],
      ] as const;
      for (const [type, link, message] of bad) {
        await rejects(sectionFields({ primaryButtonText: 'Go', primaryButtonActionType: type, primaryButtonLink: link }), 'primaryButtonLink', message);
      }
      const good = [
        ['PAGE', '/deals?store=3'],
        ['LINK_NEW_TAB', 'https://shop.example/sale'],
        ['PHONENUMBER', '+1 (555) 123-4567'],
        ['EMAIL', 'deals@example.com'],
      ] as const;
      for (const [type, link] of good) {
        const section = await read(
          await createOk(sectionFields({ secondaryButtonText: 'More', secondaryButtonActionType: type, secondaryButtonLink: link })),
        );
        assert.equal(section.secondaryButtonLink, link);
        assert.equal(section.secondaryButtonActionType, type);
      }
    });

    it('checks that pageId is a page and blogId a blog', async () => {
      await rejects(sectionFields({ pageId: blogId }), 'pageId', 'Page not found');
      await rejects(sectionFields({ blogId: pageId }), 'blogId', 'Blog not found');
      await rejects(sectionFields({ pageId: 999999 }), 'pageId', 'Page not found');
      await rejects(sectionFields({ pageId: '../1' }), 'pageId', 'pageId must be a number');
    });

    it('refuses a fake image with 415 and writes nothing', async () => {
      const rows = await sectionCount();
      const disk = await storedFiles(t.app);
      const res = await create(sectionFields({ name: 'Fake' }), { image: FAKE_IMAGE });
      assert.equal(res.statusCode, 415);
      assert.equal(res.json().message, 'Only JPEG, PNG, WebP or GIF images are accepted.');
      assert.equal(await sectionCount(), rows);
      assert.deepEqual(await storedFiles(t.app), disk);
    });

    it('stores hostile text literally and keeps the table intact', async () => {
      const name = "x'); DROP TABLE content_sections; --";
      const section = await read(await createOk(sectionFields({ name, title: '<b>title</b>' })));
      assert.equal(section.name, name);
      assert.equal(section.title, '<b>title</b>');
      assert.ok((await sectionCount()) > 0);
    });
  });

  describe('sanitising', () => {
    it('removes scripts, event handlers and javascript: links from the description', async () => {
      const description =
        '<p onclick="steal()">Hello <script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">click</a>' +
        '<a href="https://shop.example" target="_blank">shop</a></p><style>body{display:none}</style><iframe src="https://evil.example/"></iframe>';
      const section = await read(await createOk(sectionFields({ description })));
      assert.equal(section.description, '<p>Hello <a>click</a><a href="https://shop.example" target="_blank" rel="noopener noreferrer">shop</a></p>');
      assert.doesNotMatch(section.description, /script|onerror|onclick|javascript:|style|iframe/i);
    });

    it('keeps formatting, our uploaded images and https images', async () => {
      const uploaded = (await t.app.inject({ method: 'POST', url: `${BASE}/UploadImageToContentSection`, headers: users.admin.headers, payload: form({}, { file: jpeg }) })).json().filePath;
      const description = `<h2 style="text-align: center; position: fixed">Title</h2><ul><li><em>one</em></li></ul><img src="/api/Attachments/${uploaded}" alt="a"><img src="https://cdn.example/p.png"><img src="http://evil.example/p.png"><img src="data:image/png;base64,AAAA">`;
      const section = await read(await createOk(sectionFields({ description })));
      assert.equal(
        section.description,
        `<h2 style="text-align:center">Title</h2><ul><li><em>one</em></li></ul><img src="/api/Attachments/${uploaded}" alt="a" /><img src="https://cdn.example/p.png" />`,
      );
    });

    it('keeps Custom raw HTML sanitised with the wider allow-list, and drops it for other types', async () => {
      const rawHTML =
        '<section class="hero" style="display: flex; padding: 2rem; background: url(https://x/y.png)"><h1>Hi</h1><script>alert(1)</script>' +
        '<button onclick="x()">b</button><a href="javascript:alert(1)">a</a><form action="/x"><input name="q"></form></section>';
      const custom = await read(await createOk({ name: 'Custom HTML', type: 'CONTENT_SECTION_CUSTOM', alignment: 'LEFT', rawHTML }, {}));
      assert.equal(custom.rawHTML, '<section class="hero" style="display:flex;padding:2rem"><h1>Hi</h1>b<a>a</a></section>');
      const other = await read(await createOk(sectionFields({ rawHTML })));
      assert.equal(other.rawHTML, null);
    });
  });

  describe('UpdateContentSection', () => {
    it('updates the fields and replaces the image; the old file stays while a revision names it', async () => {
      // A unique image: identical uploads share one file, which stays while another row uses it.
      const id = await createOk(sectionFields({ name: 'Before', pageId }), { image: await testImage('png', 13, '#ff00ff') });
      const old = (await read(id)).imagePath;
      const res = await t.app.inject({
        method: 'PUT',
        url: `${BASE}/UpdateContentSection`,
        headers: users.admin.headers,
        payload: form(sectionFields({ id, name: 'After', type: 'CONTENT_SECTION_CARD', title: 'New title', isActive: false }), { image: jpeg }),
      });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().message, 'Content section updated successfully');
      const section = await read(id);
      assert.equal(section.name, 'After');
      assert.equal(section.title, 'New title');
      assert.equal(section.isActive, false);
      assert.equal(section.isFloatingCard, true);
      assert.equal(section.pageId, pageId, 'an absent pageId keeps the origin');
      assert.notEqual(section.imagePath, old);
      const disk = await storedFiles(t.app);
      assert.ok(disk.includes(section.imagePath));
      // The create revision names the old image (Restore would bring it back).
      assert.ok(disk.includes(old), 'a revision still names the replaced image');
      assert.equal((await t.app.inject({ method: 'DELETE', url: `${BASE}/DeleteContentSection?id=${id}`, headers: users.admin.headers })).statusCode, 200);
      assert.ok(!(await storedFiles(t.app)).includes(old), 'deleted with the section and its revisions');
    });

    it('keeps the image when none is sent; rich-text uploads dropped from the description go with the last revision naming them', async () => {
      const upload = await t.app.inject({
        method: 'POST',
        url: `${BASE}/UploadImageToContentSection`,
        headers: users.admin.headers,
        payload: form({}, { file: await testImage('png', 12, '#123456') }),
      });
      const inline = upload.json().filePath as string;
      const id = await createOk(sectionFields({ description: `<p>with <img src="/api/Attachments/${inline}"></p>` }));
      const image = (await read(id)).imagePath;
      const res = await t.app.inject({
        method: 'PUT',
        url: `${BASE}/UpdateContentSection`,
        headers: users.admin.headers,
        payload: form(sectionFields({ id, description: '<p>without</p>' })),
      });
      assert.equal(res.statusCode, 200, res.body);
      const section = await read(id);
      assert.equal(section.imagePath, image);
      assert.equal(section.description, '<p>without</p>');
      const disk = await storedFiles(t.app);
      assert.ok(disk.includes(image));
      assert.ok(disk.includes(inline), 'the create revision still names the dropped inline image');
      assert.equal((await t.app.inject({ method: 'DELETE', url: `${BASE}/DeleteContentSection?id=${id}`, headers: users.admin.headers })).statusCode, 200);
      assert.ok(!(await storedFiles(t.app)).includes(inline), 'deleted with the section and its revisions');
    });

    it('validates like create and writes nothing on rejection', async () => {
      const id = await createOk(sectionFields({ name: 'Stable' }));
      const disk = await storedFiles(t.app);
      const res = await t.app.inject({
        method: 'PUT',
        url: `${BASE}/UpdateContentSection`,
        headers: users.admin.headers,
        payload: form(sectionFields({ id, name: 'Changed', title: undefined }), { image: jpeg }),
      });
      assert.equal(res.statusCode, 400);
      assert.equal(res.json().errors.title, 'Title is required');
      assert.equal((await read(id)).name, 'Stable');
      assert.deepEqual(await storedFiles(t.app), disk);
      const fake = await t.app.inject({
        method: 'PUT',
        url: `${BASE}/UpdateContentSection`,
        headers: users.admin.headers,
        payload: form(sectionFields({ id, name: 'Changed' }), { image: FAKE_IMAGE }),
      });
      assert.equal(fake.statusCode, 415);
      assert.equal((await read(id)).name, 'Stable');
    });

    it('asks for an image when a section without one changes to a type that needs one', async () => {
      const id = await createOk(sectionFields({ type: 'CONTENT_SECTION_TEXTONLY' }), {});
      const res = await t.app.inject({
        method: 'PUT',
        url: `${BASE}/UpdateContentSection`,
        headers: users.admin.headers,
        payload: form(sectionFields({ id, type: 'CONTENT_SECTION_DEFAULT' })),
      });
      assert.equal(res.statusCode, 400);
      assert.equal(res.json().errors.image, 'Error! Please upload an image');
    });

    it('answers 404 for an unknown id and 400 for a malformed one', async () => {
      const missing = await t.app.inject({ method: 'PUT', url: `${BASE}/UpdateContentSection`, headers: users.admin.headers, payload: form(sectionFields({ id: 999999 })) });
      assert.equal(missing.statusCode, 404);
      assert.equal(missing.json().message, 'Content section not found');
      const malformed = await t.app.inject({ method: 'PUT', url: `${BASE}/UpdateContentSection`, headers: users.admin.headers, payload: form(sectionFields({ id: '../../etc' })) });
      assert.equal(malformed.statusCode, 400);
      assert.equal(malformed.json().errors.id, 'id must be a number');
    });
  });

  describe('GetAllContentSections', () => {
    it('lists every section by default and filters by isActive', async () => {
      const activeId = await createOk(sectionFields({ name: 'AAA active list' }));
      const inactiveId = await createOk(sectionFields({ name: 'AAA inactive list', isActive: false }));
      const list = async (flag: string) => {
        const res = await t.app.inject({ method: 'GET', url: `${BASE}/GetAllContentSections?isActive=${flag}`, headers: users.admin.headers });
        assert.equal(res.statusCode, 200);
        return (res.json() as { id: number }[]).map((s) => s.id);
      };
      const all = await list('');
      assert.ok(all.includes(activeId) && all.includes(inactiveId));
      assert.ok((await list('true')).includes(activeId));
      assert.ok(!(await list('true')).includes(inactiveId));
      assert.deepEqual(
        (await list('false')).filter((id) => id === activeId || id === inactiveId),
        [inactiveId],
      );
      const bad = await t.app.inject({ method: 'GET', url: `${BASE}/GetAllContentSections?isActive=1;DROP`, headers: users.admin.headers });
      assert.equal(bad.statusCode, 400);
    });
  });

  describe('DeleteContentSection', () => {
    it('deletes the section, its assignments and its files', async () => {
      const upload = await t.app.inject({
        method: 'POST',
        url: `${BASE}/UploadImageToContentSection`,
        headers: users.admin.headers,
        payload: form({}, { file: await testImage('gif', 10, '#abcdef') }),
      });
      const inline = upload.json().filePath as string;
      const image = await testImage('webp', 9, '#fedcba');
      const id = await createOk(sectionFields({ description: `<p><img src="/api/Attachments/${inline}"></p>` }), { image });
      const imagePath = (await read(id)).imagePath as string;
      await assignComponent(t.app, pageId, { contentSectionId: id });
      assert.ok((await storedFiles(t.app)).includes(imagePath));

      const res = await t.app.inject({ method: 'DELETE', url: `${BASE}/DeleteContentSection?id=${id}`, headers: users.admin.headers });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().message, 'Content section deleted successfully');
      const gone = await t.app.inject({ method: 'GET', url: `${BASE}/GetContentSectionById?contentSectionId=${id}`, headers: users.admin.headers });
      assert.equal(gone.statusCode, 404);
      assert.equal((await t.app.db.select().from(pageComponents).where(eq(pageComponents.contentSectionId, id))).length, 0);
      const disk = await storedFiles(t.app);
      assert.ok(!disk.includes(imagePath));
      assert.ok(!disk.includes(inline));

      const again = await t.app.inject({ method: 'DELETE', url: `${BASE}/DeleteContentSection?id=${id}`, headers: users.admin.headers });
      assert.equal(again.statusCode, 404);
    });

    it('keeps a file another section still uses', async () => {
      const shared = await testImage('png', 11, '#00ff00');
      const first = await createOk(sectionFields({ name: 'Shares 1' }), { image: shared });
      const second = await createOk(sectionFields({ name: 'Shares 2' }), { image: shared });
      const path = (await read(first)).imagePath;
      assert.equal((await read(second)).imagePath, path);
      await t.app.inject({ method: 'DELETE', url: `${BASE}/DeleteContentSection?id=${first}`, headers: users.admin.headers });
      assert.ok((await storedFiles(t.app)).includes(path));
    });

    it('rejects a malformed id', async () => {
      const res = await t.app.inject({ method: 'DELETE', url: `${BASE}/DeleteContentSection?id=../1`, headers: users.admin.headers });
      assert.equal(res.statusCode, 400);
    });
  });

  describe('GetContentSectionOptions and GetContentSectionOptionsForBlog', () => {
    it('offers active sections or banners not yet on the page or blog', async () => {
      const page = await insertPage(t.app);
      const blog = await insertPage(t.app, { isBlog: true });
      const assigned = await createOk(sectionFields({ name: 'Opt assigned' }));
      const free = await createOk(sectionFields({ name: 'Opt free' }));
      const inactive = await createOk(sectionFields({ name: 'Opt inactive', isActive: false }));
      await assignComponent(t.app, page, { contentSectionId: assigned });
      const banner = (await t.app.inject({ method: 'POST', url: '/api/Banner/CreateBanner', headers: users.admin.headers, payload: { name: 'Opt banner', isActive: true } })).json().id;
      const hiddenBanner = (await t.app.inject({ method: 'POST', url: '/api/Banner/CreateBanner', headers: users.admin.headers, payload: { name: 'Opt banner off', isActive: false } })).json().id;
      await assignComponent(t.app, blog, { bannerId: banner });

      const options = async (url: string) => {
        const res = await t.app.inject({ method: 'GET', url, headers: users.admin.headers });
        assert.equal(res.statusCode, 200, res.body);
        return res.json() as { value: number; label: string }[];
      };
      const pageSections = await options(`${BASE}/GetContentSectionOptions?pageId=${page}&type=CONTENTSECTION`);
      assert.deepEqual(Object.keys(pageSections[0] ?? {}).sort(), ['label', 'value']);
      const values = pageSections.map((o) => o.value);
      assert.ok(values.includes(free));
      assert.ok(!values.includes(assigned));
      assert.ok(!values.includes(inactive));
      assert.deepEqual(pageSections.find((o) => o.value === free), { value: free, label: 'Opt free' });

      const pageBanners = await options(`${BASE}/GetContentSectionOptions?pageId=${page}&type=BANNER`);
      assert.ok(pageBanners.some((o) => o.value === banner && o.label === 'Opt banner'));
      assert.ok(!pageBanners.some((o) => o.value === hiddenBanner));

      const blogBanners = await options(`${BASE}/GetContentSectionOptionsForBlog?blogId=${blog}&type=BANNER`);
      assert.ok(!blogBanners.some((o) => o.value === banner));
      const blogSections = await options(`${BASE}/GetContentSectionOptionsForBlog?blogId=${blog}&type=CONTENTSECTION`);
      assert.ok(blogSections.some((o) => o.value === assigned));
    });

    it('answers 404 for a page that is a blog (and the reverse) and 400 for a missing type', async () => {
      const wrongPage = await t.app.inject({ method: 'GET', url: `${BASE}/GetContentSectionOptions?pageId=${blogId}&type=BANNER`, headers: users.admin.headers });
      assert.equal(wrongPage.statusCode, 404);
      assert.equal(wrongPage.json().message, 'Page not found');
      const wrongBlog = await t.app.inject({ method: 'GET', url: `${BASE}/GetContentSectionOptionsForBlog?blogId=${pageId}&type=BANNER`, headers: users.admin.headers });
      assert.equal(wrongBlog.statusCode, 404);
      assert.equal(wrongBlog.json().message, 'Blog not found');
      const noType = await t.app.inject({ method: 'GET', url: `${BASE}/GetContentSectionOptions?pageId=${pageId}`, headers: users.admin.headers });
      assert.equal(noType.statusCode, 400);
      assert.equal(noType.json().errors.type, 'Please select type of Component you want to create');
      const badType = await t.app.inject({ method: 'GET', url: `${BASE}/GetContentSectionOptions?pageId=${pageId}&type=PAGE`, headers: users.admin.headers });
      assert.equal(badType.statusCode, 400);
      assert.equal(badType.json().errors.type, 'Type must be BANNER or CONTENTSECTION');
    });
  });

  describe('UploadImageToContentSection', () => {
    it('stores the image and answers its path', async () => {
      const res = await t.app.inject({ method: 'POST', url: `${BASE}/UploadImageToContentSection`, headers: users.admin.headers, payload: form({}, { file: await testImage('jpeg', 16, '#101010') }) });
      assert.equal(res.statusCode, 200, res.body);
      const { message, filePath } = res.json();
      assert.equal(message, 'Image uploaded successfully');
      assert.match(filePath, STORED_NAME);
      assert.ok((await storedFiles(t.app)).includes(filePath));
    });

    it('refuses a fake image (415) and a missing file (400), writing nothing', async () => {
      const disk = await storedFiles(t.app);
      const fake = await t.app.inject({ method: 'POST', url: `${BASE}/UploadImageToContentSection`, headers: users.admin.headers, payload: form({}, { file: FAKE_IMAGE }) });
      assert.equal(fake.statusCode, 415);
      const missing = await t.app.inject({ method: 'POST', url: `${BASE}/UploadImageToContentSection`, headers: users.admin.headers, payload: form({ file: 'x' }) });
      assert.equal(missing.statusCode, 400);
      assert.equal(missing.json().message, 'Error! Please upload an image');
      assert.deepEqual(await storedFiles(t.app), disk);
    });
  });
});
