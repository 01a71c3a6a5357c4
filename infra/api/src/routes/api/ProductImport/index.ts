/**
 * Bulk import of deals from CSV. The body is the file itself (`text/csv`), streamed to
 * a temporary file (never buffered whole); `Preview` checks every row with the deal form's rules
 * and saves nothing, `Import` saves the rows that pass in one transaction and reports progress as
 * NDJSON. Any staff member may import: the importer owns the deals, as with the form.
 *
 * Imported deals do not queue new-deal alerts: a feed of thousands of deals would push every
 * device thousands of times. Staff announce what matters from the push console.
 */
import { PassThrough, type Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DEAL_IMPORT_LIMITS, DEAL_IMPORT_MESSAGES, DealImportPreviewSchema, DealImportQuerySchema, LIMITS, type DealImportQuery, type DealImportEvent } from '@deals/contract';
import { checkImport, previewOf, saveImport } from '../../../deal-import/run.js';
import { dealFormValidator } from '../../../deal-import/form-validator.js';
import { readHeader } from '../../../deal-import/rows.js';
import { spoolUpload } from '../../../deal-import/spool.js';
import { HttpError } from '../../../errors.js';
import { exportTimeZone } from '../../../lib/csv-export.js';
import { safeFetch } from '../../../lib/safe-fetch.js';
import { staffViewer } from '../../../plugins/app/viewer.js';
import type { FastifyRequest } from 'fastify';
import type { AppOptions } from '../../../options.js';

const CSV_TYPES = ['text/csv'];

const productImport: FastifyPluginAsyncTypebox<AppOptions> = async (fastify, options) => {
  // The raw stream reaches the handler, which writes it to a temporary file as it arrives.
  fastify.addContentTypeParser(CSV_TYPES, (_request, payload, done) => done(null, payload));

  /** Spools the body and reads its header; a refused file answers before any work, and the rest of it is never read. */
  async function openUpload(request: FastifyRequest, reply: { header(name: string, value: string): unknown }) {
    const body = request.body as Readable | undefined;
    if (!body || typeof (body as Readable).pipe !== 'function') throw new HttpError(415, DEAL_IMPORT_MESSAGES.contentType);
    const timeZone = exportTimeZone((request.query as DealImportQuery).timeZone);
    const declared = request.headers['content-length'] ? Number(request.headers['content-length']) : undefined;
    try {
      const file = await spoolUpload(body, declared);
      try {
        const header = await readHeader(file.path);
        const context = fastify.dealImport.context({ path: file.path, header, validate: dealFormValidator(), timeZone });
        return { file, context };
      } catch (error) {
        await file.remove();
        throw error;
      }
    } catch (error) {
      reply.header('connection', 'close');
      throw error;
    }
  }

  fastify.post(
    '/Preview',
    {
      config: { access: 'staff' },
      schema: {
        description:
          'Checks a deal CSV as `Import` would (every row by the deal form\'s rules and messages; stores and product categories matched by name) and saves nothing. ' +
          'Columns by header: ' +
          'Product Name, Store, Product Category (several separated by | or ;), Current Price, Previous Price, Link (required); Promo Code, Starts On, Expires In, Keywords, Badge Text, Badge Color, Image URL, Additional Information, Is Active?, Is Featured?. ' +
          'Dates without a zone are read in `timeZone` (UTC when absent).',
        consumes: CSV_TYPES,
        querystring: DealImportQuerySchema,
        response: { 200: DealImportPreviewSchema },
      },
    },
    async (request, reply) => {
      staffViewer(request);
      const { file, context } = await openUpload(request, reply);
      try {
        return previewOf(context, await checkImport(context));
      } finally {
        await file.remove();
      }
    },
  );

  fastify.post(
    '/Import',
    {
      config: { access: 'staff' },
      // Progress lines must reach the screen as they are written, not when a compressor flushes.
      compress: false,
      schema: {
        description:
          'Imports the rows of a deal CSV that pass every check (as `Preview` reports them) in one transaction; the importer owns them. ' +
          'With `images` (default true), each row\'s Image URL is fetched by the server (http(s), public addresses only, at most 3 redirects, 10 s, 10 MB, checked as an upload); a row whose image fails is skipped. ' +
          'Answers NDJSON: `{"type":"progress","stage":"checking|images|saving","done","total"}` lines, then `{"type":"done",…}` (counts and problems) or `{"type":"failed","message"}` (nothing saved). A file refused whole answers 400/413 before any line.',
        consumes: CSV_TYPES,
        querystring: DealImportQuerySchema,
        produces: ['application/x-ndjson'],
      },
    },
    async (request, reply) => {
      const viewer = staffViewer(request);
      const { file, context } = await openUpload(request, reply);
      let checked;
      try {
        checked = await checkImport(context);
      } catch (error) {
        await file.remove();
        throw error;
      }
      const out = new PassThrough();
      const emit = (event: DealImportEvent) => out.write(`${JSON.stringify(event)}\n`);
      const allowLoopback = options.importAllowsLoopback ?? false;
      const fetchImage = request.query.images === false
        ? null
        : async (url: string) =>
            fastify.images.save(
              await safeFetch(url, {
                maxBytes: LIMITS.upload.maxBytes,
                timeoutMs: DEAL_IMPORT_LIMITS.imageTimeoutMs,
                maxRedirects: DEAL_IMPORT_LIMITS.maxImageRedirects,
                allowLoopback,
                allowHosts: options.fetchAllowHosts ?? [],
              }),
            ).catch((error: unknown) => {
              // The upload checks' own words (not an image, too large) say why.
              throw error instanceof HttpError || error instanceof Error ? new Error(error.message) : error;
            });
      void saveImport(context, checked, { addedById: viewer.userId, fetchImage, releaseImages: (names) => fastify.images.release(names), emit, audit: fastify.audit.trail(request) })
        .catch((error: unknown) => {
          request.log.error({ err: error }, 'deal import failed');
          emit({ type: 'failed', message: DEAL_IMPORT_MESSAGES.failed });
        })
        .finally(() => {
          out.end();
          void file.remove();
        });
      return reply.type('application/x-ndjson; charset=utf-8').header('cache-control', 'no-store').send(out);
    },
  );
};

export default productImport;
