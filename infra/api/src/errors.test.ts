import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { MESSAGES } from '@deals/contract';
import { HttpError, validationErrors } from './errors.js';
import { createTestApp, type TestApp } from './test-support/app.js';

describe('error answers', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
    const app = t.app.withTypeProvider<TypeBoxTypeProvider>();
    app.get('/api/test/boom', { config: { access: 'public' } }, async () => {
      throw new Error('secret: password=hunter2 at db.internal:5432');
    });
    app.get('/api/test/conflict', { config: { access: 'public' } }, async () => {
      throw new HttpError(409, 'A store with this name already exists');
    });
    app.post(
      '/api/test/store',
      {
        config: { access: 'public' },
        schema: {
          body: Type.Object({
            name: Type.String({ maxLength: 5, messages: { required: 'Store Name is required', maxLength: 'Too long' } }),
            sortOrder: Type.Integer(),
            link: Type.String(),
          }),
        },
      },
      async () => ({ message: 'ok' }),
    );
  });
  after(() => t.close());

  it('answers unknown /api paths with a JSON 404', async () => {
    for (const url of ['/api/Nope/Nothing', '/api/', '/api']) {
      const res = await t.app.inject({ method: 'GET', url });
      assert.equal(res.statusCode, 404, url);
      assert.deepEqual(res.json(), { message: MESSAGES.notFound });
    }
    const wrongMethod = await t.app.inject({ method: 'DELETE', url: '/api/health' });
    assert.equal(wrongMethod.statusCode, 404);
    assert.deepEqual(wrongMethod.json(), { message: 'Not found' });
  });

  it('answers a thrown error with a generic 500 and nothing internal', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    assert.equal(res.statusCode, 500);
    assert.deepEqual(res.json(), { message: MESSAGES.serverError });
    assert.doesNotMatch(res.body, /hunter2|db\.internal|stack/);
  });

  it('passes 4xx messages through', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/conflict' });
    assert.equal(res.statusCode, 409);
    assert.deepEqual(res.json(), { message: 'A store with this name already exists' });
  });

  it('answers validation failures with 400, every field and the schema wording', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/store', payload: { sortOrder: 'first' } });
    assert.equal(res.statusCode, 400);
    const body = res.json();
    assert.equal(body.errors.name, 'Store Name is required');
    assert.equal(body.errors.link, 'link is required');
    assert.match(body.errors.sortOrder, /integer/);
    assert.equal(body.message, body.errors[Object.keys(body.errors)[0]!]);

    const tooLong = await t.app.inject({ method: 'POST', url: '/api/test/store', payload: { name: 'abcdefgh', sortOrder: 1, link: 'x' } });
    assert.equal(tooLong.statusCode, 400);
    assert.deepEqual(tooLong.json(), { message: 'Too long', errors: { name: 'Too long' } });
  });

  it('answers a malformed JSON body with 400 and a message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/store',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    assert.equal(res.statusCode, 400);
    assert.equal(typeof res.json().message, 'string');
  });
});

describe('validationErrors', () => {
  it('names nested fields by path and keeps the first message per field', () => {
    const errors = validationErrors(
      [
        { keyword: 'maxLength', instancePath: '/items/0/name', params: {}, message: 'must be short' },
        { keyword: 'pattern', instancePath: '/items/0/name', params: {}, message: 'second' },
        { keyword: 'type', instancePath: '', params: {}, message: 'must be object' },
      ],
      'body',
    );
    assert.deepEqual(errors, { 'items.0.name': 'must be short', body: 'must be object' });
  });
});
