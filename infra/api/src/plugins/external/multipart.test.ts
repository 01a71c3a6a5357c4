import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { FileField, RequiredText } from '@deals/contract';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { form } from '../../test-support/forms.js';

describe('multipart forms', () => {
  let t: TestApp;
  let received: Record<string, unknown> | undefined;
  before(async () => {
    t = await createTestApp();
    t.app.withTypeProvider<TypeBoxTypeProvider>().post(
      '/api/test/form',
      {
        config: { access: 'public' },
        schema: {
          consumes: ['multipart/form-data', 'application/json'],
          body: Type.Object({
            name: RequiredText({ label: 'Product Name', max: 10, required: 'Product Name is required' }),
            price: Type.Optional(Type.Number({ messages: { type: 'Please enter valid current price' } })),
            ids: Type.Optional(Type.Array(Type.Integer())),
            isActive: Type.Optional(Type.Boolean()),
            image: FileField(),
          }),
        },
      },
      async (request) => {
        received = request.body as Record<string, unknown>;
        return { message: 'ok' };
      },
    );
  });
  after(() => t.close());

  it('validates form fields with the same schema as JSON, coercing text and repeated fields', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/form', payload: form({ name: 'Lamp', price: '12.5', ids: [3], isActive: 'false' }, { image: Buffer.from('abc') }) });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual({ ...received, image: Buffer.isBuffer(received?.image) }, { name: 'Lamp', price: 12.5, ids: [3], isActive: false, image: true });
  });

  it('treats empty fields as missing, so required messages show instead of coerced zeros', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/form', payload: form({ name: '', price: '' }) });
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.json(), { message: 'Product Name is required', errors: { name: 'Product Name is required' } });
  });

  it('answers text where a number belongs with the field message', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/form', payload: form({ name: 'Lamp', price: 'cheap' }) });
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().errors.price, 'Please enter valid current price');
  });

  it('refuses a file over 10 MB with 413 and a message', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/form', payload: form({ name: 'Lamp' }, { image: Buffer.alloc(10 * 1024 * 1024 + 1) }) });
    assert.equal(res.statusCode, 413);
    assert.equal(res.json().message, 'The file is too large. Images may be at most 10 MB.');
  });
});
