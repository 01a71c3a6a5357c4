import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { TEXT_INPUT_MESSAGES } from '@deals/contract';
import { footerItems, products } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { form } from '../../test-support/forms.js';
import { createTestStaff, type TestStaff } from '../../test-support/staff.js';
import { firstUnstorableText } from './text-input.js';

const refused = (field: string) => ({ message: `${field} ${TEXT_INPUT_MESSAGES.invalidCharacters}`, errors: { [field]: `${field} ${TEXT_INPUT_MESSAGES.invalidCharacters}` } });

describe('text that cannot be stored as sent', () => {
  let t: TestApp;
  let people: TestStaff;
  before(async () => {
    t = await createTestApp();
    people = await createTestStaff(t.app);
  });
  after(() => t.close());

  const createFooter = (payload: string) =>
    t.app.inject({ method: 'POST', url: '/api/FooterItem/CreateFooterItem', headers: { ...people.admin.headers, 'content-type': 'application/json' }, payload });

  it('refuses a lone surrogate or a NUL in a JSON field with the field message, storing nothing', async () => {
    for (const label of ['a\\ud800', 'b\\udc00c', 'd\\u0000']) {
      const res = await createFooter(`{"label":"${label}","to":"/about"}`);
      assert.equal(res.statusCode, 400, res.body);
      assert.deepEqual(res.json(), refused('label'));
    }
    assert.deepEqual(await t.app.db.select().from(footerItems), []);
  });

  it('accepts characters outside the basic plane, whose surrogates come in pairs', async () => {
    const res = await createFooter('{"label":"Deals \\ud83d\\ude00","to":"/about"}');
    assert.equal(res.statusCode, 200, res.body);
    const [row] = await t.app.db.select().from(footerItems);
    assert.equal(row?.label, 'Deals 😀');
  });

  it('refuses a NUL in a query, a path parameter, a form field and a key deep in a body, naming where', async () => {
    const query = await t.app.inject({ method: 'GET', url: '/api/Product/GetAllProducts?name=a%00b', headers: people.admin.headers });
    assert.equal(query.statusCode, 400);
    assert.deepEqual(query.json(), refused('name'));

    const path = await t.app.inject({ method: 'GET', url: '/api/Attachments/a%00b.png' });
    assert.equal(path.statusCode, 400);
    assert.deepEqual(path.json(), refused('filePath'));

    const formField = await t.app.inject({ method: 'POST', url: '/api/Product/CreateProduct', headers: people.admin.headers, payload: form({ name: 'Lamp\u0000' }) });
    assert.equal(formField.statusCode, 400);
    assert.deepEqual(formField.json(), refused('name'));
    assert.deepEqual(await t.app.db.select().from(products), []);

    const deep = await t.app.inject({
      method: 'POST',
      url: '/api/Home/SearchProduct',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":'.repeat(10_000) + '{"k\\ud800":1}' + '}'.repeat(10_000),
    });
    assert.equal(deep.statusCode, 400);
    assert.equal(deep.json().message, `${'a.'.repeat(10_000)}k\ud800 ${TEXT_INPUT_MESSAGES.invalidCharacters}`);
  });

  it('reads only parsed data, never a streamed body or a cyclic object graph', () => {
    const stream = Readable.from(['a\u0000b']) as Readable & { self?: unknown };
    stream.self = stream;
    assert.equal(firstUnstorableText(stream), null);
    const cyclic: Record<string, unknown> = new (class Node {})() as Record<string, unknown>;
    cyclic.self = cyclic;
    assert.equal(firstUnstorableText({ upload: cyclic, file: Buffer.from([0]) }), null);
    assert.deepEqual(firstUnstorableText(Object.assign(Object.create(null), { q: 'a\u0000' })), ['q']);
  });

  it('finds the first unstorable text without recursing', () => {
    assert.equal(firstUnstorableText({ a: ['ok', { b: 'x\u0000' }] })?.join('.'), 'a.1.b');
    assert.equal(firstUnstorableText({ a: 'ok', b: ['😀'] }), null);
    assert.deepEqual(firstUnstorableText('\udfff'), []);
  });
});

describe('JSON bodies that are not UTF-8', () => {
  let t: TestApp;
  let people: TestStaff;
  before(async () => {
    t = await createTestApp();
    people = await createTestStaff(t.app);
  });
  after(() => t.close());

  it('refuses bytes that are not UTF-8 instead of storing U+FFFD, and still reads multi-byte text', async () => {
    const bad = Buffer.concat([Buffer.from('{"label":"caf'), Buffer.from([0xe9]), Buffer.from('","to":"/about"}')]);
    const res = await t.app.inject({ method: 'POST', url: '/api/FooterItem/CreateFooterItem', headers: { ...people.admin.headers, 'content-type': 'application/json' }, payload: bad });
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.json(), { message: TEXT_INPUT_MESSAGES.invalidEncoding });
    assert.deepEqual(await t.app.db.select().from(footerItems), []);

    const good = await t.app.inject({ method: 'POST', url: '/api/FooterItem/CreateFooterItem', headers: { ...people.admin.headers, 'content-type': 'application/json; charset=utf-8' }, payload: Buffer.from('{"label":"café ☕","to":"/about"}') });
    assert.equal(good.statusCode, 200, good.body);
    const [row] = await t.app.db.select().from(footerItems);
    assert.equal(row?.label, 'café ☕');
  });
});
