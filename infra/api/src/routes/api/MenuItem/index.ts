/**
 * Menu items (spec §7 "MenuItem/…"), admins only. One level of children: the hierarchy rules of
 * spec §4 are enforced by the repository. A page and a custom link are exclusive: when `pageId`
 * is set the page wins and the custom link is stored as null (the form hides that field then).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  AssignParentMenuItemBodySchema,
  CreatedResponseSchema,
  CreateMenuItemBodySchema,
  IdQuery,
  IsActiveQuerySchema,
  MenuItemSchema,
  MessageResponseSchema,
  CMS_MESSAGES,
  SortItemsSchema,
  UpdateMenuItemBodySchema,
  linkProblem,
  type CreateMenuItemBody,
} from '@deals/contract';
import { fieldError, HttpError } from '../../../errors.js';
import type { MenuItemFields } from '../../../plugins/app/menu-items.js';
import { parseFlag } from '../../../plugins/app/viewer.js';
import { cleanText } from '../Page/document-routes.js';

function menuItemFields(body: CreateMenuItemBody): MenuItemFields {
  const pageId = body.pageId ?? null;
  const customLink = pageId === null ? cleanText(body.customLink) : null;
  const problem = customLink === null ? null : linkProblem(customLink);
  if (problem) throw fieldError('customLink', problem);
  return {
    name: body.name.trim(),
    pageId,
    customLink,
    openInNewTab: body.openInNewTab,
    isActive: body.isActive,
    parentMenuItemId: body.parentMenuItemId,
  };
}

const menuItem: FastifyPluginAsyncTypebox = async (fastify) => {
  const config = { access: 'admin' as const };
  const tags = ['MenuItem'];

  fastify.get(
    '/GetAllMenuItems',
    {
      config,
      schema: {
        tags,
        description: 'Every menu item (parents and children) in menu order, each with its parent name and its assigned children.',
        querystring: IsActiveQuerySchema,
        response: { 200: Type.Array(MenuItemSchema) },
      },
    },
    async (request) => fastify.menuItems.list(parseFlag(request.query.isActive)),
  );

  fastify.get(
    '/GetMenuItemById',
    { config, schema: { tags, querystring: IdQuery('menuItemId'), response: { 200: MenuItemSchema } } },
    async (request) => {
      const item = await fastify.menuItems.get(request.query.menuItemId);
      if (!item) throw new HttpError(404, CMS_MESSAGES.menuItemNotFound);
      return item;
    },
  );

  fastify.get(
    '/GetMenuItemsWithNoParentOrChild',
    {
      config,
      schema: { tags, description: 'Items that may be assigned as children: no parent and no children.', response: { 200: Type.Array(MenuItemSchema) } },
    },
    async () => fastify.menuItems.withNoParentOrChild(),
  );

  fastify.post(
    '/CreateMenuItem',
    {
      config,
      schema: {
        tags,
        description: 'Creates a menu item at the end of its level. With `pageId` set, `customLink` is ignored (stored as null).',
        body: CreateMenuItemBodySchema,
        response: { 200: CreatedResponseSchema },
      },
    },
    async (request) => {
      const id = await fastify.menuItems.create(menuItemFields(request.body), fastify.audit.trail(request));
      return { message: 'Menu item created successfully', id };
    },
  );

  fastify.put(
    '/UpdateMenuItems',
    {
      config,
      schema: {
        tags,
        description: 'Replaces the item\'s fields (absent `pageId`/`customLink` are cleared; absent flags keep their value; absent `parentMenuItemId` keeps the parent, null removes it).',
        body: UpdateMenuItemBodySchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      await fastify.menuItems.update(request.body.id, menuItemFields(request.body), fastify.audit.trail(request));
      return { message: 'Menu item updated successfully' };
    },
  );

  fastify.delete(
    '/DeleteMenuItem',
    {
      config,
      schema: { tags, description: 'Deletes the item; its children become top-level items.', querystring: IdQuery('id'), response: { 200: MessageResponseSchema } },
    },
    async (request) => {
      await fastify.menuItems.remove(request.query.id, fastify.audit.trail(request));
      return { message: 'Menu item deleted successfully' };
    },
  );

  fastify.delete(
    '/RemoveParentMenuItem',
    {
      config,
      schema: { tags, description: 'Makes the item top-level again.', querystring: IdQuery('menuItemId'), response: { 200: MessageResponseSchema } },
    },
    async (request) => {
      await fastify.menuItems.removeParent(request.query.menuItemId, fastify.audit.trail(request));
      return { message: 'Menu item removed from its parent successfully' };
    },
  );

  fastify.put(
    '/AssignParentMenuItem',
    {
      config,
      schema: {
        tags,
        description: 'Makes `childMenuItemIds` children of `parentId` (appended in this order). The parent must be top-level; the children must have no children.',
        body: AssignParentMenuItemBodySchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      await fastify.menuItems.assignParent(request.body.parentId, request.body.childMenuItemIds, fastify.audit.trail(request));
      return { message: 'Menu items assigned successfully' };
    },
  );

  fastify.put(
    '/SortMenuItems',
    {
      config,
      schema: { tags, description: 'New order `[{ id, sortOrder }]`, saved in one transaction (an unknown id saves nothing).', body: SortItemsSchema, response: { 200: MessageResponseSchema } },
    },
    async (request) => {
      await fastify.menuItems.sort(request.body, fastify.audit.trail(request));
      return { message: 'Menu items sorted successfully' };
    },
  );
};

export default menuItem;
