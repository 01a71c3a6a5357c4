/** What finishes a sign-in, whichever route finishes it (password, second factor, forced set-up). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SignedInUser } from '@deals/contract';
import { describeDevice, type SessionOrigin } from '../../../plugins/app/sessions.js';
import type { UserRecord } from '../../../plugins/app/users.js';
import { toUser } from '../../../plugins/app/users.js';

export const originOf = (request: FastifyRequest): SessionOrigin => ({ device: describeDevice(request.headers['user-agent']), ip: request.ip });

/** Starts a session for the user and answers the spec's sign-in answer (user and both tokens). */
export async function signedIn(fastify: FastifyInstance, request: FastifyRequest, record: UserRecord): Promise<SignedInUser> {
  const { sessionId, refreshToken } = await fastify.sessions.start(record.id, originOf(request));
  return { ...toUser(record), token: fastify.sessions.accessToken(record, sessionId), refreshToken };
}
