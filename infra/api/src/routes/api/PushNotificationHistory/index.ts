/** The push notification console (spec 001 §7 "PushNotificationHistory/…"): admins only. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  CreatedResponseSchema,
  ExportPushNotificationHistoryQuerySchema,
  GetPushNotificationHistoryQuerySchema,
  type PushNotificationHistoryRow,
  PUSH_MESSAGES,
  PushNotificationHistoryRowSchema,
  SendPushNotificationsQuerySchema,
} from '@deals/contract';
import { TablePageSchema } from '@deals/contract/tables';
import { fieldChanges } from '../../../plugins/app/audit.js';
import { staffViewer } from '../../../plugins/app/viewer.js';

const pushNotificationHistory: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/GetPushNotificationHistory',
    {
      config: { access: 'admin' },
      schema: {
        description:
          'The history, newest first. With `page` (or `pageSize`): one page of the rows matching the filters, sorted by `sortBy`/`order`, and their total (`{ items, total, page, pageSize }`).',
        querystring: GetPushNotificationHistoryQuerySchema,
        response: { 200: Type.Union([Type.Array(PushNotificationHistoryRowSchema), TablePageSchema(PushNotificationHistoryRowSchema)]) },
      },
    },
    async (request, reply) => {
      const query = request.query;
      if (query.page === undefined && query.pageSize === undefined) return fastify.pushHistory.list();
      // The database writes the JSON document (see tablePageJson): a string payload is sent as it is.
      const json = await fastify.adminTables.pageJson('pushHistory', query);
      return reply.type('application/json; charset=utf-8').send(json as unknown as PushNotificationHistoryRow[]);
    },
  );

  fastify.get(
    '/ExportPushNotificationHistoryCsv',
    {
      config: { access: 'admin' },
      schema: {
        description:
          'Download CSV of the history table: every row matching the filters (as `GetPushNotificationHistory` takes them), in the order asked, streamed; dates in `timeZone` (UTC when absent) as MM/DD/YYYY HH:mm.',
        querystring: ExportPushNotificationHistoryQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const { timeZone, ...query } = request.query;
      return fastify.adminTables.sendCsv(reply, 'pushHistory', query, timeZone);
    },
  );

  // The spec sends title and message in the query string with an empty body.
  fastify.post(
    '/SendPushNotifications',
    { config: { access: 'admin' }, schema: { querystring: SendPushNotificationsQuerySchema, response: { 200: CreatedResponseSchema } } },
    async (request) => {
      const title = request.query.title.trim();
      const message = request.query.message.trim();
      const id = await fastify.pushHistory.queue({ title, message, createdById: staffViewer(request).userId });
      // A staff notification goes to every device registered when its sending starts.
      await fastify.audit.recordNow(request, {
        action: 'push-sent',
        recordType: 'pushNotification',
        recordId: id,
        changes: fieldChanges(null, { title, message, audience: 'all registered devices' }),
      });
      fastify.pushDelivery.wake();
      return { message: PUSH_MESSAGES.queued, id };
    },
  );
};

export default pushNotificationHistory;
