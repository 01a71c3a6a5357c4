/**
 * From claimed outbox rows to mails: each template's parameters are read in one query per batch
 * (subscriptions, deals, users), links are signed, and alert mails get RFC 8058's one-click
 * unsubscribe headers. A row whose mail must no longer go (unsubscribed, deal or user gone)
 * answers why instead of a mail.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { dealPath, EMAIL_LIMITS, EMAIL_PAGE_PATHS, type PasswordTokenPurpose } from '@deals/contract';
import type { Database } from '../db/client.js';
import type { SecretBox } from '../lib/secret-box.js';
import { formatPrice } from '../push/new-deal-alert.js';
import type { LinkSigner } from './links.js';
import type { ClaimedMessage } from './outbox.js';
import { createAlertRenderer, renderConfirmMail, renderPasswordMail, type AlertDeal } from './render.js';
import type { PendingFollows } from '../db/schema.js';
import type { OutgoingMail } from './transport.js';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export interface ComposeContext {
  db: Database;
  signer: LinkSigner;
  box: () => Promise<SecretBox>;
  from: string;
  /** The visitor site's and the API's absolute addresses (the same server unless configured apart). */
  siteUrl: string;
  apiUrl: string;
  /** Alert renderers by site name, kept across batches: a digest renders each deal's block once. */
  renderers: Map<string, ReturnType<typeof createAlertRenderer>>;
}

export type Composed = { mail: OutgoingMail } | { skip: string };

/** A Message-ID from the idempotency key: the same message always carries the same id. */
const messageIdOf = (key: string, from: string) => {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
  return `<${createHash('sha256').update(key).digest('hex').slice(0, 32)}@${domain}>`;
};

async function siteNameOf(db: Database): Promise<string> {
  const [row] = rowsOf<{ name: string | null }>(await db.execute(sql`SELECT company_name AS name FROM site_assets WHERE id = 1`));
  return row?.name?.trim() || 'Deals';
}

interface DealRow {
  id: number;
  name: string;
  store: string;
  current_price: string;
  previous_price: string | null;
  promo_code: string | null;
}

