/**
 * One error format for every failure: `{ message }`, plus `errors: { field: message }` on
 * validation failures. Server faults answer a generic message; the real error only reaches the log.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES, type ErrorResponse } from './contract/index.js';

/** Throw from a handler to answer a 4xx with a message the client may show. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
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

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (error.validation) {
    const errors = validationErrors(error.validation as unknown as ValidationIssue[], error.validationContext ?? 'body');
    const body: ErrorResponse = { message: Object.values(errors)[0] ?? MESSAGES.validationFailed, errors };
    void reply.code(400).send(body);
    return;
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    request.log.info({ err: error }, 'request rejected');
    void reply.code(status).send({ message: error.message } satisfies ErrorResponse);
    return;
  }
  request.log.error({ err: error }, 'request failed');
  void reply.code(500).send({ message: MESSAGES.serverError } satisfies ErrorResponse);
}

/** Paths the API owns: never answered by the frontends' fallback. */
export function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}
