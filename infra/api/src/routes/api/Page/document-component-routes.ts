/** A page's or blog's parts: delete it, its ordered content sections and banners, its banner image. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AssignComponentQuerySchema,
  CreatedResponseSchema,
  IdQuery,
  MESSAGES,
  MessageResponseSchema,
  SortItemsSchema,
  UnassignComponentQuerySchema,
} from '@deals/contract';
import { fieldError } from '../../../errors.js';

import { releaseImages, type DocumentContext } from './document-context.js';

export function documentComponentRoutes(fastify: Parameters<FastifyPluginAsyncTypebox>[0], { kind, noun, idParam, paths, lower, admin, tags, byId, idOf }: DocumentContext): void {
  fastify.delete(
    `/${paths.remove}`,
    {
      config: admin,
      schema: {
        tags,
        description: `Deletes the ${lower}, its component assignments and its banner image; menu items pointing to it lose their page.`,
        querystring: IdQuery('id'),
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      const { images } = await fastify.pages.remove(kind, request.query.id);
      await releaseImages(fastify, request, images);
      return { message: `${noun} deleted successfully` };
    },
  );

  fastify.post(
    `/${paths.assign}`,
    {
      config: admin,
      schema: {
        tags,
        description: `Appends a component to the ${lower}: \`type=CONTENTSECTION\` with a content section id, or \`type=BANNER\` with a banner id in \`contentSectionId\`. Empty body. Answers the assignment id.`,
        querystring: AssignComponentQuerySchema(idParam),
        response: { 200: CreatedResponseSchema },
      },
    },
    async (request) => {
      const { contentSectionId, type } = request.query;
      if (type === undefined) throw fieldError('type', MESSAGES.component.typeAndComponentRequired);
      if (contentSectionId === undefined) throw fieldError('contentSectionId', MESSAGES.component.typeAndComponentRequired);
      const id = await fastify.pages.assign(kind, idOf(request.query), type, contentSectionId);
      return { message: `Content added to the ${lower} successfully`, id };
    },
  );

  fastify.delete(
    '/UnassignContentSection',
    {
      config: admin,
      schema: {
        tags,
        description: `Removes a component from its ${lower} (the content section or banner itself stays).`,
        querystring: UnassignComponentQuerySchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      await fastify.pages.unassign(kind, request.query.contentSectionBannerId);
      return { message: `Content removed from the ${lower} successfully` };
    },
  );

  fastify.put(
    `/${paths.sort}`,
    {
      config: admin,
      schema: {
        tags,
        description: `New order of one ${lower}'s components: \`[{ id, sortOrder }]\` of assignment ids, saved in one transaction (an unknown or foreign id saves nothing).`,
        body: SortItemsSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      await fastify.pages.sortComponents(kind, request.body);
      return { message: `${noun} content sorted successfully` };
    },
  );

  fastify.delete(
    '/DeleteBannerImage',
    {
      config: admin,
      schema: { tags, description: `Removes the ${lower}'s banner image, from its draft too; its file is deleted once no revision names it.`, querystring: byId, response: { 200: MessageResponseSchema } },
    },
    async (request) => {
      const { images } = await fastify.pages.clearBannerImage(kind, idOf(request.query));
      await releaseImages(fastify, request, images);
      return { message: 'Banner image removed successfully' };
    },
  );
}
