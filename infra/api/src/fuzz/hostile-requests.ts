/**
 * Hostile requests for one operation of the OpenAPI document, as fast-check arbitraries.
 *
 * "Nothing changed" must be checkable, so every request that could change something is invalid by
 * construction: each one to a non-GET call carries one poison, a defect the API must refuse before
 * any handler acts on it, on top of hostile noise in its other parameters and fields. GET calls
 * must change nothing by HTTP's own rules, so they also get requests with noise only (unknown ids,
 * traversal, huge numbers reach their handlers that way).
 */
import fc from 'fast-check';
import type { FieldSchema, Operation, Parameter } from './openapi-operations.js';
import { hostileJson, hostilePathValue, hostileUrlValue, UNKNOWN_ID } from './hostile-values.js';

export const POISONS = ['text', 'json-encoding', 'json-syntax', 'json-proto', 'multipart-broken', 'multipart-proto', 'unsupported-type', 'oversized', 'schema', 'unknown-id'] as const;
export type Poison = (typeof POISONS)[number];

export interface HostileRequest {
  /** The defect that makes the request invalid; null only for GET calls. */
  poison: Poison | null;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** What the poison did, for the failure message. */
  note: string;
}

type Encoding = 'none' | 'json' | 'multipart';

interface Draft {
  path: Record<string, string>;
  /** URL-encoded pairs, in order (a name may repeat). */
  query: Array<[string, string]>;
  /** Body fields as JSON texts. */
  body: Array<[string, string]>;
  encoding: Encoding;
}

const BOUNDARY = 'fuzzBoundary7MA4YWxkTrZu0gW';
const DEEP_LEVELS = 10_000;
const OVERSIZED_JSON = `{"x":"${'a'.repeat(1024 * 1024 + 16)}"}`;
const OVERSIZED_FIELD = 'b'.repeat(2 * 1024 * 1024 + 16);

/** `{"a":{"a":…<inner>…}}`, DEEP_LEVELS deep. */
export const deepJson = (inner: string) => '{"a":'.repeat(DEEP_LEVELS) + inner + '}'.repeat(DEEP_LEVELS);

const isIdLike = (parameter: Parameter) => /(^id$|Id$|Ids$)/.test(parameter.name) && typesOf(parameter.schema).some((type) => type === 'integer' || type === 'array');

function typesOf(schema: FieldSchema): string[] {
  return [schema.type ?? []].flat();
}

function urlOf(operation: Operation, draft: Draft): string {
  const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => draft.path[name] ?? 'x');
  const query = draft.query.map(([name, value]) => `${encodeURIComponent(name)}=${value}`).join('&');
  return query ? `${path}?${query}` : path;
}

const jsonBody = (fields: Array<[string, string]>) => `{${fields.map(([name, value]) => `${JSON.stringify(name)}:${value}`).join(',')}}`;

/** A JSON text as a form field's text: strings unquoted, anything else as written. */
function formText(json: string): string {
  if (!json.startsWith('"')) return json;
  try {
    return JSON.parse(json) as string;
  } catch {
    return json;
  }
}

