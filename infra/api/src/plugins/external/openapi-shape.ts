/**
 * The shape of the API as its OpenAPI document declares it: every path and method with its
 * parameters (by location and name: required, schema), request body and response schemas, without what only
 * documents it (descriptions, summaries, operationIds, tags, security, servers, examples, `x-`
 * extensions, validation messages). `openapi-shape.json` keeps it, written by
 * `scripts/openapi-shape.ts`; a test compares the running API with it, so a refactor of the
 * routes or of the document generation cannot change a call unnoticed.
 */
import { isDeepStrictEqual } from 'node:util';
import { documentKeyword, HTTP_METHODS, mapSubschemas } from './openapi-document.js';

type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Where the committed shape lives: the API package's root (the same from `src` and `dist`). */
export const SHAPE_SNAPSHOT_URL = new URL('../../../openapi-shape.json', import.meta.url);

/** Operations by path, then by lower-case method. */
export interface ApiShape {
  paths: Record<string, Record<string, unknown>>;
}

/**
 * JSON Schema keywords that constrain values but that OpenAPI 3.0 lacks: the document carries
 * them as `x-` extensions, the shape under their own name (they are part of what a call accepts).
 */
const VALIDATION_EXTENSIONS = new Set([
  'propertyNames',
  'patternProperties',
  'const',
  'contains',
  'minContains',
  'maxContains',
  'if',
  'then',
  'else',
  'dependencies',
  'dependentRequired',
  'dependentSchemas',
  'additionalItems',
  'prefixItems',
  'unevaluatedItems',
  'unevaluatedProperties',
]);

/** Schema keywords that only document. */
const DOCUMENTATION_KEYWORDS = new Set(['description', 'title', 'example', 'examples', 'externalDocs', 'deprecated', 'xml']);

/** A deep copy with every object's keys sorted, so equal shapes serialise identically. */
export function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortKeys(value[key])]),
  );
}

type Resolve = (ref: string) => unknown;

function schemaShape(schema: unknown, resolve: Resolve): unknown {
  if (!isObject(schema)) return schema;
  if (typeof schema.$ref === 'string') return resolve(schema.$ref);
  const shape: JsonObject = {};
  for (const [key, value] of Object.entries(schema)) {
    // As the standard document names it, so a keyword reads the same whether the document
    // carries it bare (before standardisation) or as `x-`; validation keywords keep their name.
    const documented = documentKeyword(key);
    const keyword = documented.startsWith('x-') && VALIDATION_EXTENSIONS.has(documented.slice(2)) ? documented.slice(2) : documented;
    if (keyword.startsWith('x-') || DOCUMENTATION_KEYWORDS.has(keyword)) continue;
    // The order of `required` says nothing about the call.
    shape[keyword] = keyword === 'required' && Array.isArray(value) ? [...value].sort() : mapSubschemas(keyword, value, (sub) => schemaShape(sub, resolve));
  }
  return shape;
}

/** Resolves `#/components/schemas/…` in place (a recursive schema keeps its `$ref` where it recurs). */
function resolverOf(document: JsonObject): Resolve {
  const schemas = isObject(document.components) && isObject(document.components.schemas) ? document.components.schemas : {};
  const resolving = new Set<string>();
  const resolve: Resolve = (ref) => {
    const name = ref.startsWith('#/components/schemas/') ? ref.slice('#/components/schemas/'.length) : undefined;
    if (name === undefined || !(name in schemas) || resolving.has(ref)) return { $ref: ref };
    resolving.add(ref);
    try {
      return schemaShape(schemas[name], resolve);
    } finally {
      resolving.delete(ref);
    }
  };
  return resolve;
}

function contentShape(content: unknown, resolve: Resolve): unknown {
  if (!isObject(content)) return undefined;
  return Object.fromEntries(Object.entries(content).map(([mediaType, media]) => [mediaType, isObject(media) ? schemaShape(media.schema, resolve) : media]));
}

/** Parameters by `<in> <name>` (e.g. `query categoryId`): their order means nothing, and a diff reads by name. */
function parametersShape(parameters: unknown[], resolve: Resolve): JsonObject {
  const shape: JsonObject = {};
  for (const parameter of parameters) {
    if (!isObject(parameter)) continue;
    shape[`${String(parameter.in)} ${String(parameter.name)}`] = {
      required: parameter.required === true,
      ...(parameter.schema !== undefined ? { schema: schemaShape(parameter.schema, resolve) } : {}),
      ...(parameter.content !== undefined ? { content: contentShape(parameter.content, resolve) } : {}),
    };
  }
  return shape;
}

