/** Sign-in helpers for the Users tests. */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { refreshTokens, users } from '../db/schema.js';
import { TEST_PASSWORD } from './staff.js';

let ipCounter = 0;
/**
 * A fresh client address per call, so that the per-IP sign-in limit only bites in the tests that
 * are about it.
 */
export function nextIp(): string {
  ipCounter += 1;
  return `10.77.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export function authenticate(app: FastifyInstance, username: string, password = TEST_PASSWORD, remoteAddress = nextIp()): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/api/Users/Authenticate', payload: { email: username, password }, remoteAddress });
}

export function refresh(app: FastifyInstance, refreshToken: string, remoteAddress = nextIp()): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/api/Users/refreshToken', payload: { refreshToken }, remoteAddress });
}

/** Signs in and answers the session (fails the test when sign-in does not answer 200). */
export async function signIn(app: FastifyInstance, username: string, password = TEST_PASSWORD): Promise<{ token: string; refreshToken: string; id: number }> {
  const res = await authenticate(app, username, password);
  if (res.statusCode !== 200) throw new Error(`sign-in of ${username} answered ${res.statusCode}: ${res.body}`);
  return res.json();
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The stored row of a user, hash included (for asserting what was written). */
export async function userRow(app: FastifyInstance, id: number) {
  const [row] = await app.db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function userCount(app: FastifyInstance): Promise<number> {
  return (await app.db.select({ id: users.id }).from(users)).length;
}

export async function refreshRows(app: FastifyInstance, userId: number) {
  return app.db.select().from(refreshTokens).where(eq(refreshTokens.userId, userId));
}

/** A response body must never carry a password hash, in any field. */
export function assertNoPasswordHash(body: string): void {
  if (/argon2|passwordHash|password_hash/i.test(body)) throw new Error(`response leaks a password hash: ${body.slice(0, 200)}`);
}
