/**
 * Push targets register themselves here: the mobile app with its FCM token, browsers (the public
 * site's "Get deal alerts") with their Web Push subscription. Anonymous by nature, so both writes
 * are rate limited per IP like the other public writes.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AudienceSizeResponseSchema,
  DEVICE_MESSAGES,
  DEVICE_RATE_LIMIT,
  MessageResponseSchema,
  RegisterDeviceBodySchema,
  UnregisterDeviceQuerySchema,
  WebPushPublicKeyResponseSchema,
} from '@deals/contract';
import { registrationError } from '../../../plugins/app/push-devices.js';

const devices: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.post(
    '/Register',
    {
      config: { access: 'public', rateLimit: { ...DEVICE_RATE_LIMIT } },
      schema: {
        description:
          'Registers a push target: `ios`/`android` with the FCM registration token; `web` with the browser\'s PushSubscription (`token` = its endpoint). The same token again updates its row.',
        body: RegisterDeviceBodySchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      const refused = registrationError(request.body);
      if (refused) throw refused;
      await fastify.pushDevices.register(request.body);
      return { message: DEVICE_MESSAGES.registered };
    },
  );

  fastify.delete(
    '/Unregister',
    {
      config: { access: 'public', rateLimit: { ...DEVICE_RATE_LIMIT } },
      schema: { description: 'Removes a push target by its token; an unknown token gets the same answer.', querystring: UnregisterDeviceQuerySchema, response: { 200: MessageResponseSchema } },
    },
    async (request) => {
      await fastify.pushDevices.unregister(request.query.token);
      return { message: DEVICE_MESSAGES.unregistered };
    },
  );

  fastify.get(
    '/WebPushPublicKey',
    {
      config: { access: 'public' },
      schema: { description: 'The VAPID public key (base64url) to pass to `pushManager.subscribe` as `applicationServerKey`.', response: { 200: WebPushPublicKeyResponseSchema } },
    },
    async () => ({ publicKey: fastify.pushDelivery.publicKey }),
  );

  fastify.get(
    '/GetAudienceSize',
    {
      config: { access: 'staff' },
      schema: {
        description:
          'How many devices a notification to everyone reaches now: browsers with deal alerts on, plus mobile devices when FCM is configured. The deal form uses it to say, before a save, that the save will push to that many devices.',
        response: { 200: AudienceSizeResponseSchema },
      },
    },
    async () => ({ devices: await fastify.pushDevices.audienceSize(fastify.pushDelivery.fcmEnabled) }),
  );
};

export default devices;
