/**
 * Turns the document @fastify/swagger generates from the route schemas into standard OpenAPI 3.0:
 * JSON Schema keywords that OpenAPI 3.0 lacks (our `messages`, `propertyNames`…) become `x-`
 * extensions, and every operation gets the security, summary and operationId that tools and
 * generated clients expect. Only the document changes: Ajv keeps validating with the route
 * schemas as they are written.
 */
import type { Access } from '../app/viewer.js';

type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The keywords of an OpenAPI 3.0 Schema Object; any other key is carried as an `x-` extension. */
const OPENAPI_SCHEMA_KEYWORDS = new Set([
  '$ref',
  'title',
  'description',
  'multipleOf',
  'maximum',
  'exclusiveMaximum',
  'minimum',
  'exclusiveMinimum',
  'maxLength',
  'minLength',
  'pattern',
  'maxItems',
  'minItems',
  'uniqueItems',
  'maxProperties',
  'minProperties',
  'required',
  'enum',
  'type',
  'allOf',
  'oneOf',
  'anyOf',
  'not',
  'items',
  'properties',
  'additionalProperties',
  'format',
  'default',
  'nullable',
  'discriminator',
  'readOnly',
  'writeOnly',
  'xml',
  'externalDocs',
  'example',
  'deprecated',
]);

/** Keywords whose value is one schema (or, for a tuple `items`, a list of them). */
const SCHEMA_KEYWORDS = new Set(['items', 'additionalProperties', 'not', 'propertyNames', 'contains', 'if', 'then', 'else', 'additionalItems', 'unevaluatedItems', 'unevaluatedProperties']);
/** Keywords whose value is a list of schemas. */
const SCHEMA_LIST_KEYWORDS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
/** Keywords whose value maps names (not keywords) to schemas. */
const SCHEMA_MAP_KEYWORDS = new Set(['properties', 'patternProperties', 'definitions', '$defs', 'dependentSchemas']);

/** The name a schema keyword takes in the document: itself when OpenAPI 3.0 knows it, else `x-<keyword>`. */
export function documentKeyword(keyword: string): string {
  return OPENAPI_SCHEMA_KEYWORDS.has(keyword) || keyword.startsWith('x-') ? keyword : `x-${keyword}`;
}

/**
 * Applies `visit` to each subschema of `schema` (by keyword), leaving every other value (enum
 * members, defaults, examples, messages) untouched: they are data, whatever keys they hold.
 */
export function mapSubschemas(key: string, value: unknown, visit: (subschema: unknown) => unknown): unknown {
  const bare = key.startsWith('x-') ? key.slice(2) : key;
  if (SCHEMA_KEYWORDS.has(bare)) return Array.isArray(value) ? value.map(visit) : visit(value);
  if (SCHEMA_LIST_KEYWORDS.has(bare)) return Array.isArray(value) ? value.map(visit) : value;
  if (SCHEMA_MAP_KEYWORDS.has(bare) && isObject(value)) return Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, visit(sub)]));
  return value;
}

/** A copy of the schema where every keyword OpenAPI 3.0 lacks, at any depth, is an `x-` extension. */
export function toStandardSchema(schema: unknown): unknown {
  if (!isObject(schema)) return schema;
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [documentKeyword(key), mapSubschemas(key, value, toStandardSchema)]));
}

/** The HTTP methods an OpenAPI 3.0 Path Item may hold, in the order the specification lists them. */
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

function mapEntries(value: unknown, map: (entry: unknown) => unknown): unknown {
  return isObject(value) ? Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, map(entry)])) : value;
}

function withSchema<T>(holder: T): T {
  if (!isObject(holder)) return holder;
  const copy: JsonObject = { ...holder };
  if ('schema' in copy) copy.schema = toStandardSchema(copy.schema);
  if ('content' in copy) copy.content = mapEntries(copy.content, withSchema);
  if ('headers' in copy) copy.headers = mapEntries(copy.headers, withSchema);
  return copy as T;
}

/** Standardises the schemas of one operation: its parameters, request body and responses. */
function standardOperationSchemas(operation: JsonObject): JsonObject {
  const copy: JsonObject = { ...operation };
  if (Array.isArray(copy.parameters)) copy.parameters = copy.parameters.map(withSchema);
  if ('requestBody' in copy) copy.requestBody = withSchema(copy.requestBody);
  if ('responses' in copy) copy.responses = mapEntries(copy.responses, withSchema);
  return copy;
}

