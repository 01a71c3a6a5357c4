/**
 * Staff accounts for route tests: an admin and two ordinary staff members, inserted directly
 * (one argon2 hash per process) with access tokens signed by the app itself.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../lib/passwords.js';
import { users, userSessions } from '../db/schema.js';

export const TEST_PASSWORD = 'correct-horse-42';

export interface TestUser {
  id: number;
  username: string;
  isAdmin: boolean;
  token: string;
  /** The sign-in session the token belongs to (its `sid`). */
  sessionId: string;
  /** `{ authorization: 'Bearer …' }` for inject. */
  headers: { authorization: string };
}

export interface TestStaff {
  admin: TestUser;
  /** An ordinary staff member. */
  staff: TestUser;
  /** Another ordinary staff member (for "not their own" cells). */
  otherStaff: TestUser;
}

let passwordHash: Promise<string> | undefined;

/** Access tokens are only good while their session lives: `sessionId` must name a live one. */
export function tokenFor(app: FastifyInstance, user: { id: number; username: string; isAdmin: boolean }, sessionId: string): string {
  return app.accessTokens.sign({ sub: String(user.id), id: user.id, username: user.username, IsAdmin: user.isAdmin ? 'True' : 'False', sid: sessionId });
}

export async function createTestUser(app: FastifyInstance, username: string, isAdmin: boolean, extra: Partial<typeof users.$inferInsert> = {}): Promise<TestUser> {
  await app.ready();
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const [row] = await app.db
    .insert(users)
    .values({ username, fullName: `${username} Tester`, email: `${username}@example.com`, passwordHash: await passwordHash, isAdmin, ...extra })
    .returning({ id: users.id });
  if (!row) throw new Error('user insert returned nothing');
  const sessionId = randomUUID();
  await app.db.insert(userSessions).values({ id: sessionId, userId: row.id, device: 'test', ip: '127.0.0.1' });
  const token = tokenFor(app, { id: row.id, username, isAdmin }, sessionId);
  return { id: row.id, username, isAdmin, token, sessionId, headers: { authorization: `Bearer ${token}` } };
}

export async function createTestStaff(app: FastifyInstance): Promise<TestStaff> {
  return {
    admin: await createTestUser(app, 'test-admin', true),
    staff: await createTestUser(app, 'test-staff', false),
    otherStaff: await createTestUser(app, 'test-other', false),
  };
}