/** Composes a batch of claimed messages; the answer is in the batch's order. */
export async function composeBatch(ctx: ComposeContext, messages: readonly ClaimedMessage[]): Promise<Composed[]> {
  const { db, signer } = ctx;
  const siteName = await siteNameOf(db);
  const frame = { siteName, siteUrl: ctx.siteUrl };
  const subscriptionIds = messages.map((m) => m.subscription_id).filter((id): id is number => id !== null);
  const subscriptions = new Map(
    (subscriptionIds.length === 0
      ? []
      : rowsOf<{ id: number; status: string; frequency: string; pending_follows: PendingFollows | null }>(
          await db.execute(sql`SELECT id, status, frequency, pending_follows FROM email_alert_subscriptions WHERE id = ANY(${sql.param([...new Set(subscriptionIds)])}::int[])`),
        )
    ).map((r) => [Number(r.id), r]),
  );
  const dealIds = new Set<number>();
  for (const m of messages) for (const [id] of (m.data.deals as [number, string][] | undefined) ?? []) dealIds.add(Number(id));
  const deals = new Map(
    (dealIds.size === 0
      ? []
      : rowsOf<DealRow>(
          await db.execute(sql`
            SELECT p.id, p.name, c.name AS store, p.current_price, p.previous_price, p.promo_code
            FROM products p JOIN categories c ON c.id = p.category_id WHERE p.id = ANY(${sql.param([...dealIds])}::int[])`),
        )
    ).map((d) => [Number(d.id), d]),
  );
  const storeNames = new Map<number, string>();
  const pendingStores = [...subscriptions.values()].flatMap((s) => s.pending_follows?.storeIds ?? []);
  if (pendingStores.length > 0) {
    for (const r of rowsOf<{ id: number; name: string }>(await db.execute(sql`SELECT id, name FROM categories WHERE id = ANY(${sql.param([...new Set(pendingStores)])}::int[])`))) {
      storeNames.set(Number(r.id), r.name);
    }
  }
  const userIds = messages.map((m) => m.user_id).filter((id): id is number => id !== null);
  const users = new Map(
    (userIds.length === 0
      ? []
      : rowsOf<{ id: number; username: string; is_active: boolean }>(await db.execute(sql`SELECT id, username, is_active FROM users WHERE id = ANY(${sql.param(userIds)}::int[])`))
    ).map((u) => [Number(u.id), u]),
  );

  let alerts = ctx.renderers.get(siteName);
  if (!alerts) {
    ctx.renderers.clear();
    alerts = createAlertRenderer(frame);
    ctx.renderers.set(siteName, alerts);
  }
  const alertDeal = (row: DealRow): AlertDeal => {
    const current = Number(row.current_price);
    const previous = row.previous_price === null ? 0 : Number(row.previous_price);
    return {
      id: Number(row.id),
      url: `${ctx.siteUrl}${dealPath(Number(row.id))}`,
      name: row.name,
      store: row.store,
      price: current > 0 ? formatPrice(current) : null,
      previousPrice: previous > current ? formatPrice(previous) : null,
      hasCode: Boolean(row.promo_code?.trim()),
    };
  };

  return Promise.all(
    messages.map(async (m): Promise<Composed> => {
      const base = { from: ctx.from, to: m.to_address, messageId: messageIdOf(m.key, ctx.from) };
      if (m.template === 'confirm') {
        const subscription = subscriptions.get(m.subscription_id ?? 0);
        if (!subscription?.pending_follows) return { skip: 'Confirmed or withdrawn before sending' };
        const follows = subscription.pending_follows;
        const expiresAt = Number(m.data.expiresAt);
        if (expiresAt * 1000 < Date.now()) return { skip: 'The confirmation link expired before sending' };
        const confirmUrl = `${ctx.siteUrl}${EMAIL_PAGE_PATHS.confirm}?token=${signer.sign('confirm', m.subscription_id!, expiresAt)}`;
        const labels = [...follows.words.map((w) => `“${w}”`), ...follows.storeIds.map((id) => storeNames.get(id) ?? `store ${id}`)];
        return { mail: { ...base, ...(await renderConfirmMail({ ...frame, confirmUrl, follows: labels.join(', '), frequency: follows.frequency, hours: EMAIL_LIMITS.confirmHours })) } };
      }
      if (m.template === 'alert' || m.template === 'digest') {
        const subscription = subscriptions.get(m.subscription_id ?? 0);
        if (subscription?.status !== 'CONFIRMED') return { skip: 'Unsubscribed before sending' };
        const listed = ((m.data.deals as [number, string][] | undefined) ?? []).filter(([id]) => deals.has(Number(id)));
        if (listed.length === 0) return { skip: 'The deal was deleted before sending' };
        const manageToken = signer.sign('manage', m.subscription_id!);
        const manageUrl = `${ctx.siteUrl}${EMAIL_PAGE_PATHS.manage}?token=${manageToken}`;
        const oneClick = `${ctx.apiUrl}/api/EmailAlerts/Unsubscribe?token=${manageToken}`;
        const first = deals.get(Number(listed[0]![0]))!;
        const digest = m.template === 'digest';
        const count = listed.length;
        const rendered = await alerts.render({
          subject: digest ? `${count} new deal${count === 1 ? '' : 's'} for you: ${first.name}${count > 1 ? ' and more' : ''}` : `New deal: ${first.name}`,
          heading: digest ? `Today's deals for you (${count})` : first.name,
          preview: digest ? `${first.name}${count > 1 ? ` and ${count - 1} more` : ''}` : `${first.store}: a new deal that matches your alerts`,
          intro: digest ? 'The deals that went live in the last 24 hours and match your alerts, best first.' : 'A deal that matches your alerts just went live.',
          manageUrl,
          unsubscribeUrl: `${manageUrl}&unsubscribe=1`,
          deals: listed.map(([id, reasons]) => ({ deal: alertDeal(deals.get(Number(id))!), reasons })),
        });
        return {
          mail: {
            ...base,
            ...rendered,
            headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click', 'List-Id': `Deal alerts <alerts.${new URL(ctx.siteUrl).hostname}>` },
          },
        };
      }
      if (m.template === 'password') {
        const user = users.get(m.user_id ?? 0);
        if (!user?.is_active) return { skip: 'The user was deleted or deactivated before sending' };
        const sealed = m.data.sealedToken;
        if (typeof sealed !== 'string') return { skip: 'The link was already sent' };
        const token = (await ctx.box()).open(sealed);
        const purpose = m.data.purpose as PasswordTokenPurpose;
        const linkUrl = `${ctx.siteUrl}${EMAIL_PAGE_PATHS.resetPassword}?token=${token}`;
        const validFor = purpose === 'reset' ? `${EMAIL_LIMITS.resetMinutes} minutes` : `${EMAIL_LIMITS.inviteHours} hours`;
        return { mail: { ...base, ...(await renderPasswordMail({ ...frame, purpose, username: user.username, linkUrl, validFor })) } };
      }
      return { skip: `Unknown template ${m.template}` };
    }),
  );
}
