import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { asc } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { CMS_MESSAGES, MESSAGES, linkProblem } from '@deals/contract';
import { menuItems } from '../../../db/schema.js';
import { createTestApp, type TestApp } from '../../../test-support/app.js';
import { assertAdminOnly, insertPage } from '../../../test-support/cms-pages.js';
import { createTestStaff, type TestStaff } from '../../../test-support/staff.js';

interface MenuItemOut {
  id: number;
  name: string;
  pageId: number | null;
  pageName: string | null;
  pageUrl: string | null;
  parentMenuItemId: number | null;
  parentMenuItem: string | null;
  customLink: string | null;
  openInNewTab: boolean;
  isActive: boolean;
  sortOrder: number;
  assignedMenuItems: Array<{ id: number; name: string; pageName: string | null; isActive: boolean }>;
}

describe('MenuItem routes', () => {
  let t: TestApp;
  let people: TestStaff;
  let pageId: number;
  const call = (method: InjectOptions['method'], url: string, payload?: InjectOptions['payload']) =>
    t.app.inject({ method, url: `/api/MenuItem/${url}`, headers: people.admin.headers, ...(payload === undefined ? {} : { payload }) });
  const snapshot = () => t.app.db.select().from(menuItems).orderBy(asc(menuItems.id));
  const get = async (id: number): Promise<MenuItemOut> => {
    const res = await call('GET', `GetMenuItemById?menuItemId=${id}`);
    assert.equal(res.statusCode, 200, res.body);
    return res.json();
  };
  const create = async (body: Record<string, unknown>): Promise<number> => {
    const res = await call('POST', 'CreateMenuItem', body);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().message, 'Menu item created successfully');
    return res.json().id;
  };

  before(async () => {
    t = await createTestApp();
    people = await createTestStaff(t.app);
    pageId = await insertPage(t.app, { name: 'About us', url: '/about' });
  });
  beforeEach(async () => {
    await t.app.db.delete(menuItems);
  });
  after(() => t.close());

  describe('CreateMenuItem and GetMenuItemById', () => {
    it('creates an item pointing to a page; the page wins over a custom link', async () => {
      const id = await create({ name: ' About ', pageId, customLink: 'https://ignored.example', openInNewTab: true });
      const item = await get(id);
      assert.deepEqual(item, {
        id,
        name: 'About',
        pageId,
        pageName: 'About us',
        pageUrl: '/about',
        parentMenuItemId: null,
        parentMenuItem: null,
        customLink: null,
        openInNewTab: true,
        isActive: true,
        sortOrder: 0,
        assignedMenuItems: [],
      });
    });

    it('accepts site paths, http(s), mailto and tel links and appends new items at the end', async () => {
      const links = ['/deals', 'https://shop.example/sale?x=1', 'http://old.example', 'mailto:hello@example.com', 'tel:+15551234567'];
      const ids: number[] = [];
      for (const link of links) ids.push(await create({ name: link.slice(0, 20), customLink: link, isActive: false }));
      const items = await Promise.all(ids.map(get));
      assert.deepEqual(
        items.map((i) => [i.customLink, i.sortOrder, i.isActive, i.openInNewTab]),
        links.map((link, index) => [link, index, false, false]),
      );
    });

    it('answers the spec messages and refuses unsafe links and unknown references, writing nothing', async () => {
      const cases: Array<[Record<string, unknown>, string, string]> = [
        [{}, 'name', MESSAGES.menuItem.nameRequired],
        [{ name: '  ' }, 'name', MESSAGES.menuItem.nameRequired],
        [{ name: 'n'.repeat(101) }, 'name', 'Menu Item Name must be at most 100 characters'],
        [{ name: 'Long link', customLink: `/${'l'.repeat(250)}` }, 'customLink', 'Custom Link must be at most 250 characters'],
        [{ name: 'Script', customLink: 'javascript:alert(1)' }, 'customLink', CMS_MESSAGES.linkInvalid],
        [{ name: 'Script', customLink: 'JaVaScRiPt:alert(1)' }, 'customLink', CMS_MESSAGES.linkInvalid],
        [{ name: 'Data', customLink: 'data:text/html,<script>alert(1)</script>' }, 'customLink', CMS_MESSAGES.linkInvalid],
        [{ name: 'Protocol-relative', customLink: '//evil.example' }, 'customLink', CMS_MESSAGES.linkInvalid],
        [{ name: 'Spaces', customLink: 'https://a.example/ x' }, 'customLink', CMS_MESSAGES.linkInvalid],
        [{ name: 'No page', pageId: 987654 }, 'pageId', CMS_MESSAGES.menuPageNotFound],
        [{ name: 'Bad page', pageId: '../1' }, 'pageId', 'pageId must be a number'],
        [{ name: 'No parent', parentMenuItemId: 987654 }, 'parentMenuItemId', CMS_MESSAGES.menuParentNotFound],
        [{ name: 'Flag', isActive: 'perhaps' }, 'isActive', 'Is Active must be true or false'],
      ];
      for (const [body, field, message] of cases) {
        const res = await call('POST', 'CreateMenuItem', body);
        assert.equal(res.statusCode, 400, JSON.stringify(body));
        assert.equal(res.json().errors?.[field], message, JSON.stringify(body));
      }
      assert.deepEqual(await snapshot(), []);
    });

    it('answers 404 for an unknown item and 400 for a malformed id', async () => {
      const res = await call('GET', 'GetMenuItemById?menuItemId=4242');
      assert.equal(res.statusCode, 404);
      assert.equal(res.json().message, CMS_MESSAGES.menuItemNotFound);
      assert.equal((await call('GET', 'GetMenuItemById?menuItemId=..%2F..')).statusCode, 400);
    });
  });

  describe('hierarchy', () => {
    it('lists parents with their children and children with their parent name, filtered by isActive', async () => {
      const parent = await create({ name: 'Shop' });
      const other = await create({ name: 'Help', isActive: false });
      const childA = await create({ name: 'Sale', parentMenuItemId: parent, pageId });
      const childB = await create({ name: 'New in', parentMenuItemId: parent, isActive: false });
      const all = (await call('GET', 'GetAllMenuItems?isActive=')).json() as MenuItemOut[];
      assert.deepEqual(
        all.map((i) => i.name),
        ['Shop', 'Sale', 'New in', 'Help'],
      );
      const shop = all.find((i) => i.id === parent);
      assert.deepEqual(shop?.assignedMenuItems, [
        { id: childA, name: 'Sale', pageName: 'About us', isActive: true },
        { id: childB, name: 'New in', pageName: null, isActive: false },
      ]);
      const sale = all.find((i) => i.id === childA);
      assert.equal(sale?.parentMenuItem, 'Shop');
      assert.equal(sale?.parentMenuItemId, parent);
      assert.deepEqual(sale?.assignedMenuItems, []);
      assert.equal(all.find((i) => i.id === other)?.parentMenuItem, null);

      const active = (await call('GET', 'GetAllMenuItems?isActive=true')).json() as MenuItemOut[];
      assert.deepEqual(
        active.map((i) => i.name),
        ['Shop', 'Sale'],
      );
      const inactive = (await call('GET', 'GetAllMenuItems?isActive=false')).json() as MenuItemOut[];
      assert.deepEqual(
        inactive.map((i) => i.name),
        ['New in', 'Help'],
      );
      assert.deepEqual((await get(childA)).parentMenuItem, 'Shop');
      assert.equal((await get(parent)).assignedMenuItems.length, 2);

      const candidates = (await call('GET', 'GetMenuItemsWithNoParentOrChild')).json() as MenuItemOut[];
      assert.deepEqual(
        candidates.map((i) => i.id),
        [other],
      );
    });

    it('enforces one level: no parent for a parent, no children for a child, never its own parent', async () => {
      const parent = await create({ name: 'Parent' });
      const child = await create({ name: 'Child', parentMenuItemId: parent });
      const loner = await create({ name: 'Loner' });
      const before = await snapshot();

      const refusals: Array<[InjectOptions['method'], string, Record<string, unknown>, string, string]> = [
        ['POST', 'CreateMenuItem', { name: 'Grandchild', parentMenuItemId: child }, 'parentMenuItemId', CMS_MESSAGES.menuParentHasParent],
        ['PUT', 'UpdateMenuItems', { id: parent, name: 'Parent', parentMenuItemId: loner }, 'parentMenuItemId', CMS_MESSAGES.menuHasChildren],
        ['PUT', 'UpdateMenuItems', { id: loner, name: 'Loner', parentMenuItemId: loner }, 'parentMenuItemId', CMS_MESSAGES.menuOwnParent],
        ['PUT', 'UpdateMenuItems', { id: loner, name: 'Loner', parentMenuItemId: child }, 'parentMenuItemId', CMS_MESSAGES.menuParentHasParent],
        ['PUT', 'AssignParentMenuItem', { parentId: loner, childMenuItemIds: [parent] }, 'childMenuItemIds', CMS_MESSAGES.menuHasChildren],
        ['PUT', 'AssignParentMenuItem', { parentId: child, childMenuItemIds: [loner] }, 'parentId', CMS_MESSAGES.menuParentHasParent],
        ['PUT', 'AssignParentMenuItem', { parentId: loner, childMenuItemIds: [loner] }, 'childMenuItemIds', CMS_MESSAGES.menuOwnParent],
        ['PUT', 'AssignParentMenuItem', { parentId: loner, childMenuItemIds: [] }, 'childMenuItemIds', CMS_MESSAGES.menuChildrenRequired],
        ['PUT', 'AssignParentMenuItem', { parentId: loner }, 'childMenuItemIds', CMS_MESSAGES.menuChildrenRequired],
        ['PUT', 'AssignParentMenuItem', { parentId: loner, childMenuItemIds: [child, 999999] }, 'childMenuItemIds', CMS_MESSAGES.menuItemNotFound],
        ['PUT', 'AssignParentMenuItem', { parentId: 999999, childMenuItemIds: [loner] }, 'parentId', CMS_MESSAGES.menuParentNotFound],
      ];
      for (const [method, url, body, field, message] of refusals) {
        const res = await call(method, url, body);
        assert.equal(res.statusCode, 400, `${url} ${JSON.stringify(body)}`);
        assert.equal(res.json().errors?.[field], message, `${url} ${JSON.stringify(body)}`);
      }
      assert.deepEqual(await snapshot(), before);
    });

    it('assigns children in the given order after the existing ones, moving them from another parent', async () => {
      const parent = await create({ name: 'Parent' });
      const first = await create({ name: 'First', parentMenuItemId: parent });
      const otherParent = await create({ name: 'Other parent' });
      const moved = await create({ name: 'Moved', parentMenuItemId: otherParent });
      const x = await create({ name: 'X' });
      const y = await create({ name: 'Y' });
      const res = await call('PUT', 'AssignParentMenuItem', { parentId: parent, childMenuItemIds: [y, x, moved] });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().message, 'Menu items assigned successfully');
      assert.deepEqual(
        (await get(parent)).assignedMenuItems.map((i) => i.name),
        ['First', 'Y', 'X', 'Moved'],
      );
      assert.equal((await get(first)).parentMenuItemId, parent);
      assert.deepEqual((await get(otherParent)).assignedMenuItems, []);
    });

    it('removes a parent, and deleting a parent makes its children top-level', async () => {
      const parent = await create({ name: 'Parent' });
      const a = await create({ name: 'A', parentMenuItemId: parent });
      const b = await create({ name: 'B', parentMenuItemId: parent });
      const removed = await call('DELETE', `RemoveParentMenuItem?menuItemId=${a}`);
      assert.equal(removed.statusCode, 200);
      assert.equal(removed.json().message, 'Menu item removed from its parent successfully');
      assert.equal((await get(a)).parentMenuItemId, null);
      assert.deepEqual(
        (await get(parent)).assignedMenuItems.map((i) => i.id),
        [b],
      );
      assert.equal((await call('DELETE', 'RemoveParentMenuItem?menuItemId=999999')).statusCode, 404);

      const deleted = await call('DELETE', `DeleteMenuItem?id=${parent}`);
      assert.equal(deleted.statusCode, 200);
      assert.equal(deleted.json().message, 'Menu item deleted successfully');
      assert.equal((await call('GET', `GetMenuItemById?menuItemId=${parent}`)).statusCode, 404);
      const orphan = await get(b);
      assert.equal(orphan.parentMenuItemId, null);
      assert.equal(orphan.parentMenuItem, null);
      assert.equal((await call('DELETE', `DeleteMenuItem?id=${parent}`)).statusCode, 404);
      assert.equal((await call('DELETE', 'DeleteMenuItem?id=abc')).statusCode, 400);
    });
  });

  describe('UpdateMenuItems', () => {
    it('replaces the fields; absent parent is kept, null removes it; a page clears the custom link', async () => {
      const parent = await create({ name: 'Parent' });
      const id = await create({ name: 'Item', customLink: '/old', openInNewTab: true, parentMenuItemId: parent });
      const res = await call('PUT', 'UpdateMenuItems', { id, name: 'Renamed', customLink: 'https://new.example' });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().message, 'Menu item updated successfully');
      let item = await get(id);
      assert.equal(item.name, 'Renamed');
      assert.equal(item.customLink, 'https://new.example');
      assert.equal(item.openInNewTab, true);
      assert.equal(item.parentMenuItemId, parent);

      assert.equal((await call('PUT', 'UpdateMenuItems', { id, name: 'Renamed', pageId, customLink: '/kept?' })).statusCode, 200);
      item = await get(id);
      assert.equal(item.pageId, pageId);
      assert.equal(item.customLink, null);

      assert.equal((await call('PUT', 'UpdateMenuItems', { id, name: 'Renamed', parentMenuItemId: null, isActive: false })).statusCode, 200);
      item = await get(id);
      assert.equal(item.parentMenuItemId, null);
      assert.equal(item.pageId, null);
      assert.equal(item.isActive, false);

      const before = await snapshot();
      const bad = await call('PUT', 'UpdateMenuItems', { id, name: 'Renamed', customLink: 'javascript:void(0)' });
      assert.equal(bad.json().errors.customLink, CMS_MESSAGES.linkInvalid);
      const missing = await call('PUT', 'UpdateMenuItems', { id: 999999, name: 'Ghost' });
      assert.equal(missing.statusCode, 404);
      const noName = await call('PUT', 'UpdateMenuItems', { id });
      assert.equal(noName.json().errors.name, MESSAGES.menuItem.nameRequired);
      assert.deepEqual(await snapshot(), before);
    });
  });

  describe('SortMenuItems', () => {
    it('saves the new order in one transaction; an unknown id writes nothing', async () => {
      const a = await create({ name: 'A' });
      const b = await create({ name: 'B' });
      const c = await create({ name: 'C' });
      const res = await call('PUT', 'SortMenuItems', [
        { id: c, sortOrder: 0 },
        { id: a, sortOrder: 1 },
        { id: b, sortOrder: 2 },
      ]);
      assert.equal(res.statusCode, 200);
      assert.equal(res.json().message, 'Menu items sorted successfully');
      const names = () => call('GET', 'GetAllMenuItems').then((r) => (r.json() as MenuItemOut[]).map((i) => i.name));
      assert.deepEqual(await names(), ['C', 'A', 'B']);

      const before = await snapshot();
      const unknown = await call('PUT', 'SortMenuItems', [
        { id: a, sortOrder: 9 },
        { id: 999999, sortOrder: 10 },
      ]);
      assert.equal(unknown.statusCode, 400);
      assert.equal(unknown.json().message, CMS_MESSAGES.sortUnknown);
      const duplicate = await call('PUT', 'SortMenuItems', [
        { id: a, sortOrder: 9 },
        { id: a, sortOrder: 10 },
      ]);
      assert.equal(duplicate.json().message, CMS_MESSAGES.sortDuplicate);
      assert.equal((await call('PUT', 'SortMenuItems', [{ id: a, sortOrder: 'first' }])).statusCode, 400);
      assert.deepEqual(await snapshot(), before);
    });
  });

  it('refuses every MenuItem call to anonymous callers and bad tokens (401) and to staff (403)', async () => {
    const id = await create({ name: 'Guarded' });
    const other = await create({ name: 'Other' });
    await assertAdminOnly(
      t.app,
      people,
      [
        { method: 'GET', url: '/api/MenuItem/GetAllMenuItems?isActive=' },
        { method: 'GET', url: `/api/MenuItem/GetMenuItemById?menuItemId=${id}` },
        { method: 'GET', url: '/api/MenuItem/GetMenuItemsWithNoParentOrChild' },
        { method: 'POST', url: '/api/MenuItem/CreateMenuItem', payload: { name: 'Sneaky' } },
        { method: 'PUT', url: '/api/MenuItem/UpdateMenuItems', payload: { id, name: 'Sneaky' } },
        { method: 'DELETE', url: `/api/MenuItem/DeleteMenuItem?id=${id}` },
        { method: 'DELETE', url: `/api/MenuItem/RemoveParentMenuItem?menuItemId=${id}` },
        { method: 'PUT', url: '/api/MenuItem/AssignParentMenuItem', payload: { parentId: id, childMenuItemIds: [other] } },
        { method: 'PUT', url: '/api/MenuItem/SortMenuItems', payload: [{ id, sortOrder: 5 }] },
      ],
      snapshot,
    );
  });
});

describe('linkProblem', () => {
  it('accepts paths, http(s), mailto and tel; refuses everything else', () => {
    for (const ok of ['/', '/deals?x=1#top', 'https://a.example', 'HTTP://A.EXAMPLE/x', 'mailto:a@b.example', 'tel:+1(555)123-4567']) assert.equal(linkProblem(ok), null, ok);
    for (const bad of ['', 'deals', '//x.example', '/\\evil', 'javascript:alert(1)', 'vbscript:x', 'ftp://x.example', 'https://', 'mailto:nobody', 'tel:abc', '/a\u0000b', '/tab\there']) {
      assert.equal(linkProblem(bad), CMS_MESSAGES.linkInvalid, JSON.stringify(bad));
    }
  });
});
