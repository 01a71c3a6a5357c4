/**
 * Multipart forms (deal, store, page… forms with files). Fields and files land on `request.body`
 * (files as Buffers) so the same TypeBox schema validates a form and a JSON body alike; the
 * validator coerces "true"/"12.5" and turns a single repeated field (`productTypeIds`) into an array.
 */
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LIMITS, TEXT_INPUT_MESSAGES } from '@deals/contract';
import { fieldError, HttpError } from '../../errors.js';

export const MALFORMED_FORM = TEXT_INPUT_MESSAGES.malformedForm;

const REPLACEMENT_CHARACTER = '\uFFFD';

/**
 * The form's fields and files as `{ name: value | Buffer | array }`, the shape the plugin's own
 * `keyValues` mode gives, but read here so that a body the parser cannot read (cut short, a
 * boundary that is not there) is the client's 400 rather than a parser error answered as 500.
 */
async function readForm(request: FastifyRequest): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {};
  const repeated = new Set<string>();
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field' && part.valueTruncated) throw new HttpError(413, TEXT_INPUT_MESSAGES.tooLarge);
      const value = part.type === 'file' ? await part.toBuffer() : part.value;
      const name = part.fieldname;
      // The parser decodes bytes that are not UTF-8 (an encoded lone surrogate among them) to
      // U+FFFD, so a field holding one would be stored altered; typed text never holds it.
      if (typeof value === 'string' && value.includes(REPLACEMENT_CHARACTER)) {
        throw fieldError(name, `${name} ${TEXT_INPUT_MESSAGES.invalidCharacters}`);
      }
      if (!(name in body)) body[name] = value;
      else if (repeated.has(name)) (body[name] as unknown[]).push(value);
      else {
        body[name] = [body[name], value];
        repeated.add(name);
      }
    }
  } catch (error) {
    // Limits and forbidden names carry their own 4xx; anything else the parser throws is a bad body.
    const status = (error as { statusCode?: number }).statusCode;
    if (status !== undefined && status >= 400 && status < 500) throw error;
    throw new HttpError(400, MALFORMED_FORM);
  }
  return body;
}

export default fp(
  async (fastify) => {
    await fastify.register(multipart, {
      throwFileSizeLimit: true,
      limits: {
        fileSize: LIMITS.upload.maxBytes,
        files: 20,
        fields: 200,
        parts: 220,
        // Rich-text descriptions are the longest text fields.
        fieldSize: 2 * 1024 * 1024,
      },
    });

    // An empty form field means "not given": without this, the validator would coerce "" to 0
    // for numbers and false for flags, and required-field messages would never show.
    fastify.addHook('preValidation', async (request) => {
      if (!request.isMultipart()) return;
      const body = await readForm(request);
      request.body = body;
      for (const [key, value] of Object.entries(body)) {
        if (value === '') delete body[key];
        else if (Array.isArray(value)) {
          const kept = value.filter((item) => item !== '');
          if (kept.length === 0) delete body[key];
          else if (kept.length !== value.length) body[key] = kept;
        }
      }
    });
  },
  { name: 'multipart' },
);
