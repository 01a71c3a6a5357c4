/**
 * Multipart forms (deal, store, page… forms with files). Fields and files land on `request.body`
 * (files as Buffers) so the same TypeBox schema validates a form and a JSON body alike; the
 * validator coerces "true"/"12.5" and turns a single repeated field (`productTypeIds`) into an array.
 */
import multipart from '@fastify/multipart';
import fp from 'fastify-plugin';
import { LIMITS } from '@deals/contract';

export default fp(
  async (fastify) => {
    await fastify.register(multipart, {
      attachFieldsToBody: 'keyValues',
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
      if (!request.isMultipart() || !request.body || typeof request.body !== 'object') return;
      const body = request.body as Record<string, unknown>;
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
