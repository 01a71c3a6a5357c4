/**
 * The calls a sorted catalogue list with an image per entry answers the same way: stores
 * ("Category"), product types and featured sections. List (anonymous callers see active entries
 * only), get one, create with a required image, update, sort and delete. Each controller states
 * its names, schemas, words and repository; what differs beyond that (featured sections' deals)
 * stays in the controller.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type TSchema } from '@sinclair/typebox';
import { CreatedResponseSchema, MessageResponseSchema, SortItemsSchema, type SortItems } from '@deals/contract';
import { fieldError, HttpError } from '../../errors.js';
import type { AuditTrail } from '../../plugins/app/audit.js';
import { parseFlag, visibleIsActive, type Access } from '../../plugins/app/viewer.js';

const FORM = ['multipart/form-data', 'application/json'];

/** What the calls ask of the list's repository (`fastify.stores`, `fastify.productTypes`…). */
export interface CatalogListRepository<Input> {
  /** `staff`: the caller is signed-in staff (a repository may show them more). */
  list(filter: { isActive?: boolean | undefined; staff: boolean }): Promise<unknown[]>;
  get(id: number, options: { activeOnly: boolean; staff: boolean }): Promise<unknown>;
  create(input: Input, audit: AuditTrail): Promise<number>;
  update(id: number, input: Input, audit: AuditTrail): Promise<void>;
  sort(items: SortItems, audit: AuditTrail): Promise<void>;
  delete(id: number, audit: AuditTrail): Promise<void>;
}

interface Call {
  path: string;
  description?: string;
}

export interface CatalogList<Body, Input> {
  repository: CatalogListRepository<Input>;
  /** One entry as the list and get calls answer it. */
  item: TSchema;
  list: Call & { query: TSchema };
  /** Absent when the controller answers its own get call. */
  get?: Call & { query: TSchema; id: string };
  create: Call & { body: TSchema };
  update: Call & { body: TSchema; access: Access };
  sort: Call;
  delete: Call & { query: TSchema; id: string };
  /** The form's fields as the repository takes them (the upload, if any, under `file.key`). */
  input(body: Body): Input;
  /** The image: where the input keeps it, the form field a missing one is reported on, and the message. */
  file: { key: keyof Input & string; field: string; required: string };
  messages: { notFound: string; created: string; updated: string; sorted: string; deleted: string };
}

const queryId = (request: FastifyRequest, name: string) => (request.query as Record<string, number>)[name] as number;

export function catalogListRoutes<Body, Input>(fastify: FastifyInstance, list: CatalogList<Body, Input>): void {
  const { repository, messages } = list;
  const described = (call: Call) => (call.description === undefined ? {} : { description: call.description });

  fastify.get(list.list.path, { config: { access: 'optional' }, schema: { ...described(list.list), querystring: list.list.query, response: { 200: Type.Array(list.item) } } }, async (request) =>
    repository.list({ isActive: visibleIsActive(request, parseFlag((request.query as { isActive?: string }).isActive)), staff: request.viewer.kind !== 'anonymous' }),
  );

  const get = list.get;
  if (get) {
    fastify.get(get.path, { config: { access: 'optional' }, schema: { ...described(get), querystring: get.query, response: { 200: list.item } } }, async (request) => {
      const anonymous = request.viewer.kind === 'anonymous';
      const found = await repository.get(queryId(request, get.id), { activeOnly: anonymous, staff: !anonymous });
      if (!found) throw new HttpError(404, messages.notFound);
      return found;
    });
  }

  fastify.post(
    list.create.path,
    { config: { access: 'admin' }, schema: { ...described(list.create), consumes: FORM, body: list.create.body, response: { 200: CreatedResponseSchema } } },
    async (request) => {
      const input = list.input(request.body as Body);
      if (!input[list.file.key]) throw fieldError(list.file.field, list.file.required);
      const id = await repository.create(input, fastify.audit.trail(request));
      return { message: messages.created, id };
    },
  );

  fastify.put(
    list.update.path,
    { config: { access: list.update.access }, schema: { ...described(list.update), consumes: FORM, body: list.update.body, response: { 200: MessageResponseSchema } } },
    async (request) => {
      const body = request.body as Body & { id: number };
      await repository.update(body.id, list.input(body), fastify.audit.trail(request));
      return { message: messages.updated };
    },
  );

  fastify.put(list.sort.path, { config: { access: 'admin' }, schema: { ...described(list.sort), body: SortItemsSchema, response: { 200: MessageResponseSchema } } }, async (request) => {
    await repository.sort(request.body as SortItems, fastify.audit.trail(request));
    return { message: messages.sorted };
  });

  fastify.delete(
    list.delete.path,
    { config: { access: 'admin' }, schema: { ...described(list.delete), querystring: list.delete.query, response: { 200: MessageResponseSchema } } },
    async (request) => {
      await repository.delete(queryId(request, list.delete.id), fastify.audit.trail(request));
      return { message: messages.deleted };
    },
  );
}
