/** The push notification console (spec 001 §7 "PushNotificationHistory/…"): admins only. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  CreatedResponseSchema,
  PUSH_MESSAGES,
  PushNotificationHistoryRowSchema,
  SendPushNotificationsQuerySchema,
} from '../../../contract/index.js';
import { staffViewer } from '../../../plugins/app/viewer.js';

const pushNotificationHistory: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/GetPushNotificationHistory',
    { config: { access: 'admin' }, schema: { response: { 200: Type.Array(PushNotificationHistoryRowSchema) } } },
    async () => fastify.pushHistory.list(),
  );

  // The spec sends title and message in the query string with an empty body.
  fastify.post(
    '/SendPushNotifications',
    { config: { access: 'admin' }, schema: { querystring: SendPushNotificationsQuerySchema, response: { 200: CreatedResponseSchema } } },
    async (request) => {
      const id = await fastify.pushHistory.queue({
        title: request.query.title.trim(),
        message: request.query.message.trim(),
        createdById: staffViewer(request).userId,
      });
      fastify.pushDelivery.wake();
      return { message: PUSH_MESSAGES.queued, id };
    },
  );
};

export default pushNotificationHistory;
