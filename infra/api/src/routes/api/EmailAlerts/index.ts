/**
 * Email deal alerts for visitors without an account. Anonymous; a subscription is named only by
 * a signed link mailed to its address (mail/links.ts), sent in the body by the site's pages, or in
 * the query by a mail client's one-click unsubscribe (RFC 8058: `POST …/Unsubscribe?token=` with
 * the form body `List-Unsubscribe=One-Click`).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  EMAIL_LIMITS,
  EMAIL_MESSAGES,
  EmailAlertAnswerSchema,
  EmailAlertSubscribeBodySchema,
  EmailAlertTokenBodySchema,
  EmailAlertUpdateBodySchema,
  ErrorResponseSchema,
  MessageResponseSchema,
} from '@deals/contract';
import { HttpError } from '../../../errors.js';
import type { LinkPurpose } from '../../../mail/links.js';
import { checkFollows, confirmExpiry } from '../../../mail/subscriptions.js';

const perIpPerMinute = (max: number) => ({ max, timeWindow: 60_000 });
const dayOf = () => new Date().toISOString().slice(0, 10);

const emailAlerts: FastifyPluginAsyncTypebox = async (fastify) => {
  // Mail clients post the one-click unsubscribe as a form; only this scope reads form bodies.
  fastify.removeContentTypeParser('application/x-www-form-urlencoded');
  fastify.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  const claimsOf = (token: string | undefined, purpose: LinkPurpose) => {
    if (!token?.trim()) throw new HttpError(400, EMAIL_MESSAGES.tokenRequired);
    const claims = fastify.mail.signer.verify(token, purpose);
    if (!claims) throw new HttpError(400, EMAIL_MESSAGES.linkInvalid);
    return claims;
  };

  fastify.post(
    '/Subscribe',
    {
      config: { access: 'public', rateLimit: perIpPerMinute(EMAIL_LIMITS.subscribePerIpPerMinute) },
      schema: {
        description:
          'Asks for deal alerts by email: words (normalised as for browser alerts) and store ids, 1 to 20 in all, INSTANT or DAILY. Nothing but a confirmation mail is sent until its link is opened (double opt-in; the link works 48 hours). The answer is the same whether or not the address is known; at most 3 confirmation mails per address and hour.',
        body: EmailAlertSubscribeBodySchema,
        response: { 200: MessageResponseSchema, 400: ErrorResponseSchema },
      },
    },
    async (request) => {
      const follows = await checkFollows(fastify.db, request.body);
      const subscription = await fastify.mail.subscriptions.request(request.body.email, follows);
      const mayMail = await fastify.sharedCounters.reserve(`mail-confirm:${subscription.email.toLowerCase()}`, 3_600_000, EMAIL_LIMITS.confirmationsPerAddressPerHour);
      if (mayMail) {
        const day = dayOf();
        await fastify.mail.queue(
          fastify.db,
          { kind: 'confirmation', key: `confirmation:${day}`, title: `Confirmations of ${day}` },
          {
            key: `confirm:${subscription.id}:${Date.parse(subscription.requestedAt)}`,
            to: subscription.email,
            template: 'confirm',
            subscriptionId: subscription.id,
            data: { expiresAt: confirmExpiry(subscription.requestedAt) },
          },
        );
        fastify.mail.wake();
      }
      return { message: EMAIL_MESSAGES.subscribed };
    },
  );

  fastify.post(
    '/Confirm',
    {
      config: { access: 'public', rateLimit: perIpPerMinute(30) },
      schema: {
        description: "Opens a confirmation link: the request's words, stores and frequency take effect (the consent is recorded with its time and address). 400 for an invalid or expired link.",
        body: EmailAlertTokenBodySchema,
        response: { 200: EmailAlertAnswerSchema, 400: ErrorResponseSchema },
      },
    },
    async (request) => {
      const claims = claimsOf(request.body.token, 'confirm');
      const subscription = await fastify.mail.subscriptions.confirm(claims.subscriptionId, claims.expiresAt, request.ip);
      return { message: EMAIL_MESSAGES.confirmed, subscription, manageToken: fastify.mail.signer.sign('manage', claims.subscriptionId) };
    },
  );

  fastify.post(
    '/GetSubscription',
    {
      config: { access: 'public', rateLimit: perIpPerMinute(60) },
      schema: {
        description: 'The subscription a manage link names (the address masked). 400 for an invalid link or a deleted subscription.',
        body: EmailAlertTokenBodySchema,
        response: { 200: EmailAlertAnswerSchema, 400: ErrorResponseSchema },
      },
    },
    async (request) => {
      const claims = claimsOf(request.body.token, 'manage');
      return { message: '', subscription: await fastify.mail.subscriptions.get(claims.subscriptionId) };
    },
  );

  fastify.post(
    '/UpdateSubscription',
    {
      config: { access: 'public', rateLimit: perIpPerMinute(30) },
      schema: {
        description: 'Replaces the words, stores and frequency by a manage link (also after unsubscribing, while the address is kept).',
        body: EmailAlertUpdateBodySchema,
        response: { 200: EmailAlertAnswerSchema, 400: ErrorResponseSchema },
      },
    },
    async (request) => {
      const claims = claimsOf(request.body.token, 'manage');
      const follows = await checkFollows(fastify.db, request.body);
      return { message: EMAIL_MESSAGES.updated, subscription: await fastify.mail.subscriptions.update(claims.subscriptionId, follows) };
    },
  );

  fastify.post(
    '/Unsubscribe',
    {
      config: { access: 'public', rateLimit: perIpPerMinute(30) },
      schema: {
        description:
          "Stops every alert mail to the address at once (the address is deleted after 7 days). The token comes in the JSON body (the manage page) or the query string (the `List-Unsubscribe` header's URL, posted by mail clients with the form body `List-Unsubscribe=One-Click`, RFC 8058). Idempotent.",
        querystring: Type.Object({ token: Type.Optional(Type.String({ maxLength: 500 })) }),
        body: Type.Optional(Type.Object({ token: Type.Optional(Type.String({ maxLength: 500 })), 'List-Unsubscribe': Type.Optional(Type.String({ maxLength: 100 })) })),
        response: { 200: EmailAlertAnswerSchema, 400: ErrorResponseSchema },
      },
    },
    async (request) => {
      const claims = claimsOf(request.body?.token ?? request.query.token, 'manage');
      return { message: EMAIL_MESSAGES.unsubscribed, subscription: await fastify.mail.subscriptions.unsubscribe(claims.subscriptionId) };
    },
  );
};

export default emailAlerts;