function multipartBody(fields: Array<[string, string]>, boundary = BOUNDARY): string {
  const parts = fields.map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name.replace(/["\r\n]/g, '_')}"\r\n\r\n${formText(value)}\r\n`);
  return `${parts.join('')}--${boundary}--\r\n`;
}

function serialize(operation: Operation, draft: Draft, poison: Poison | null, note: string): HostileRequest {
  const request: HostileRequest = { poison, method: operation.method, url: urlOf(operation, draft), headers: {}, note };
  if (draft.encoding === 'json') {
    request.headers['content-type'] = 'application/json';
    request.payload = jsonBody(draft.body);
  } else if (draft.encoding === 'multipart') {
    request.headers['content-type'] = `multipart/form-data; boundary=${BOUNDARY}`;
    request.payload = multipartBody(draft.body);
  }
  return request;
}

/** One way to break a declared parameter or field that its schema must refuse, or null. */
function violationOf(schema: FieldSchema, inUrl: boolean): string | null {
  const types = typesOf(schema);
  if (schema.anyOf || schema.oneOf || types.length === 0) return null;
  if (schema.enum) return inUrl ? 'zz-not-a-choice' : '"zz-not-a-choice"';
  if (types.every((type) => type === 'integer' || type === 'number')) return inUrl ? 'not-a-number' : '"not-a-number"';
  if (types.every((type) => type === 'boolean')) return inUrl ? 'maybe' : '"maybe"';
  if (schema.format === 'date-time') return inUrl ? '2026-02-30T25%3A61%3A00Z' : '"2026-02-30T25:61:00Z"';
  if (schema.maxLength !== undefined && schema.maxLength < 100_000) return inUrl ? 'y'.repeat(schema.maxLength + 1) : JSON.stringify('y'.repeat(schema.maxLength + 1));
  // A JSON object is no string, number, flag or array, and the validator coerces none into one.
  if (!inUrl && !types.includes('object')) return '{"not":"this type"}';
  return null;
}

/** The ways to break this operation's schema: each sets one parameter or field to a refused value. */
function schemaViolations(operation: Operation, encoding: Encoding): Array<{ note: string; apply: (draft: Draft) => void }> {
  const violations: Array<{ note: string; apply: (draft: Draft) => void }> = [];
  for (const parameter of operation.parameters) {
    if (parameter.in !== 'query') continue;
    const value = violationOf(parameter.schema, true);
    if (value !== null) {
      violations.push({ note: `query ${parameter.name}=${value.slice(0, 40)}`, apply: (draft) => void (draft.query = [...draft.query.filter(([name]) => name !== parameter.name), [parameter.name, value]]) });
    }
    if (parameter.required) violations.push({ note: `query ${parameter.name} missing`, apply: (draft) => void (draft.query = draft.query.filter(([name]) => name !== parameter.name)) });
  }
  if (encoding === 'none') return violations;
  for (const [field, schema] of Object.entries(operation.bodyFields)) {
    // Form fields are text: only violations a text can carry apply.
    const value = violationOf(schema, false);
    if (value !== null && (encoding === 'json' || value.startsWith('"'))) {
      violations.push({ note: `body ${field}=${value.slice(0, 40)}`, apply: (draft) => void (draft.body = [...draft.body.filter(([name]) => name !== field), [field, value]]) });
    }
  }
  for (const field of operation.bodyRequired) {
    violations.push({ note: `body ${field} missing`, apply: (draft) => void (draft.body = draft.body.filter(([name]) => name !== field)) });
  }
  return violations;
}

/** Hostile noise in every part of the request: valid or not, the poison decides the outcome. */
function noiseOf(operation: Operation): fc.Arbitrary<Draft> {
  const pathNames = operation.parameters.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name);
  const queryNames = operation.parameters.filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name);
  const bodyNames = Object.keys(operation.bodyFields);
  const encodings: Encoding[] = operation.method === 'GET' ? ['none'] : operation.hasBody ? ['json', 'json', 'multipart'] : ['none', 'json', 'multipart'];
  return fc.record({
    path: fc.record(Object.fromEntries(pathNames.map((name) => [name, hostilePathValue]))) as fc.Arbitrary<Record<string, string>>,
    query: fc.tuple(
      fc.subarray([...queryNames, 'unexpected']).chain((names) => fc.tuple(...names.map((name) => fc.tuple(fc.constant(name), hostileUrlValue)))),
      fc.boolean(),
    ).map(([pairs, duplicate]) => (duplicate && pairs.length > 0 ? [...pairs, pairs[0]!] : pairs) as Array<[string, string]>),
    body: fc.tuple(
      fc.subarray([...bodyNames, 'constructor', 'unexpected']).chain((names) => fc.tuple(...names.map((name) => fc.tuple(fc.constant(name), hostileJson)))),
      fc.boolean(),
    ).map(([fields, duplicate]) => (duplicate && fields.length > 0 ? [...fields, fields[0]!] : fields) as Array<[string, string]>),
    encoding: fc.constantFrom(...encodings),
  });
}

function poisonsFor(operation: Operation): Array<{ weight: number; poison: Poison | null }> {
  const idParameters = operation.parameters.some(isIdLike);
  if (operation.method === 'GET') {
    return [
      { weight: 4, poison: null },
      { weight: 2, poison: 'text' },
      { weight: 2, poison: 'schema' },
    ];
  }
  return [
    { weight: 3, poison: 'text' },
    { weight: 2, poison: 'json-syntax' },
    { weight: 1, poison: 'json-encoding' },
    { weight: 1, poison: 'json-proto' },
    { weight: 3, poison: 'multipart-broken' },
    { weight: 1, poison: 'multipart-proto' },
    { weight: 1, poison: 'unsupported-type' },
    { weight: 1, poison: 'oversized' },
    { weight: 4, poison: 'schema' },
    ...(idParameters ? [{ weight: 2, poison: 'unknown-id' as const }] : []),
  ];
}

/** A request for `operation` with noise and (for every non-GET call) one poison. */
export function hostileRequest(operation: Operation): fc.Arbitrary<HostileRequest> {
  const poison = fc.oneof(...poisonsFor(operation).map(({ weight, poison: p }) => ({ weight, arbitrary: fc.constant(p) })));
  return fc.tuple(noiseOf(operation), poison, fc.nat(), fc.boolean()).map(([draft, chosen, pick, flag]) => poisoned(operation, draft, chosen, pick, flag));
}

function poisoned(operation: Operation, draft: Draft, chosen: Poison | null, pick: number, flag: boolean): HostileRequest {
  switch (chosen) {
    case null:
      return serialize(operation, draft, null, 'noise only');
    case 'schema': {
      const violations = schemaViolations(operation, draft.encoding);
      // A call with nothing to break by schema still gets a poison every call must refuse.
      if (violations.length === 0) return poisoned(operation, draft, 'text', pick, flag);
      const violation = violations[pick % violations.length]!;
      violation.apply(draft);
      return serialize(operation, draft, 'schema', violation.note);
    }
    case 'unknown-id': {
      for (const parameter of operation.parameters.filter(isIdLike)) {
        if (parameter.in === 'path') draft.path[parameter.name] = UNKNOWN_ID;
        else draft.query = [...draft.query.filter(([name]) => name !== parameter.name), [parameter.name, UNKNOWN_ID]];
      }
      return serialize(operation, draft, 'unknown-id', 'every id names no record');
    }
    case 'text':
      return textPoisoned(operation, draft, pick, flag);
    case 'json-syntax': {
      const text = jsonBody(draft.body);
      const broken = [text.slice(0, 1 + (pick % (text.length - 1))), `${text}}`, `${text},`, "{'a':1}", '{"a":NaN}', '[1,]', 'nul', '\u0000'][pick % 8]!;
      return { ...serialize(operation, { ...draft, encoding: 'json' }, 'json-syntax', `JSON ${JSON.stringify(broken.slice(0, 40))}`), payload: broken };
    }
    case 'json-encoding': {
      // A byte no UTF-8 text holds (0xFF), or the first byte of a two-byte sequence left alone.
      const text = jsonBody(draft.body);
      const at = pick % text.length;
      const payload = Buffer.concat([Buffer.from(text.slice(0, at)), Buffer.from([flag ? 0xff : 0xc3]), Buffer.from(text.slice(at))]);
      return { ...serialize(operation, { ...draft, encoding: 'json' }, 'json-encoding', `byte that is not UTF-8 at ${at}`), payload };
    }
    case 'json-proto': {
      const key = flag ? ['__proto__', '{"isAdmin":true,"IsAdmin":"True"}'] : ['constructor', '{"prototype":{"isAdmin":true}}'];
      draft.body.push(key as [string, string]);
      return serialize(operation, { ...draft, encoding: 'json' }, 'json-proto', `JSON key ${key[0]}`);
    }
    case 'multipart-broken':
      return brokenMultipart(operation, draft, pick);
    case 'multipart-proto':
      draft.body.push([flag ? '__proto__' : 'hasOwnProperty', '"x"']);
      return serialize(operation, { ...draft, encoding: 'multipart' }, 'multipart-proto', 'form field named after Object.prototype');
    case 'unsupported-type': {
      const request = serialize(operation, draft, 'unsupported-type', 'unsupported body type');
      return { ...request, headers: { 'content-type': flag ? 'application/xml' : 'application/x-www-form-urlencoded' }, payload: flag ? '<a>1</a>' : 'a=1&b=2' };
    }
    case 'oversized': {
      if (flag) return { ...serialize(operation, { ...draft, encoding: 'json' }, 'oversized', 'JSON over 1 MiB'), payload: OVERSIZED_JSON };
      draft.body.push(['notes', JSON.stringify(OVERSIZED_FIELD)]);
      return serialize(operation, { ...draft, encoding: 'multipart' }, 'oversized', 'form field over 2 MiB');
    }
  }
}

/** A NUL character or a lone surrogate somewhere a handler would read text: a body field or key, a query or path value. */
function textPoisoned(operation: Operation, draft: Draft, pick: number, flag: boolean): HostileRequest {
  const pathNames = Object.keys(draft.path);
  const slots = ['query', ...(pathNames.length > 0 ? ['path'] : []), ...(draft.encoding === 'none' ? [] : ['body-value', 'body-key', 'body-deep'])];
  const slot = slots[pick % slots.length]!;
  if (slot === 'query') {
    draft.query = [...draft.query, [draft.query[0]?.[0] ?? 'unexpected', `abc%00${flag ? 'def' : ''}`]];
    return serialize(operation, draft, 'text', 'NUL in the query');
  }
  if (slot === 'path') {
    draft.path[pathNames[pick % pathNames.length]!] = 'a%00b';
    return serialize(operation, draft, 'text', 'NUL in a path parameter');
  }
  // Form text is UTF-8, where no lone surrogate can be written; JSON can escape one.
  const bad = draft.encoding === 'multipart' || flag ? 'x\u0000y' : 'x\uD800y';
  const name = Object.keys(operation.bodyFields)[pick % Math.max(1, Object.keys(operation.bodyFields).length)] ?? 'unexpected';
  const others = draft.body.filter(([field]) => field !== name);
  if (slot === 'body-value') draft.body = [...others, [name, JSON.stringify(bad)]];
  else if (slot === 'body-key') draft.body = [...others, [bad, '"x"']];
  else if (draft.encoding === 'json') draft.body = [...others, [name, deepJson(JSON.stringify(bad))]];
  else draft.body = [...others, [name, JSON.stringify(bad)]];
  return serialize(operation, draft, 'text', `${JSON.stringify(bad)} in body ${slot}`);
}

/** A form the parser cannot finish: cut short, a boundary that is not in the body, or none at all. */
function brokenMultipart(operation: Operation, draft: Draft, pick: number): HostileRequest {
  const fields: Array<[string, string]> = [...draft.body, ['filler', '"filler text"']];
  const whole = multipartBody(fields);
  const request = serialize(operation, { ...draft, encoding: 'multipart' }, 'multipart-broken', '');
  const variant = pick % 3;
  if (variant === 0) {
    const open = whole.slice(0, whole.length - `--${BOUNDARY}--\r\n`.length);
    const cut = open.slice(0, 1 + (pick % (open.length - 1)));
    return { ...request, payload: cut, note: `form cut short at ${cut.length} of ${whole.length} bytes` };
  }
  if (variant === 1) return { ...request, headers: { 'content-type': 'multipart/form-data; boundary=notTheBoundary' }, payload: whole, note: 'form with a boundary that is not in the body' };
  return { ...request, headers: { 'content-type': 'multipart/form-data' }, payload: whole, note: 'form without a boundary' };
}
