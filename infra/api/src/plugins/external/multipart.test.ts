import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { FileField, RequiredText } from '@deals/contract';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { form } from '../../test-support/forms.js';
import { MALFORMED_FORM } from './multipart.js';

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

describe('malformed multipart bodies', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  const part = (boundary: string, name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const post = (contentType: string, payload: string) =>
    t.app.inject({ method: 'POST', url: '/api/Home/SearchProduct', headers: { 'content-type': contentType }, payload });

  it('answers 400 with a message to a form cut short, one whose boundary is not in the body, and one without a boundary', async () => {
    const whole = `${part('B', 'keyword', 'lamp')}--B--\r\n`;
    for (const [contentType, payload] of [
      ['multipart/form-data; boundary=B', whole.slice(0, 30)],
      ['multipart/form-data; boundary=B', part('B', 'keyword', 'lamp')],
      ['multipart/form-data; boundary=Elsewhere', whole],
      ['multipart/form-data', whole],
    ] as const) {
      const res = await post(contentType, payload);
      assert.equal(res.statusCode, 400, `${contentType} ${JSON.stringify(payload)}: ${res.body}`);
      assert.deepEqual(res.json(), { message: MALFORMED_FORM });
    }
  });

  it('answers 413 to a text field over the field limit, and 400 to a field named after Object.prototype', async () => {
    const big = await post('multipart/form-data; boundary=B', `${part('B', 'keyword', 'x'.repeat(2 * 1024 * 1024 + 1))}--B--\r\n`);
    assert.equal(big.statusCode, 413);
    assert.equal(big.json().message, 'The request is too large.');
    const proto = await post('multipart/form-data; boundary=B', `${part('B', '__proto__', 'x')}--B--\r\n`);
    assert.equal(proto.statusCode, 400);
    assert.equal(typeof proto.json().message, 'string');
  });

  it('refuses a text field whose bytes are not UTF-8 (an encoded lone surrogate) with a field message', async () => {
    const head = Buffer.from('--B\r\nContent-Disposition: form-data; name="keyword"\r\n\r\nlamp');
    const payload = Buffer.concat([head, Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('\r\n--B--\r\n')]);
    const res = await t.app.inject({ method: 'POST', url: '/api/Home/SearchProduct', headers: { 'content-type': 'multipart/form-data; boundary=B' }, payload });
    assert.equal(res.statusCode, 400, res.body);
    assert.equal(res.json().errors?.keyword, 'keyword contains characters that are not allowed');
  });

  it('still reads a complete form with a repeated field as a list', async () => {
    const res = await post('multipart/form-data; boundary=B', `${part('B', 'keyword', 'lamp')}${part('B', 'productTypeIds', '1')}${part('B', 'productTypeIds', '2')}--B--\r\n`);
    assert.equal(res.statusCode, 200, res.body);
  });
});
