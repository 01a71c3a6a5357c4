/**
 * Staff user queries, exposed as `fastify.users`. Password hashes leave this module only through
 * `findForSignIn`/`findWithHash` (for verification); every other read answers the public shape.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { MESSAGES, type User, type UserListItem } from '@deals/contract';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { HttpError } from '../../errors.js';
import { created, REDACTED, updated, type AuditTrail } from './audit.js';
import { revokeUserSessions } from './sessions.js';

type Executor = Pick<Database, 'execute' | 'insert'>;

/** A users row without its password hash. */
export interface UserRecord {
  id: number;
  username: string;
  fullName: string;
  email: string;
  phone: string | null;
  isActive: boolean;
  isAdmin: boolean;
}

const recordColumns = {
  id: users.id,
  username: users.username,
  fullName: users.fullName,
  email: users.email,
  phone: users.phone,
  isActive: users.isActive,
  isAdmin: users.isAdmin,
};

/** The session stores first and last name: `fullName` split at its first space. */
export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const trimmed = fullName.trim();
  const space = trimmed.indexOf(' ');
  return space < 0 ? { firstName: trimmed, lastName: '' } : { firstName: trimmed.slice(0, space), lastName: trimmed.slice(space + 1).trim() };
}

export function toUser(record: UserRecord): User {
  return {
    id: record.id,
    username: record.username,
    fullName: record.fullName,
    ...splitFullName(record.fullName),
    email: record.email,
    phone: record.phone,
    isActive: record.isActive,
    isAdmin: record.isAdmin,
  };
}

const sameUsername = (username: string) => sql`lower(${users.username}) = lower(${username.trim()})`;

/** True when a database error (or its cause) is a unique violation. */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

export interface NewUser {
  username: string;
  fullName: string;
  email: string;
  phone: string | null;
  passwordHash: string;
  isActive: boolean;
  isAdmin: boolean;
}

export interface UserChanges {
  fullName: string;
  email: string;
  phone: string | null;
  /** Undefined keeps the current value. */
  isActive?: boolean | undefined;
  isAdmin?: boolean | undefined;
}

export type UpdateOutcome = 'updated' | 'not-found' | 'roles-forbidden' | 'last-admin';

export const usernameTaken = () => new HttpError(409, MESSAGES.user.usernameTaken, { username: MESSAGES.user.usernameTaken });

export function createUsersRepository(db: Database) {
  return {
    /** The account a sign-in names (usernames match case-insensitively), with its hash. */
    async findForSignIn(username: string): Promise<(UserRecord & { passwordHash: string }) | undefined> {
      const [row] = await db
        .select({ ...recordColumns, passwordHash: users.passwordHash })
        .from(users)
        .where(sameUsername(username));
      return row;
    },

    async findWithHash(id: number): Promise<(UserRecord & { passwordHash: string }) | undefined> {
      const [row] = await db
        .select({ ...recordColumns, passwordHash: users.passwordHash })
        .from(users)
        .where(eq(users.id, id));
      return row;
    },

    async getById(id: number): Promise<User | undefined> {
      const [row] = await db.select(recordColumns).from(users).where(eq(users.id, id));
      return row && toUser(row);
    },

    /** Every user by username; without contact details unless `withContact` (admins). */
    async list({ withContact }: { withContact: boolean }): Promise<UserListItem[]> {
      const rows = await db
        .select(recordColumns)
        .from(users)
        .orderBy(asc(sql`lower(${users.username})`), asc(users.id));
      return rows.map((row) => {
        const user = toUser(row);
        return withContact ? user : { ...user, email: null, phone: null };
      });
    },

    /** Creates a user; a taken username (even by a concurrent request) answers 409 on `username`. */
    /** Adds the user; `then` runs in the same transaction (an invitation is sent only with the user). */
    async create(user: NewUser, audit: AuditTrail, then?: (tx: Executor, id: number) => Promise<void>): Promise<number> {
      const [existing] = await db.select({ id: users.id }).from(users).where(sameUsername(user.username));
      if (existing) throw usernameTaken();
      try {
        return await db.transaction(async (tx) => {
          // Without the hash: the entry says who the user is, never anything of their password.
          const [row] = await tx.insert(users).values(user).returning(recordColumns);
          if (!row) throw new Error('user insert returned nothing');
          await audit(tx, created('user', row));
          await then?.(tx, row.id);
          return row.id;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw usernameTaken();
        throw error;
      }
    },

    /**
     * Updates a profile. `mayChangeRoles` false (a non-admin on their own record) refuses any
     * change of isActive/isAdmin. The active admins are locked first so that two admins demoting
     * each other at once cannot leave none; deactivating a user ends their sessions.
     */
    async update(id: number, changes: UserChanges, { mayChangeRoles }: { mayChangeRoles: boolean }, audit: AuditTrail): Promise<UpdateOutcome> {
      return db.transaction(async (tx): Promise<UpdateOutcome> => {
        const activeAdmins = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.isAdmin, true), eq(users.isActive, true)))
          .orderBy(asc(users.id))
          .for('update');
        const [current] = await tx.select(recordColumns).from(users).where(eq(users.id, id)).for('update');
        if (!current) return 'not-found';

        const isActive = changes.isActive ?? current.isActive;
        const isAdmin = changes.isAdmin ?? current.isAdmin;
        if (!mayChangeRoles && (isActive !== current.isActive || isAdmin !== current.isAdmin)) return 'roles-forbidden';
        const losesAdmin = current.isActive && current.isAdmin && !(isActive && isAdmin);
        if (losesAdmin && !activeAdmins.some((admin) => admin.id !== id)) return 'last-admin';

        const set = { fullName: changes.fullName, email: changes.email, phone: changes.phone, isActive, isAdmin };
        await tx.update(users).set(set).where(eq(users.id, id));
        await audit(tx, updated('user', current, set));
        if (current.isActive && !isActive) await revokeUserSessions(tx, id);
        return 'updated';
      });
    },

    /** Replaces the password hash and ends every session of the user, in one transaction. */
    async setPassword(id: number, passwordHash: string, audit: AuditTrail): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash }).where(eq(users.id, id));
        await revokeUserSessions(tx, id);
        await audit(tx, { action: 'password-change', recordType: 'user', recordId: id, changes: { password: { from: REDACTED, to: REDACTED } } });
      });
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    users: UsersRepository;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate('users', createUsersRepository(fastify.db));
  },
  { name: 'users', dependencies: ['database'] },
);
