/**
 * One error format for every failure: `{ message }`, plus `errors: { field: message }` on
 * validation failures. Server faults answer a generic message; the real error only reaches the log.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES, type ErrorResponse } from '@deals/contract';

/** Throw from a handler to answer a 4xx with a message the client may show. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Per-field messages of a 400, as validation failures carry them. */
    readonly errors?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** A 400 for one field, worded as the schema validation would word it: `{ message, errors: { field: message } }`. */
export function fieldError(field: string, message: string): HttpError {
  return new HttpError(400, message, { [field]: message });
}

/** A 400 for several fields at once (cross-field rules checked in a handler); null when none failed. */
export function fieldErrors(errors: Record<string, string>): HttpError | null {
  const first = Object.values(errors)[0];
  return first === undefined ? null : new HttpError(400, first, errors);
}

interface SchemaWithMessages {
  messages?: Record<string, string>;
  properties?: Record<string, SchemaWithMessages>;
}

/** The subset of an Ajv error we read (Ajv runs with `verbose` so parentSchema is present). */
interface ValidationIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
  parentSchema?: SchemaWithMessages;
}

function decodePointer(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

/**
 * Turns validator output into `{ field: message }`, first message per field. A schema can word
 * its own failures with `messages: { keyword: text }` (the spec's texts live in the contract);
 * otherwise a missing field reads "<field> is required" as the spec's general rule says.
 */
export function validationErrors(issues: readonly ValidationIssue[], context: string): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    // A failed `if`/`else` is also reported as the branch's own failures, worded; skip the summary.
    if (issue.keyword === 'if') continue;
    const path = issue.instancePath.split('/').filter(Boolean).map(decodePointer);
    let message: string;
    if (issue.keyword === 'required') {
      const missing = String(issue.params.missingProperty ?? '');
      path.push(missing);
      message = issue.parentSchema?.properties?.[missing]?.messages?.required ?? `${missing} is required`;
    } else {
      message = issue.parentSchema?.messages?.[issue.keyword] ?? issue.message ?? 'is invalid';
    }
    const field = path.join('.') || context;
    errors[field] ??= message;
  }
  return errors;
}

/** Fastify and plugin error codes whose own text is too technical for a person. */
const FRIENDLY_BY_CODE: Record<string, string> = {
  FST_REQ_FILE_TOO_LARGE: MESSAGES.upload.tooLarge,
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request is too large.',
  FST_FILES_LIMIT: 'Too many files in one request.',
  FST_FIELDS_LIMIT: 'Too many fields in one request.',
  FST_PARTS_LIMIT: 'Too many parts in one request.',
  FST_PROTO_VIOLATION: 'The form contains a forbidden field name.',
};

/** The SQLSTATE of a foreign-key refusal (a row still referenced, or a reference to none). */
export const FOREIGN_KEY_VIOLATION = '23503';

/** The PostgreSQL SQLSTATE of an error, if it is one. Drizzle wraps the driver error in `cause`. */
export function databaseErrorCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/**
 * PostgreSQL refusals that input can provoke despite validation (a race on a unique value, a row
 * deleted meanwhile): answered as 4xx, never 500.
 */
function databaseRefusal(error: unknown): { status: number; message: string } | null {
  const code = databaseErrorCode(error);
  if (code === undefined) return null;
  if (code === '23505') return { status: 409, message: 'This record already exists.' };
  if (code === FOREIGN_KEY_VIOLATION) return { status: 409, message: 'This record is linked to other records or refers to one that does not exist.' };
  if (code === '23514' || code === '23502') return { status: 400, message: MESSAGES.validationFailed };
  if (code.startsWith('22')) return { status: 400, message: MESSAGES.validationFailed };
  return null;
}

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  // The answer is JSON even when the route had chosen another type (an image whose stream failed).
  void reply.type('application/json; charset=utf-8');
  if (error.validation) {
    const errors = validationErrors(error.validation as unknown as ValidationIssue[], error.validationContext ?? 'body');
    const body: ErrorResponse = { message: Object.values(errors)[0] ?? MESSAGES.validationFailed, errors };
    void reply.code(400).send(body);
    return;
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    request.log.info({ err: error }, 'request rejected');
    const message = (error.code && FRIENDLY_BY_CODE[error.code]) || error.message;
    const errors = error instanceof HttpError ? error.errors : undefined;
    void reply.code(status).send((errors ? { message, errors } : { message }) satisfies ErrorResponse);
    return;
  }
  const refusal = databaseRefusal(error);
  if (refusal) {
    request.log.info({ err: error }, 'request refused by the database');
    void reply.code(refusal.status).send({ message: refusal.message } satisfies ErrorResponse);
    return;
  }
  request.log.error({ err: error }, 'request failed');
  void reply.code(500).send({ message: MESSAGES.serverError } satisfies ErrorResponse);
}

/** Paths the API owns: never answered by the frontends' fallback. */
export function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}