/** The words of a camel-case or Pascal-case name: `GetCMSInfo` → Get, CMS, Info. */
function wordsOf(name: string): string[] {
  return name.match(/[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+/g) ?? [name];
}

/** Abbreviations written in capitals in a summary even when the path spells them `Csv` or `Id`. */
const ABBREVIATIONS = new Set(['cms', 'csv', 'id', 'url']);

function sentenceWord(word: string, index: number): string {
  if (ABBREVIATIONS.has(word.toLowerCase()) || (word.length > 1 && word === word.toUpperCase())) return word.toUpperCase();
  const lower = word.toLowerCase();
  return index === 0 ? lower.charAt(0).toUpperCase() + lower.slice(1) : lower;
}

const phrase = (name: string, capitalised: boolean) => wordsOf(name).map((word, index) => sentenceWord(word, capitalised ? index : index + 1)).join(' ');

const isParameter = (segment: string) => /^\{.+\}$/.test(segment);
const parameterName = (segment: string) => segment.slice(1, -1);

/** The segments of a path that name it: without the `/api` prefix every API call shares. */
function namingSegments(path: string): string[] {
  const segments = path.split('/').filter(Boolean);
  return segments[0] === 'api' && segments.length > 1 ? segments.slice(1) : segments;
}

/**
 * A short title read from the path, which names the action: `/api/Product/GetAllProducts` →
 * "Get all products". A one-word action names its resource too (`/api/Devices/Register` →
 * "Register (devices)"), path parameters read as "by …", and file names stay as they are.
 */
export function summaryOf(path: string): string {
  const segments = namingSegments(path);
  const names = segments.filter((segment) => !isParameter(segment));
  const action = names.at(-1) ?? '';
  const resource = names.at(-2);
  let summary = action.includes('.') ? action : phrase(action, true);
  if (resource && wordsOf(action).length === 1) summary += ` (${phrase(resource, false)})`;
  for (const segment of segments.filter(isParameter)) summary += ` by ${phrase(parameterName(segment), false)}`;
  return summary || path;
}

/**
 * A stable identifier read from the path, so generated clients name their calls after the API's
 * own routes: `/api/Product/GetAllProducts` → `Product_GetAllProducts`, `/sitemaps/{file}` →
 * `sitemaps_ByFile`, `/robots.txt` → `robots_txt`.
 */
export function operationIdOf(path: string): string {
  return namingSegments(path)
    .map((segment) => (isParameter(segment) ? `By${parameterName(segment).charAt(0).toUpperCase()}${parameterName(segment).slice(1)}` : segment))
    .join('_')
    .replace(/[^A-Za-z0-9_]/g, '_');
}

/**
 * The security requirement of an access level. Public calls (and routes outside /api, which
 * declare none and check none) need nothing: an empty list says so explicitly. `optional`
 * calls work without a token and show more with one: either no requirement (`{}`) or the bearer.
 */
export function securityOf(access: Access | undefined): Array<Record<string, string[]>> {
  switch (access) {
    case 'staff':
    case 'admin':
      return [{ bearer: [] }];
    case 'optional':
      return [{}, { bearer: [] }];
    default:
      return [];
  }
}

/**
 * The generated document made standard: standard schemas everywhere, and on every operation a
 * summary and a unique operationId unless its route declares its own. Two methods on one path
 * get the method appended to their operationId; any remaining clash a numeric suffix.
 */
export function standardDocument<T extends object>(document: T): T {
  const source = document as JsonObject;
  const copy: JsonObject = { ...source };
  if (isObject(source.components)) {
    const components: JsonObject = { ...source.components };
    if (isObject(components.schemas)) components.schemas = mapEntries(components.schemas, toStandardSchema);
    if (isObject(components.parameters)) components.parameters = mapEntries(components.parameters, withSchema);
    if (isObject(components.requestBodies)) components.requestBodies = mapEntries(components.requestBodies, withSchema);
    if (isObject(components.responses)) components.responses = mapEntries(components.responses, withSchema);
    if (isObject(components.headers)) components.headers = mapEntries(components.headers, withSchema);
    copy.components = components;
  }

  const usedIds = new Set<string>();
  const uniqueId = (id: string) => {
    let unique = id;
    for (let n = 2; usedIds.has(unique); n += 1) unique = `${id}_${n}`;
    usedIds.add(unique);
    return unique;
  };
  if (isObject(source.paths)) {
    const paths: JsonObject = {};
    for (const [path, item] of Object.entries(source.paths)) {
      if (!isObject(item)) {
        paths[path] = item;
        continue;
      }
      const pathItem: JsonObject = { ...item };
      if (Array.isArray(pathItem.parameters)) pathItem.parameters = pathItem.parameters.map(withSchema);
      const methods = HTTP_METHODS.filter((method) => isObject(item[method]));
      for (const method of methods) {
        const operation = standardOperationSchemas(item[method] as JsonObject);
        if (typeof operation.summary !== 'string' || operation.summary === '') operation.summary = summaryOf(path);
        const id = typeof operation.operationId === 'string' ? operation.operationId : operationIdOf(path) + (methods.length > 1 ? `_${method}` : '');
        operation.operationId = uniqueId(id);
        pathItem[method] = operation;
      }
      paths[path] = pathItem;
    }
    copy.paths = paths;
  }
  return copy as T;
}
