/**
 * Refuses, in every body, query and path parameter, text that could not be stored as sent: a NUL
 * character (PostgreSQL cannot store one) or a lone surrogate (it would be stored as U+FFFD, so the
 * record would differ from what the client sent). Checked once here, before any route's validation,
 * so no route can store such text altered or fail on it with a 500. JSON bodies that are not valid
 * UTF-8 are refused for the same reason: decoding would replace the bad bytes with U+FFFD.
 */
import { Transform, type Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isStorableText, TEXT_INPUT_MESSAGES } from '@deals/contract';
import { fieldError, HttpError } from '../../errors.js';

const JSON_TYPES = /json|csp-report/i;

/** Passes the body through unchanged, failing with a 400 at the first byte sequence that is not UTF-8. */
function utf8Checked(payload: Readable): Readable {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const invalid = () => new HttpError(400, TEXT_INPUT_MESSAGES.invalidEncoding);
  const checked = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      checked.receivedEncodedLength += chunk.length;
      try {
        decoder.decode(chunk, { stream: true });
      } catch {
        done(invalid());
        return;
      }
      done(null, chunk);
    },
    flush(done) {
      try {
        decoder.decode();
      } catch {
        done(invalid());
        return;
      }
      done();
    },
  }) as Transform & { receivedEncodedLength: number };
  // Fastify compares this with Content-Length and the body limit.
  checked.receivedEncodedLength = 0;
  payload.on('error', (error) => checked.destroy(error));
  return payload.pipe(checked);
}

interface Visit {
  value: unknown;
  key: string | null;
  parent: Visit | null;
}

function pathOf(visit: Visit): string[] {
  const path: string[] = [];
  for (let at: Visit | null = visit; at && at.key !== null; at = at.parent) path.unshift(at.key);
  return path;
}

/**
 * Arrays and plain objects: what a JSON body, a form, a query string or path parameters parse
 * into. Anything else (a streamed upload's body, a file's Buffer) is not text a client typed, and
 * walking a stream's properties would wander through the server's own object graph.
 */
function isParsedData(value: unknown): value is object {
  if (Array.isArray(value)) return true;
  if (!value || typeof value !== 'object') return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  // The query parser's objects inherit from an empty null-prototype object.
  return prototype === Object.prototype || prototype === null || Object.getPrototypeOf(prototype) === null;
}

/** The path (as validation errors name fields) of the first unstorable string or key, if any. */
export function firstUnstorableText(value: unknown): string[] | null {
  // Iterative, and paths built only on a hit: a hostile body may nest thousands of levels deep.
  const stack: Visit[] = [{ value, key: null, parent: null }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const current = visit.value;
    if (typeof current === 'string') {
      if (!isStorableText(current)) return pathOf(visit);
    } else if (isParsedData(current)) {
      for (const [key, item] of Object.entries(current)) {
        const child = { value: item, key, parent: visit };
        if (!isStorableText(key)) return pathOf(child);
        stack.push(child);
      }
    }
  }
  return null;
}

function check(value: unknown, context: string): void {
  const path = firstUnstorableText(value);
  if (!path) return;
  const field = path.length > 0 ? path.join('.') : context;
  throw fieldError(field, `${field} ${TEXT_INPUT_MESSAGES.invalidCharacters}`);
}

export default fp(
  async (fastify) => {
    fastify.addHook('preParsing', async (request, _reply, payload) => (JSON_TYPES.test(request.headers['content-type'] ?? '') ? utf8Checked(payload) : payload));
    fastify.addHook('preValidation', async (request: FastifyRequest) => {
      check(request.params, 'params');
      check(request.query, 'querystring');
      check(request.body, 'body');
    });
  },
  // After the multipart plugin's hook has put a form's fields on the body.
  { name: 'text-input', dependencies: ['multipart'] },
);