function operationShape(operation: JsonObject, pathParameters: unknown[], resolve: Resolve): JsonObject {
  // An operation's own parameter overrides the path item's of the same name and location.
  const parameters = parametersShape([...pathParameters, ...(Array.isArray(operation.parameters) ? operation.parameters : [])], resolve);
  const shape: JsonObject = { parameters };
  if (isObject(operation.requestBody)) {
    shape.requestBody = { required: operation.requestBody.required === true, content: contentShape(operation.requestBody.content, resolve) };
  }
  const responses = isObject(operation.responses) ? operation.responses : {};
  shape.responses = Object.fromEntries(
    Object.entries(responses).map(([status, response]) => {
      if (!isObject(response)) return [status, {}];
      const headers = isObject(response.headers)
        ? Object.fromEntries(Object.entries(response.headers).map(([name, header]) => [name, isObject(header) ? { required: header.required === true, schema: schemaShape(header.schema, resolve) } : {}]))
        : undefined;
      return [status, { ...(response.content !== undefined ? { content: contentShape(response.content, resolve) } : {}), ...(headers ? { headers } : {}) }];
    }),
  );
  return shape;
}

/** The shape of an OpenAPI 3 document (as served at /api/docs/json), with sorted keys. */
export function apiShape(document: unknown): ApiShape {
  if (!isObject(document) || !isObject(document.paths)) throw new Error('not an OpenAPI document: no paths');
  const resolve = resolverOf(document);
  const paths: ApiShape['paths'] = {};
  for (const [path, item] of Object.entries(document.paths)) {
    if (!isObject(item)) continue;
    const pathParameters = Array.isArray(item.parameters) ? item.parameters : [];
    const operations: Record<string, unknown> = {};
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (isObject(operation)) operations[method] = operationShape(operation, pathParameters, resolve);
    }
    paths[path] = operations;
  }
  return sortKeys({ paths }) as ApiShape;
}

/** The shape as `openapi-shape.json` stores it. */
export const serialiseShape = (shape: ApiShape) => `${JSON.stringify(shape, null, 2)}\n`;

function operationsOf(shape: ApiShape): Map<string, unknown> {
  const operations = new Map<string, unknown>();
  for (const [path, methods] of Object.entries(shape.paths)) {
    for (const [method, operation] of Object.entries(methods)) operations.set(`${method.toUpperCase()} ${path}`, operation);
  }
  return operations;
}

const describeValue = (value: unknown) => {
  if (value === undefined) return 'absent';
  const text = JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
};

/** Where two values differ, as `a.b.c: before → after`, at most `limit` of them. */
function differences(before: unknown, after: unknown, at: string, found: string[], limit: number): void {
  if (found.length >= limit || isDeepStrictEqual(before, after)) return;
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    for (const key of keys) differences(before[key], after[key], at ? `${at}.${key}` : key, found, limit);
    return;
  }
  if (Array.isArray(before) && Array.isArray(after) && before.length === after.length) {
    before.forEach((item, index) => differences(item, after[index], `${at}[${index}]`, found, limit));
    return;
  }
  found.push(`${at || '(the operation)'}: ${describeValue(before)} → ${describeValue(after)}`);
}

/**
 * What changed from the committed shape to the current one, one line per operation added or
 * removed and, for a changed one, the first few places where it differs. Empty when equal.
 */
export function shapeDifferences(expected: ApiShape, actual: ApiShape, detailsPerOperation = 5): string[] {
  const before = operationsOf(expected);
  const after = operationsOf(actual);
  const lines: string[] = [];
  for (const key of [...new Set([...before.keys(), ...after.keys()])].sort()) {
    if (!before.has(key)) lines.push(`added:   ${key}`);
    else if (!after.has(key)) lines.push(`removed: ${key}`);
    else if (!isDeepStrictEqual(before.get(key), after.get(key))) {
      const found: string[] = [];
      differences(before.get(key), after.get(key), '', found, detailsPerOperation + 1);
      const shown = found.slice(0, detailsPerOperation).map((line) => `    ${line}`);
      if (found.length > detailsPerOperation) shown.push('    …');
      lines.push(`changed: ${key}`, ...shown);
    }
  }
  return lines;
}
