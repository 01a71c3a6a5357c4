/** A page's or blog's editorial calls: save a draft, publish, unpublish, discard, schedule, share a preview. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  MessageResponseSchema,
  PREVIEW_LINK_HOURS,
  PreviewLinkQuerySchema,
  PreviewLinkSchema,
  REVISION_MESSAGES,
  ScheduleBodySchema,
} from '@deals/contract';
import { pageNotFound } from '../../../plugins/app/page-rules.js';

import { releaseImages, type DocumentContext } from './document-context.js';

export function documentEditorialRoutes(fastify: Parameters<FastifyPluginAsyncTypebox>[0], { kind, noun, paths, lower, admin, tags, byId, idOf, saveBody, updateBody }: DocumentContext): void {
  fastify.put(
    `/Save${noun}Draft`,
    {
      config: admin,
      schema: {
        tags,
        description: `Keeps the body (as \`${paths.update}\` takes it) as the ${lower}'s draft; the public site keeps showing the published ${lower}. A draft equal to the published ${lower} is no draft.`,
        consumes: ['multipart/form-data', 'application/json'],
        body: updateBody,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      await saveBody(request, request.body, false);
      return { message: REVISION_MESSAGES.draftSaved };
    },
  );

  fastify.put(
    `/Publish${noun}`,
    {
      config: admin,
      schema: {
        tags,
        description: `Copies the draft into the public ${lower} and keeps a revision (without a draft, makes an inactive ${lower} active). Clears a scheduled publish.`,
        querystring: byId,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      await fastify.editorial.publish(fastify.pageDrafts[kind], request, idOf(request.query));
      return { message: REVISION_MESSAGES.published };
    },
  );

  fastify.put(
    `/Unpublish${noun}`,
    {
      config: admin,
      schema: {
        tags,
        description: `Takes the ${lower} off the public site (inactive) and keeps a revision; its draft stays. Clears a scheduled unpublish.`,
        querystring: byId,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      await fastify.editorial.unpublish(fastify.pageDrafts[kind], request, idOf(request.query));
      return { message: REVISION_MESSAGES.unpublished };
    },
  );

  fastify.delete(
    `/Discard${noun}Draft`,
    {
      config: admin,
      schema: { tags, description: `Drops the ${lower}'s unpublished changes.`, querystring: byId, response: { 200: MessageResponseSchema } },
    },
    async (request) => {
      const id = idOf(request.query);
      const draft = (await fastify.editorial.state(fastify.pageDrafts[kind], id))?.draft;
      await fastify.editorial.discardDraft(fastify.pageDrafts[kind], request, id);
      // The draft's own image goes when nothing else names it (release checks).
      if (draft) await releaseImages(fastify, request, [draft.bannerImageFilePath]);
      return { message: REVISION_MESSAGES.draftDiscarded };
    },
  );

  fastify.put(
    `/Schedule${noun}`,
    {
      config: admin,
      schema: {
        tags,
        description: `Publish the draft at \`publishAt\` and take the ${lower} off the site at \`unpublishAt\` (each in the future, unpublish after publish; null clears one). Run by the job queue, once, on one instance, across restarts.`,
        querystring: byId,
        body: ScheduleBodySchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      await fastify.editorial.schedule(fastify.pageDrafts[kind], request, idOf(request.query), request.body);
      return { message: REVISION_MESSAGES.scheduleSaved };
    },
  );

  fastify.post(
    `/Create${noun}PreviewLink`,
    {
      config: admin,
      schema: {
        tags,
        description: `A link to the ${lower}'s draft that anyone may open without signing in, until it expires (\`hours\`, default ${PREVIEW_LINK_HOURS.default}, at most ${PREVIEW_LINK_HOURS.max}). It shows the draft as it is when opened.`,
        querystring: Type.Composite([byId, PreviewLinkQuerySchema]),
        response: { 200: PreviewLinkSchema },
      },
    },
    async (request) => {
      const id = idOf(request.query);
      if (!(await fastify.pages.exists(kind, id))) throw pageNotFound(kind);
      const expires = Math.floor(Date.now() / 1000) + (request.query.hours ?? PREVIEW_LINK_HOURS.default) * 3600;
      const token = await fastify.previewTokens.issue({ recordType: kind, recordId: id, expires });
      const expiresAt = new Date(expires * 1000).toISOString();
      // Who shared a draft, and until when (the token itself is a secret: not logged).
      await fastify.audit.recordNow(request, { action: 'share-preview', recordType: kind, recordId: id, changes: { expiresAt: { from: null, to: expiresAt } } });
      return { token, path: `/preview/shared/${token}`, expiresAt };
    },
  );
}
