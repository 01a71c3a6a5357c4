/** Footer items (spec §7 "FooterItem/…"), admins only. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  CMS_MESSAGES,
  CreatedResponseSchema,
  CreateFooterItemBodySchema,
  FooterItemSchema,
  IdQuery,
  MessageResponseSchema,
  SortItemsSchema,
  UpdateFooterItemBodySchema,
  linkProblem,
  type CreateFooterItemBody,
} from '@deals/contract';
import { fieldError, HttpError } from '../../../errors.js';
import type { FooterItemFields } from '../../../plugins/app/footer-items.js';

function footerItemFields(body: CreateFooterItemBody): FooterItemFields {
  const to = body.to.trim();
  const problem = linkProblem(to);
  if (problem) throw fieldError('to', problem);
  return { label: body.label.trim(), to };
}

const footerItem: FastifyPluginAsyncTypebox = async (fastify) => {
  const config = { access: 'admin' as const };
  const tags = ['FooterItem'];

  fastify.get(
    '/GetAllFooterItems',
    { config, schema: { tags, description: 'Every footer item in footer order.', response: { 200: Type.Array(FooterItemSchema) } } },
    async () => fastify.footerItems.list(),
  );

  fastify.get(
    '/GetFooterItemById',
    { config, schema: { tags, querystring: IdQuery('footerItemId'), response: { 200: FooterItemSchema } } },
    async (request) => {
      const item = await fastify.footerItems.get(request.query.footerItemId);
      if (!item) throw new HttpError(404, CMS_MESSAGES.footerItemNotFound);
      return item;
    },
  );

  fastify.post(
    '/CreateFooterItem',
    {
      config,
      schema: {
        tags,
        description: 'Adds a footer link at the end. `to` is a site path (`/deals`), an http(s) address, `mailto:` or `tel:`.',
        body: CreateFooterItemBodySchema,
        response: { 200: CreatedResponseSchema },
      },
    },
    async (request) => {
      const id = await fastify.footerItems.create(footerItemFields(request.body), fastify.audit.trail(request));
      return { message: 'Footer item created successfully', id };
    },
  );

  fastify.put(
    '/UpdateFooterItem',
    { config, schema: { tags, body: UpdateFooterItemBodySchema, response: { 200: MessageResponseSchema } } },
    async (request) => {
      await fastify.footerItems.update(request.body.id, footerItemFields(request.body), fastify.audit.trail(request));
      return { message: 'Footer item updated successfully' };
    },
  );

  fastify.delete(
    '/DeleteFooterItem',
    { config, schema: { tags, querystring: IdQuery('footerItemId'), response: { 200: MessageResponseSchema } } },
    async (request) => {
      await fastify.footerItems.remove(request.query.footerItemId, fastify.audit.trail(request));
      return { message: 'Footer item deleted successfully' };
    },
  );

  fastify.put(
    '/SortFooterItems',
    {
      config,
      schema: { tags, description: 'New order `[{ id, sortOrder }]`, saved in one transaction (an unknown id saves nothing).', body: SortItemsSchema, response: { 200: MessageResponseSchema } },
    },
    async (request) => {
      await fastify.footerItems.sort(request.body, fastify.audit.trail(request));
      return { message: 'Footer items sorted successfully' };
    },
  );
};

export default footerItem;
