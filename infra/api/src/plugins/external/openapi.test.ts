import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import ts from 'typescript';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { HTTP_METHODS } from './openapi-document.js';
import { apiShape, shapeDifferences, SHAPE_SNAPSHOT_URL, type ApiShape } from './openapi-shape.js';

type JsonObject = Record<string, unknown>;
interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  security?: unknown;
}
interface OpenApiDocument {
  openapi: string;
  servers?: unknown[];
  paths: Record<string, Record<string, Operation>>;
}

/** Every operation of the document as `[METHOD path, operation]`. */
function operationsOf(doc: OpenApiDocument): Array<[string, Operation]> {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    HTTP_METHODS.flatMap((method): Array<[string, Operation]> => (item[method] ? [[`${method.toUpperCase()} ${path}`, item[method]]] : [])),
  );
}

describe('OpenAPI documentation', () => {
  let t: TestApp;
  let doc: OpenApiDocument;
  before(async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    assert.equal(res.statusCode, 200);
    doc = res.json<OpenApiDocument>();
  });
  after(() => t.close());

  it('describes the routes with their access level and security at /api/docs/json', () => {
    assert.equal(doc.openapi, '3.0.3');
    const categories = doc.paths['/api/Category/GetAllCategories']?.get;
    assert.match(categories?.description ?? '', /Access: \*\*optional\*\*/);
    // Optional: works without a token (the empty requirement) and shows more with one.
    assert.deepEqual(categories?.security, [{}, { bearer: [] }]);
    assert.deepEqual(doc.paths['/api/Product/CreateProduct']?.post?.security, [{ bearer: [] }]);
    assert.deepEqual(doc.paths['/api/health']?.get?.security, []);
  });

  it('is standard OpenAPI: no error under Redocly recommended rules, a unique operationId and a summary on every operation, servers', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: 'openapi.json', config });
    const errors = problems.filter((problem) => problem.severity === 'error').map((problem) => `${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer ?? '?'}`);
    assert.deepEqual(errors.slice(0, 20), [], `${errors.length} lint errors`);

    assert.ok(Array.isArray(doc.servers) && doc.servers.length > 0, 'servers');
    const operations = operationsOf(doc);
    assert.ok(operations.length > 100, `${operations.length} operations`);
    const ids = new Map<string, string>();
    for (const [key, operation] of operations) {
      assert.equal(typeof operation.operationId, 'string', `${key} has no operationId`);
      assert.match(operation.operationId ?? '', /^[A-Za-z0-9_]+$/, `${key}: operationId`);
      const id = operation.operationId ?? '';
      assert.equal(ids.get(id), undefined, `${key} and ${ids.get(id)} share ${id}`);
      ids.set(id, key);
      assert.ok(typeof operation.summary === 'string' && operation.summary !== '', `${key} has no summary`);
      assert.ok(Array.isArray(operation.security), `${key} declares no security`);
    }
    assert.equal(doc.paths['/api/Product/GetProductById']?.get?.operationId, 'Product_GetProductById');
  });

  it('names no tracker issue in any description', () => {
    const found: string[] = [];
    const visit = (value: unknown, at: string) => {
      if (Array.isArray(value)) value.forEach((item, index) => visit(item, `${at}/${index}`));
      else if (typeof value === 'object' && value !== null) for (const [key, item] of Object.entries(value)) visit(item, `${at}/${key}`);
      else if (typeof value === 'string' && (value.includes('Issue') || /\bissue #?\d/i.test(value)) && /\/(description|summary)$/.test(at)) found.push(`${at}: ${value.slice(0, 80)}`);
    };
    visit(doc, '#');
    assert.deepEqual(found, []);
  });

  it('generates TypeScript types that compile', async () => {
    const source = astToString(await openapiTS(doc as unknown as OpenAPI3));
    const dir = await mkdtemp(join(tmpdir(), 'deals-openapi-'));
    try {
      const file = join(dir, 'api.d.ts');
      await writeFile(file, source);
      const program = ts.createProgram([file], { strict: true, noEmit: true, skipLibCheck: false, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, types: [] });
      const diagnostics = ts.getPreEmitDiagnostics(program).map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      assert.deepEqual(diagnostics.slice(0, 10), []);
      assert.match(source, /Product_GetProductById: \{/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('keeps the shape of every call as openapi-shape.json records it (npm run openapi:shape rewrites it)', async () => {
    const expected = JSON.parse(await readFile(SHAPE_SNAPSHOT_URL, 'utf8')) as ApiShape;
    assert.deepEqual(shapeDifferences(expected, apiShape(doc)), []);
  });

  it('serves the browsable documentation at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /text\/html/);
  });
});

describe('OpenAPI shape', () => {
  const documentWith = (bodySchema: JsonObject, extra: JsonObject = {}) => ({
    openapi: '3.0.3',
    paths: {
      '/api/Thing/CreateThing': {
        post: {
          summary: 'Create thing',
          operationId: 'Thing_CreateThing',
          requestBody: { required: true, content: { 'application/json': { schema: bodySchema } } },
          responses: { 200: { description: 'Default Response', content: { 'application/json': { schema: { type: 'object', properties: { id: { type: 'integer' } } } } } } },
        },
      },
      ...extra,
    },
  });
  const body = { type: 'object', required: ['name'], properties: { name: { type: 'string', minLength: 1, messages: { minLength: 'Name is required' } }, note: { type: 'string' } } };
  const base = apiShape(documentWith(body));

  it('ignores what only documents: x-messages for messages, descriptions, summaries, operationIds, security', () => {
    const standard = documentWith({
      ...body,
      description: 'A thing',
      properties: { name: { type: 'string', minLength: 1, 'x-messages': { minLength: 'Name is required' } }, note: { type: 'string', description: 'Free text' } },
    });
    Object.assign(standard.paths['/api/Thing/CreateThing'].post, { summary: 'Other', operationId: 'createThing', security: [{ bearer: [] }], description: 'Access: **staff**.' });
    assert.deepEqual(shapeDifferences(base, apiShape(standard)), []);
  });

  it('reports a changed property type', () => {
    const changed = apiShape(documentWith({ ...body, properties: { ...body.properties, note: { type: 'integer' } } }));
    assert.deepEqual(shapeDifferences(base, changed), ['changed: POST /api/Thing/CreateThing', '    requestBody.content.application/json.properties.note.type: "string" → "integer"']);
  });

  it('reports a new required field', () => {
    const changed = apiShape(documentWith({ ...body, required: ['name', 'note'] }));
    assert.equal(shapeDifferences(base, changed)[0], 'changed: POST /api/Thing/CreateThing');
  });

  it('reports a removed or an added operation', () => {
    const withOther = apiShape(documentWith(body, { '/api/Thing/DeleteThing': { delete: { responses: { 200: { description: 'ok' } } } } }));
    assert.deepEqual(shapeDifferences(withOther, base), ['removed: DELETE /api/Thing/DeleteThing']);
    assert.deepEqual(shapeDifferences(base, withOther), ['added:   DELETE /api/Thing/DeleteThing']);
  });
});
