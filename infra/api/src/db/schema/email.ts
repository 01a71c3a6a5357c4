/**
 * Email: visitors' alert subscriptions and what they follow, staff's password links, and the
 * outbox of every message (one row per message, unique by its idempotency key) grouped into sends.
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { EmailAlertFrequency, EmailAlertStatus, EmailSendKind, PasswordTokenPurpose } from '@deals/contract';
import { categories, products } from './catalog.js';
import { createdAt } from './columns.js';
import { users } from './staff.js';

/** What a subscribe request asks to follow, applied only when its confirmation link is opened. */
export interface PendingFollows {
  words: string[];
  storeIds: number[];
  frequency: EmailAlertFrequency;
}

export const emailAlertSubscriptions = pgTable(
  'email_alert_subscriptions',
  {
    id: serial('id').primaryKey(),
    /** As typed (trimmed); `emailKey` is its lower-case form, one subscription per address. */
    email: varchar('email', { length: 250 }).notNull(),
    emailKey: varchar('email_key', { length: 250 }).notNull(),
    /** The receiving domain, for the per-domain throttle. */
    domain: varchar('domain', { length: 250 }).notNull(),
    frequency: varchar('frequency', { length: 8 }).$type<EmailAlertFrequency>().notNull(),
    status: varchar('status', { length: 12 }).$type<EmailAlertStatus>().notNull().default('PENDING'),
    pendingFollows: jsonb('pending_follows').$type<PendingFollows>(),
    createdAt: createdAt(),
    /** When the latest confirmation mail was asked for: its link expires from here. */
    confirmRequestedAt: timestamp('confirm_requested_at', { withTimezone: true }).notNull().defaultNow(),
    /** The consent: when, and from which address, the confirmation link was opened. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    consentIp: varchar('consent_ip', { length: 64 }),
    /** Unsubscribed or bounced: deleted after the grace. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (table) => [
    uniqueIndex('email_alert_subscriptions_email_key').on(table.emailKey),
    index('email_alert_subscriptions_status_idx').on(table.status, table.frequency),
  ],
);

/** A confirmed subscription's follows: a normalised word or a store (as deal_follows for browsers). */
export const emailAlertFollows = pgTable(
  'email_alert_follows',
  {
    id: serial('id').primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => emailAlertSubscriptions.id, { onDelete: 'cascade' }),
    word: varchar('word', { length: 40 }),
    storeId: integer('store_id').references(() => categories.id, { onDelete: 'cascade' }),
  },
  (table) => [
    index('email_alert_follows_subscription_idx').on(table.subscriptionId),
    // Matching a deal looks its name's phrases and its store up here.
    index('email_alert_follows_word_idx').on(table.word).where(sql`${table.word} IS NOT NULL`),
    index('email_alert_follows_store_idx').on(table.storeId).where(sql`${table.storeId} IS NOT NULL`),
  ],
);

/** Reset and invitation links: only the token's SHA-256 is stored; single use. */
export const passwordTokens = pgTable(
  'password_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    purpose: varchar('purpose', { length: 8 }).$type<PasswordTokenPurpose>().notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('password_tokens_hash_key').on(table.tokenHash), index('password_tokens_user_idx').on(table.userId)],
);

/** A send: one deal's instant alert, one day's digest, or one day's confirmations, resets or invitations. */
export const emailSends = pgTable(
  'email_sends',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 16 }).$type<EmailSendKind>().notNull(),
    /** What makes it one send (`alert:{deal}`, `digest:{day}`…): planning it twice finds the same row. */
    key: varchar('key', { length: 100 }).notNull(),
    title: varchar('title', { length: 250 }).notNull(),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('email_sends_key').on(table.key), index('email_sends_created_idx').on(table.createdAt)],
);

export const EMAIL_MESSAGE_STATUSES = ['queued', 'sending', 'delivered', 'deferred', 'bounced', 'failed'] as const;
export type EmailMessageStatus = (typeof EMAIL_MESSAGE_STATUSES)[number];

export const emailMessages = pgTable(
  'email_messages',
  {
    id: serial('id').primaryKey(),
    sendId: integer('send_id')
      .notNull()
      .references(() => emailSends.id, { onDelete: 'cascade' }),
    /** The idempotency key: the same message planned twice (two instances, a retried job) is one row. */
    key: varchar('key', { length: 120 }).notNull(),
    toAddress: varchar('to_address', { length: 250 }).notNull(),
    domain: varchar('domain', { length: 250 }).notNull(),
    /** The address's subscription or user: their messages go with them when they are deleted. */
    subscriptionId: integer('subscription_id').references(() => emailAlertSubscriptions.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    template: varchar('template', { length: 16 }).notNull(),
    /** The template's parameters (deal ids; a password link's token sealed, dropped once sent). */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    status: varchar('status', { length: 10 }).$type<EmailMessageStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** Times the receiving domain's budget put it off (not failures). */
    throttled: integer('throttled').notNull().default(0),
    /**
     * Null while no job exists for the message yet (the relay hands it over). Otherwise when its job
     * (queued, deferred) or its sender (`sending`) should be done; after that it is taken again.
     */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('email_messages_key').on(table.key),
    index('email_messages_send_idx').on(table.sendId, table.status),
    index('email_messages_subscription_idx').on(table.subscriptionId),
    // The relay's poll: messages written by a transaction that has not handed them to the job queue yet.
    index('email_messages_undispatched_idx').on(table.id).where(sql`${table.status} = 'queued' AND ${table.claimedUntil} IS NULL`),
    // The sweep's: messages whose job or sender should have finished by now.
    index('email_messages_overdue_idx').on(table.claimedUntil).where(sql`${table.status} IN ('queued', 'sending', 'deferred')`),
  ],
);
