/**
 * The audit log screen's calls, admins only (staff get 403 from the access
 * hook). The log itself is written by `fastify.audit` (plugins/app/audit.ts) and never changed
 * here: reading it is not a write, so it records nothing.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AuditActorsResponseSchema,
  AuditLogRowSchema,
  AuditRecordTypesResponseSchema,
  ExportAuditLogQuerySchema,
  GetAuditLogQuerySchema,
  type AuditLogQuery,
  type AuditLogRow,
} from '@deals/contract';
import { TablePageSchema } from '@deals/contract/tables';
import { exportTimeZone } from '../../../lib/csv-export.js';

const auditLogRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/GetAuditLog',
    {
      config: { access: 'admin' },
      schema: {
        description:
          'One page of the audit log (`page` 1 and 100 rows when absent) and the total, newest first unless `sortBy`/`order` say otherwise: `{ items, total, page, pageSize }`. Filters: `actorId` (see `GetAuditActors`), `recordType` (see `GetAuditRecordTypes`), `action`, and `from`/`to`, each a day (YYYY-MM-DD, the whole day in `timeZone`, UTC when absent) or an instant, both inclusive.',
        querystring: GetAuditLogQuerySchema,
        response: { 200: TablePageSchema(AuditLogRowSchema) },
      },
    },
    async (request, reply) => {
      const query: AuditLogQuery = { ...request.query, timeZone: exportTimeZone(request.query.timeZone) };
      // The database writes the JSON document (see tablePageJson): a string payload is sent as it is.
      const json = await fastify.adminTables.pageJson('auditLog', query);
      return reply.type('application/json; charset=utf-8').send(json as unknown as { items: AuditLogRow[]; total: number; page: number; pageSize: number });
    },
  );

  fastify.get(
    '/ExportAuditLogCsv',
    {
      config: { access: 'admin' },
      schema: {
        description:
          'Download CSV of the audit log: every entry matching the filters (as `GetAuditLog` takes them), in the order asked, streamed; dates in `timeZone` (UTC when absent) as MM/DD/YYYY HH:mm, the changes as "field: from → to; …".',
        querystring: ExportAuditLogQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const timeZone = exportTimeZone(request.query.timeZone);
      const query: AuditLogQuery = { ...request.query, timeZone };
      return fastify.adminTables.sendCsv(reply, 'auditLog', query, timeZone);
    },
  );

  fastify.get(
    '/GetAuditActors',
    {
      config: { access: 'admin' },
      schema: {
        description: 'Everyone who appears in the log (the person filter): their id, the username of their latest entry, their full name now, and whether the user has since been deleted.',
        response: { 200: AuditActorsResponseSchema },
      },
    },
    async () => fastify.adminTables.auditActors(),
  );

  fastify.get(
    '/GetAuditRecordTypes',
    {
      config: { access: 'admin' },
      schema: { description: 'The record types that appear in the log, alphabetically (the record-type filter).', response: { 200: AuditRecordTypesResponseSchema } },
    },
    async () => fastify.adminTables.auditRecordTypes(),
  );
};

export default auditLogRoutes;
