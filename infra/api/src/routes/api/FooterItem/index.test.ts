import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { asc } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { CMS_MESSAGES, MESSAGES } from '@deals/contract';
import { footerItems } from '../../../db/schema.js';
import { createTestApp, type TestApp } from '../../../test-support/app.js';
import { assertAdminOnly } from '../../../test-support/cms-pages.js';
import { createTestStaff, type TestStaff } from '../../../test-support/staff.js';

describe('FooterItem routes', () => {
  let t: TestApp;
  let people: TestStaff;
  const call = (method: InjectOptions['method'], url: string, payload?: InjectOptions['payload']) =>
    t.app.inject({ method, url: `/api/FooterItem/${url}`, headers: people.admin.headers, ...(payload === undefined ? {} : { payload }) });
  const snapshot = () => t.app.db.select().from(footerItems).orderBy(asc(footerItems.id));
  const create = async (label: string, to: string): Promise<number> => {
    const res = await call('POST', 'CreateFooterItem', { label, to });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().message, 'Footer item created successfully');
    return res.json().id;
  };
  const labels = async () => ((await call('GET', 'GetAllFooterItems')).json() as Array<{ label: string }>).map((i) => i.label);

  before(async () => {
    t = await createTestApp();
    people = await createTestStaff(t.app);
  });
  after(() => t.close());

  it('creates footer items at the end and reads them back', async () => {
    const about = await create(' About us ', '/about');
    const privacy = await create('Privacy', 'https://legal.example/privacy');
    const mail = await create('Write to us', 'mailto:hello@example.com');
    const all = (await call('GET', 'GetAllFooterItems')).json();
    assert.deepEqual(all, [
      { id: about, label: 'About us', to: '/about', sortOrder: 0 },
      { id: privacy, label: 'Privacy', to: 'https://legal.example/privacy', sortOrder: 1 },
      { id: mail, label: 'Write to us', to: 'mailto:hello@example.com', sortOrder: 2 },
    ]);
    const one = await call('GET', `GetFooterItemById?footerItemId=${privacy}`);
    assert.equal(one.statusCode, 200);
    assert.deepEqual(one.json(), all[1]);
    const missing = await call('GET', 'GetFooterItemById?footerItemId=999999');
    assert.equal(missing.statusCode, 404);
    assert.equal(missing.json().message, CMS_MESSAGES.footerItemNotFound);
    assert.equal((await call('GET', 'GetFooterItemById?footerItemId=..%2F1')).statusCode, 400);
  });

  it('answers the spec messages and refuses unsafe links, writing nothing', async () => {
    const before = await snapshot();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ to: '/x' }, 'label', MESSAGES.footerItem.labelRequired],
      [{ label: ' ', to: '/x' }, 'label', MESSAGES.footerItem.labelRequired],
      [{ label: 'l'.repeat(251), to: '/x' }, 'label', 'Footer label must be at most 250 characters'],
      [{ label: 'Link' }, 'to', MESSAGES.footerItem.toRequired],
      [{ label: 'Link', to: '' }, 'to', MESSAGES.footerItem.toRequired],
      [{ label: 'Link', to: `/${'t'.repeat(500)}` }, 'to', 'Link must be at most 500 characters'],
      [{ label: 'Link', to: 'javascript:alert(document.cookie)' }, 'to', CMS_MESSAGES.linkInvalid],
      [{ label: 'Link', to: '//evil.example' }, 'to', CMS_MESSAGES.linkInvalid],
      [{ label: 'Link', to: 'about' }, 'to', CMS_MESSAGES.linkInvalid],
      [{ label: ['a', 'b'], to: '/x' }, 'label', MESSAGES.footerItem.labelRequired],
    ];
    for (const [body, field, message] of cases) {
      const res = await call('POST', 'CreateFooterItem', body);
      assert.equal(res.statusCode, 400, JSON.stringify(body));
      assert.equal(res.json().errors?.[field], message, JSON.stringify(body));
    }
    assert.deepEqual(await snapshot(), before);
  });

  it('updates an item', async () => {
    const id = await create('Old', '/old');
    const res = await call('PUT', 'UpdateFooterItem', { id, label: "Terms & <Conditions>'", to: 'tel:+15550001111' });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().message, 'Footer item updated successfully');
    const item = (await call('GET', `GetFooterItemById?footerItemId=${id}`)).json();
    assert.equal(item.label, "Terms & <Conditions>'");
    assert.equal(item.to, 'tel:+15550001111');

    const before = await snapshot();
    assert.equal((await call('PUT', 'UpdateFooterItem', { id: 999999, label: 'Ghost', to: '/ghost' })).statusCode, 404);
    assert.equal((await call('PUT', 'UpdateFooterItem', { id, label: 'Bad', to: 'data:text/html,x' })).json().errors.to, CMS_MESSAGES.linkInvalid);
    assert.equal((await call('PUT', 'UpdateFooterItem', { id, to: '/x' })).json().errors.label, MESSAGES.footerItem.labelRequired);
    assert.equal((await call('PUT', 'UpdateFooterItem', { label: 'No id', to: '/x' })).statusCode, 400);
    assert.deepEqual(await snapshot(), before);
  });

  it('deletes an item', async () => {
    const id = await create('Doomed', '/doomed');
    const res = await call('DELETE', `DeleteFooterItem?footerItemId=${id}`);
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().message, 'Footer item deleted successfully');
    assert.equal((await call('GET', `GetFooterItemById?footerItemId=${id}`)).statusCode, 404);
    assert.equal((await call('DELETE', `DeleteFooterItem?footerItemId=${id}`)).statusCode, 404);
  });

  it('sorts in one transaction; an unknown or repeated id writes nothing', async () => {
    await t.app.db.delete(footerItems);
    const a = await create('A', '/a');
    const b = await create('B', '/b');
    const c = await create('C', '/c');
    const res = await call('PUT', 'SortFooterItems', [
      { id: b, sortOrder: 0 },
      { id: c, sortOrder: 1 },
      { id: a, sortOrder: 2 },
    ]);
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().message, 'Footer items sorted successfully');
    assert.deepEqual(await labels(), ['B', 'C', 'A']);

    const before = await snapshot();
    const unknown = await call('PUT', 'SortFooterItems', [
      { id: a, sortOrder: 0 },
      { id: 999999, sortOrder: 1 },
    ]);
    assert.equal(unknown.statusCode, 400);
    assert.equal(unknown.json().message, CMS_MESSAGES.sortUnknown);
    const repeated = await call('PUT', 'SortFooterItems', [
      { id: a, sortOrder: 0 },
      { id: a, sortOrder: 1 },
    ]);
    assert.equal(repeated.statusCode, 400);
    assert.equal((await call('PUT', 'SortFooterItems', { id: a })).statusCode, 400);
    assert.deepEqual(await snapshot(), before);
    assert.deepEqual(await labels(), ['B', 'C', 'A']);
  });

  it('refuses every FooterItem call to anonymous callers and bad tokens (401) and to staff (403)', async () => {
    const id = await create('Guarded', '/guarded');
    await assertAdminOnly(
      t.app,
      people,
      [
        { method: 'GET', url: '/api/FooterItem/GetAllFooterItems' },
        { method: 'GET', url: `/api/FooterItem/GetFooterItemById?footerItemId=${id}` },
        { method: 'POST', url: '/api/FooterItem/CreateFooterItem', payload: { label: 'Sneaky', to: '/sneaky' } },
        { method: 'PUT', url: '/api/FooterItem/UpdateFooterItem', payload: { id, label: 'Sneaky', to: '/sneaky' } },
        { method: 'DELETE', url: `/api/FooterItem/DeleteFooterItem?footerItemId=${id}` },
        { method: 'PUT', url: '/api/FooterItem/SortFooterItems', payload: [{ id, sortOrder: 5 }] },
      ],
      snapshot,
    );
  });
});
