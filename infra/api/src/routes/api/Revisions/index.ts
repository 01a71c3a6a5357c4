/**
 * Revision history: one controller for every kind of record that keeps revisions (see
 * plugins/app/revisions.ts). Staff may call it; each kind says who may read and restore a record's
 * history (pages, blogs, sections and banners: admins, like their editors; deals: their owner or
 * an admin, like the deal form), and a record the caller may not see answers 404 as if absent.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import {
  GetRevisionsQuerySchema,
  MessageResponseSchema,
  RestoreRevisionQuerySchema,
  REVISION_MESSAGES,
  RevisionSchema,
  type RevisionRecordType,
} from '@deals/contract';
import { HttpError } from '../../../errors.js';
import { isAdmin } from '../../../plugins/app/viewer.js';

export const REVISIONS_RULE = "the record's own rule: admins, or the deal's owner";

const revisionsRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  async function accessible(request: FastifyRequest, recordType: RevisionRecordType, recordId: number) {
    const kind = fastify.revisions.kind(recordType);
    if (!kind || !(isAdmin(request) || (await kind.mayAccess(request, recordId)))) throw new HttpError(404, REVISION_MESSAGES.notFound);
    return kind;
  }

  fastify.get(
    '/GetRevisions',
    {
      config: { access: 'staff', rule: REVISIONS_RULE },
      schema: {
        description:
          'The revisions of a page, blog, content section, banner or deal, newest first: who, when, what (`create`, `save`, `publish`, `unpublish`, `restore`) and the fields that differ from the revision before (`{ field: { from, to } }`).',
        querystring: GetRevisionsQuerySchema,
        response: { 200: Type.Array(RevisionSchema) },
      },
    },
    async (request) => {
      const { recordType, recordId } = request.query;
      await accessible(request, recordType, recordId);
      return fastify.revisions.list(recordType, recordId);
    },
  );

  fastify.put(
    '/RestoreRevision',
    {
      config: { access: 'staff', rule: REVISIONS_RULE },
      schema: {
        description:
          'Makes a revision the new draft of its page, blog, content section or banner (publish it to make it public); a deal, which has no drafts, is saved with the revision’s fields (as the deal form saves).',
        querystring: RestoreRevisionQuerySchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      const revision = await fastify.revisions.get(request.query.revisionId);
      if (!revision) throw new HttpError(404, REVISION_MESSAGES.notFound);
      const kind = await accessible(request, revision.recordType, revision.recordId);
      return { message: await kind.restore(request, revision.recordId, revision.snapshot) };
    },
  );
};

export default revisionsRoutes;
