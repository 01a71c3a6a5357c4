/** What the page and blog route groups share: the controller's names and helpers. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { IdQuery, UpdatePageBody, UpdatePageBodySchema } from '@deals/contract';
import type { PageKind } from '../../../plugins/app/page-rules.js';

export interface DocumentNames {
  kind: PageKind;
  noun: 'Page' | 'Blog';
  /** The query parameter naming the page or blog (`pageId`, `blogId`). */
  idParam: 'pageId' | 'blogId';
  paths: {
    getAll: string;
    /** Download CSV of the admin list. */
    exportCsv: string;
    getById: string;
    /** The page as the public site draws it, drafts and inactive components included (/preview). */
    preview: string;
    create: string;
    update: string;
    remove: string;
    assign: string;
    sort: string;
  };
}

/** What the split-out route groups share with the controller: its names and helpers. */
export interface DocumentContext {
  kind: PageKind;
  noun: DocumentNames['noun'];
  idParam: DocumentNames['idParam'];
  paths: DocumentNames['paths'];
  /** The noun in lower case, for messages. */
  lower: string;
  admin: { access: 'admin' };
  tags: string[];
  byId: ReturnType<typeof IdQuery<'pageId' | 'blogId'>>;
  idOf: (query: Record<'pageId' | 'blogId', number>) => number;
  saveBody: (request: FastifyRequest, body: UpdatePageBody, publish: boolean) => Promise<void>;
  updateBody: typeof UpdatePageBodySchema;
}

/**
 * Deletes files no row refers to any more. The change that dropped them has committed, so a
 * storage failure is logged rather than turned into an error for a request that succeeded.
 */
export async function releaseImages(fastify: FastifyInstance, request: FastifyRequest, names: Array<string | null>): Promise<void> {
  await fastify.images.release(names).catch((error: unknown) => request.log.error({ err: error, names }, 'could not release images'));
}
