/**
 * Bulk actions on deals: one transaction per action over the chosen ids or every deal
 * matching the table's filters, written as set-based statements so "all 100,000 matching" is one
 * UPDATE rather than 100,000. The owner rule is part of each statement's WHERE, and what a
 * statement leaves out is counted by reason.
 */
import { sql, type SQL } from 'drizzle-orm';
import { DEAL_BULK_MESSAGES, type BulkUpdateProductsBody, type DealBulkSkipReason } from '@deals/contract/deal-bulk';
import { HttpError } from '../../errors.js';
import { fieldChanges, type AuditTrail } from '../../plugins/app/audit.js';
import type { GoLiveSchedule } from '../../push/deal-go-live.js';
import type { Database } from '../client.js';
import { dealsWhere } from './deals-table.js';
import { intArray } from './table.js';

export interface BulkViewer {
  userId: number;
  isAdmin: boolean;
}

export interface BulkOutcome {
  matched: number;
  changed: number;
  skipped: { reason: DealBulkSkipReason; count: number }[];
  /** Image files of deleted deals, to release once the transaction has committed. */
  releasedImages: string[];
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

const countOf = async (tx: Tx, query: SQL): Promise<number> => {
  const result = (await tx.execute(query)) as unknown as { rows: { n: number | string }[] };
  return Number(result.rows[0]?.n ?? 0);
};

/** Rows a data-changing statement touched, counted in SQL (both drivers report it differently). */
const changedBy = (tx: Tx, statement: SQL) => countOf(tx, sql`WITH changed AS (${statement} RETURNING 1) SELECT count(*) AS n FROM changed`);

/** `addToFeaturedSection` → `bulk-add-to-featured-section`. */
const bulkAction = (action: string) => `bulk-${action.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;

export async function bulkUpdateDeals(db: Database, goLive: GoLiveSchedule, viewer: BulkViewer, body: BulkUpdateProductsBody, audit: AuditTrail): Promise<BulkOutcome> {
  const selected = body.ids ? sql`p.id = ANY(${intArray(body.ids)})` : dealsWhere(body.filter ?? {});
  // Staff change only their own deals; adding to a featured section is open to any staff member
  // deal by deal (spec: associateProductsToFeaturedSection), so it is here too.
  const ownerRule = viewer.isAdmin || body.action === 'addToFeaturedSection' ? sql`true` : sql`p.added_by_id IS NOT DISTINCT FROM ${viewer.userId}`;
  const eligible = sql`${selected} AND ${ownerRule}`;

  return db.transaction(async (tx) => {
    const counts = (await tx.execute(sql`SELECT count(*) AS matched, count(*) FILTER (WHERE NOT (${ownerRule})) AS not_owner FROM products p WHERE ${selected}`)) as unknown as {
      rows: { matched: number | string; not_owner: number | string }[];
    };
    const matched = Number(counts.rows[0]?.matched ?? 0);
    const notOwner = Number(counts.rows[0]?.not_owner ?? 0);
    const skipped: BulkOutcome['skipped'] = [];
    if (notOwner > 0) skipped.push({ reason: 'notOwner', count: notOwner });
    const rest = (changed: number, reason: DealBulkSkipReason) => {
      const left = matched - notOwner - changed;
      if (left > 0) skipped.push({ reason, count: left });
    };
    let changed = 0;
    let releasedImages: string[] = [];

    switch (body.action) {
      case 'activate':
      case 'deactivate': {
        const active = body.action === 'activate';
        // Deals waiting to start get their go-live job when activated, lose it when deactivated.
        const startingLater = await goLive.startingLater(tx, eligible);
        const waiting = await goLive.before(tx, startingLater);
        changed = await changedBy(tx, sql`UPDATE products p SET is_active = ${active}, date_time_modified = now() WHERE ${eligible} AND p.is_active <> ${active}`);
        await goLive.after(tx, startingLater, waiting);
        rest(changed, 'unchanged');
        break;
      }
      case 'setExpiry': {
        const at = sql`${body.expiresAt!}::timestamptz`;
        changed = await changedBy(tx, sql`UPDATE products p SET deal_expires_in = ${at}, date_time_modified = now() WHERE ${eligible} AND (p.deal_starts_in IS NULL OR p.deal_starts_in <= ${at})`);
        rest(changed, 'startsAfterExpiry');
        break;
      }
      case 'extendExpiry': {
        changed = await changedBy(
          tx,
          sql`UPDATE products p SET deal_expires_in = p.deal_expires_in + make_interval(days => ${body.days!}::int), date_time_modified = now() WHERE ${eligible} AND p.deal_expires_in IS NOT NULL`,
        );
        rest(changed, 'noExpiry');
        break;
      }
      case 'delete': {
        const images = (await tx.execute(sql`SELECT i.file_path FROM product_images i JOIN products p ON p.id = i.product_id WHERE ${eligible}`)) as unknown as { rows: { file_path: string }[] };
        releasedImages = images.rows.map((row) => row.file_path);
        // Images, product types and featured-section places cascade, as DeleteProduct's do.
        const startingLater = await goLive.startingLater(tx, eligible);
        const waiting = await goLive.before(tx, startingLater);
        changed = await changedBy(tx, sql`DELETE FROM products p WHERE ${eligible}`);
        await goLive.after(tx, startingLater, waiting);
        break;
      }
      case 'addToFeaturedSection': {
        const sectionId = body.featuredSectionId!;
        // Locking the section serialises appends, so sort orders never collide (as addProducts does).
        const section = (await tx.execute(sql`SELECT id FROM featured_sections WHERE id = ${sectionId} FOR UPDATE`)) as unknown as { rows: unknown[] };
        if (section.rows.length === 0) throw new HttpError(404, DEAL_BULK_MESSAGES.featuredSectionNotFound);
        const start = await countOf(tx, sql`SELECT coalesce(max(sort_order) + 1, 0) AS n FROM featured_section_products WHERE featured_section_id = ${sectionId}`);
        changed = await changedBy(
          tx,
          sql`INSERT INTO featured_section_products (featured_section_id, product_id, sort_order)
            SELECT ${sectionId}, p.id, ${start}::int + (row_number() OVER (ORDER BY p.date_time_added DESC, p.id DESC))::int - 1
            FROM products p
            WHERE ${eligible} AND NOT EXISTS (SELECT 1 FROM featured_section_products x WHERE x.featured_section_id = ${sectionId} AND x.product_id = p.id)`,
        );
        if (changed > 0) await tx.execute(sql`UPDATE featured_sections SET date_updated = now() WHERE id = ${sectionId}`);
        rest(changed, 'alreadyInSection');
        break;
      }
    }
    // One entry for the call, however many deals: the selection as asked and what it changed.
    const { ids, filter, expiresAt, days, featuredSectionId } = body;
    const changes = fieldChanges(null, { ids, filter, expiresAt, days, featuredSectionId, matched, changed, skipped });
    if (body.action === 'activate' || body.action === 'deactivate') changes.isActive = { from: body.action !== 'activate', to: body.action === 'activate' };
    await audit(tx, { action: bulkAction(body.action), recordType: 'deal', changes });
    return { matched, changed, skipped, releasedImages };
  });
}
