import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { TEXT_INPUT_MESSAGES } from '@deals/contract';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { createTestStaff, type TestStaff } from '../test-support/staff.js';
import { sendCsv } from './csv-export.js';

/** The error code PostgreSQL gives a date it cannot represent. */
class RefusedFilter extends Error {
  readonly code = '22008';
}

describe('Download CSV with a filter the database refuses', () => {
  let t: TestApp;
  let people: TestStaff;
  let exportPaths: string[];
  before(async () => {
    t = await createTestApp();
    t.app.get('/api/test/export', { config: { access: 'public' } }, (_request, reply) =>
      sendCsv(reply, 'rows', [{ title: 'Name', value: (row: { name: string }) => row.name }], {
        // eslint-disable-next-line require-yield
        async *[Symbol.asyncIterator]() {
          throw new RefusedFilter('date/time field value out of range');
        },
      }),
    );
    people = await createTestStaff(t.app);
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, object> };
    exportPaths = Object.keys(document.paths).filter((path) => /\/Export\w+Csv$/.test(path));
  });
  after(() => t.close());

  it('answers 400 with a message before any byte of the file', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/export' });
    assert.equal(res.statusCode, 400);
    assert.match(String(res.headers['content-type']), /^application\/json/);
    assert.equal(res.headers['content-disposition'], undefined);
    assert.equal(typeof res.json().message, 'string');
  });

  it('refuses an impossible date as the deals list does, instead of a 200 cut short', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/Product/GetAllProducts?page=1&addedFrom=0000-01-01T00:00:00Z', headers: people.admin.headers });
    const file = await t.app.inject({ method: 'GET', url: '/api/Product/ExportProductsCsv?addedFrom=0000-01-01T00:00:00Z', headers: people.admin.headers });
    assert.equal(list.statusCode, 400);
    assert.equal(file.statusCode, 400, file.body);
    assert.deepEqual(file.json(), list.json());
  });

  it('refuses a NUL in a filter on every export, with the field message', async () => {
    assert.ok(exportPaths.length >= 8, exportPaths.join());
    for (const path of exportPaths) {
      const res = await t.app.inject({ method: 'GET', url: `${path}?timeZone=UTC%00`, headers: people.admin.headers });
      assert.equal(res.statusCode, 400, path);
      assert.deepEqual(res.json().errors, { timeZone: `timeZone ${TEXT_INPUT_MESSAGES.invalidCharacters}` }, path);
    }
  });
});
