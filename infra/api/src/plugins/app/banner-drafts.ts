/**
 * Editorial drafts: banners have drafts, schedules and revisions WITH their items (`fastify.bannerDrafts`).
 * The published banner is the `banners` row and its `banner_items` rows; `BannerSnapshot` is the
 * banner and its items as one value (see plugins/app/editorial.ts for the mechanism). Publishing a
 * draft updates the items it kept (their ids stay), inserts the new ones and deletes the rest.
 *
 * The spec's direct calls (`Banner/UpdateBanner`, `BannerItem/…`) still change the published
 * banner at once and each keeps a revision. A draft the banner has then takes the same change
 * (`rebaseBannerDraft`): the editor's unpublished work survives, and publishing it later does not
 * undo what the direct call did (an item deleted directly stays deleted, a renamed one keeps its
 * new name unless the draft changed that field too). Clearing the draft instead would lose work
 * silently; leaving it as it was would make the next Publish revert the direct call.
 */
import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { REVISION_MESSAGES, SECTION_MESSAGES, type Alignment, type Banner, type BannerItemSnapshot, type BannerSnapshot } from '@deals/contract';
import { bannerItems, banners, revisions } from '../../db/schema.js';
import { HttpError } from '../../errors.js';
import { storedImageNames } from '../../lib/sanitize.js';
import { sameSnapshot, type EditorialKind, type Tx } from './editorial.js';
import { actorOf } from './revisions.js';

/** The item fields a snapshot holds, in the order every snapshot writes them (revisions compare JSON). */
const ITEM_FIELDS = [
  'id',
  'name',
  'type',
  'title',
  'description',
  'alignment',
  'imagePath',
  'isPadded',
  'isFloatingCard',
  'hasRoundedCorners',
  'isTextOnly',
  'primaryButtonText',
  'primaryButtonActionType',
  'primaryButtonLink',
  'secondaryButtonText',
  'secondaryButtonActionType',
  'secondaryButtonLink',
  'sortOrder',
] as const satisfies readonly (keyof BannerItemSnapshot)[];

/** The fields an editor changes (not the item's identity or place). */
const EDITED_ITEM_FIELDS = ITEM_FIELDS.filter((field) => field !== 'id' && field !== 'sortOrder');

const ITEM_FLAGS = new Set<string>(['isPadded', 'isFloatingCard', 'hasRoundedCorners', 'isTextOnly']);

/** An item snapshot in the canonical key order, at position `sortOrder` (absent fields: false or null). */
export function bannerItemSnapshot(item: Partial<BannerItemSnapshot>, sortOrder: number): BannerItemSnapshot {
  const out: Record<string, unknown> = {};
  for (const field of ITEM_FIELDS) out[field] = item[field] ?? (ITEM_FLAGS.has(field) ? false : null);
  out.alignment = item.alignment ?? 'LEFT';
  out.sortOrder = sortOrder;
  return out as BannerItemSnapshot;
}

/** A snapshot in canonical form: its own key order, items numbered by position. */
export function bannerSnapshot(snapshot: Pick<BannerSnapshot, 'name' | 'isActive'> & { items: ReadonlyArray<Partial<BannerItemSnapshot>> }): BannerSnapshot {
  return { name: snapshot.name, isActive: snapshot.isActive, items: snapshot.items.map((item, index) => bannerItemSnapshot(item, index)) };
}

/** A stored snapshot (a revision may predate a field) over the current banner. */
export function bannerSnapshotOver(current: BannerSnapshot, stored: Record<string, unknown>): BannerSnapshot {
  const items = Array.isArray(stored.items) ? (stored.items as Array<Partial<BannerItemSnapshot>>) : current.items;
  return bannerSnapshot({
    name: typeof stored.name === 'string' ? stored.name : current.name,
    isActive: typeof stored.isActive === 'boolean' ? stored.isActive : current.isActive,
    items: items.map((item) => ({ ...item, id: typeof item.id === 'number' ? item.id : null })),
  });
}

/** The stored files a snapshot names (item images and uploads inside descriptions). */
export function bannerSnapshotImages(snapshot: Record<string, unknown> | null | undefined): string[] {
  return snapshot ? storedImageNames(JSON.stringify(snapshot)) : [];
}

const json = (value: unknown) => JSON.stringify(value ?? null);

/**
 * The draft with the change from `before` to `after` (a direct write to the published banner)
 * applied to it: changed banner fields and item fields take their new values, items deleted are
 * dropped, items added are appended, a new order of published items is laid over the places
 * those items hold in the draft (the draft's new items stay where they are).
 */
export function rebaseBannerDraft(draft: BannerSnapshot, before: BannerSnapshot, after: BannerSnapshot): BannerSnapshot {
  const beforeById = new Map(before.items.map((item) => [item.id, item]));
  const afterById = new Map(after.items.map((item) => [item.id, item]));
  let items = draft.items
    .filter((item) => item.id === null || !beforeById.has(item.id) || afterById.has(item.id))
    .map((item) => {
      const was = item.id === null ? undefined : beforeById.get(item.id);
      const now = item.id === null ? undefined : afterById.get(item.id);
      if (!was || !now) return item;
      const merged: Record<string, unknown> = { ...item };
      for (const field of EDITED_ITEM_FIELDS) if (json(was[field]) !== json(now[field])) merged[field] = now[field];
      return merged as BannerItemSnapshot;
    });
  const beforeOrder = before.items.map((item) => item.id).filter((id) => afterById.has(id));
  const afterOrder = after.items.map((item) => item.id).filter((id) => beforeById.has(id));
  if (json(beforeOrder) !== json(afterOrder)) {
    const inDraft = new Map(items.filter((item) => item.id !== null).map((item) => [item.id, item]));
    const queue = afterOrder.filter((id) => inDraft.has(id));
    const moving = new Set(queue);
    items = items.map((item) => (item.id !== null && moving.has(item.id) ? inDraft.get(queue.shift()!)! : item));
  }
  for (const item of after.items) if (!beforeById.has(item.id)) items.push(item);
  return bannerSnapshot({
    name: before.name === after.name ? draft.name : after.name,
    isActive: before.isActive === after.isActive ? draft.isActive : after.isActive,
    items,
  });
}

/**
 * The preview: `banner` (the published `Banner` as the page renderer builds it) with its draft
 * laid over it (name, active flag and the items in the draft's order). Items not yet published
 * have no id: they get negative ones (-1, -2, …) so a list can key them. Without a draft
 * (null, or not a snapshot) the banner is answered as it is.
 */
export function bannerWithDraft(banner: Banner, draft: unknown): Banner {
  if (!draft || typeof draft !== 'object' || !Array.isArray((draft as { items?: unknown }).items)) return banner;
  const snapshot = bannerSnapshotOver({ name: banner.name, isActive: banner.isActive, items: [] }, draft as Record<string, unknown>);
  let fresh = 0;
  return {
    ...banner,
    name: snapshot.name,
    isActive: snapshot.isActive,
    bannerItems: snapshot.items.map(({ id, alignment, ...item }) => ({ ...item, alignment: alignment as Alignment, id: id ?? --fresh, bannerId: banner.id })),
  };
}

const bannerNotFound = () => new HttpError(404, SECTION_MESSAGES.bannerNotFound);

export async function readBannerSnapshot(tx: Tx, id: number): Promise<BannerSnapshot | null> {
  const [row] = await tx.select({ name: banners.name, isActive: banners.isActive }).from(banners).where(eq(banners.id, id));
  if (!row) return null;
  const items = await tx
    .select()
    .from(bannerItems)
    .where(eq(bannerItems.bannerId, id))
    .orderBy(asc(bannerItems.sortOrder), asc(bannerItems.id));
  return bannerSnapshot({ ...row, items: items.map((item) => ({ ...item, alignment: item.alignment as Alignment })) });
}

/** The columns of an item as a snapshot gives them. */
function itemColumns(item: BannerItemSnapshot) {
  const { id: _id, ...columns } = item;
  return columns;
}

export const BANNER_KIND: EditorialKind<BannerSnapshot> = {
  recordType: 'banner',
  table: banners,
  notFound: bannerNotFound,
  async read(tx, id) {
    const snapshot = await readBannerSnapshot(tx, id);
    if (!snapshot) throw bannerNotFound();
    return snapshot;
  },
  /**
   * Makes the banner and its items what the snapshot says, in the caller's transaction: items
   * still there keep their rows (and ids); an item without an id, or whose row is gone or belongs
   * to another banner, is inserted; the banner's other items are deleted.
   */
  async write(tx, id, snapshot) {
    const canonical = bannerSnapshot(snapshot);
    await tx.update(banners).set({ name: canonical.name, isActive: canonical.isActive }).where(eq(banners.id, id));
    const existing = await tx.select({ id: bannerItems.id }).from(bannerItems).where(eq(bannerItems.bannerId, id)).for('update');
    const existingIds = new Set(existing.map((row) => row.id));
    const kept = new Set<number>();
    const plan = canonical.items.map((item) => {
      const keep = item.id !== null && existingIds.has(item.id) && !kept.has(item.id);
      if (keep) kept.add(item.id!);
      return { item, keep };
    });
    await tx.delete(bannerItems).where(and(eq(bannerItems.bannerId, id), kept.size > 0 ? notInArray(bannerItems.id, [...kept]) : undefined));
    for (const { item, keep } of plan) {
      if (keep) await tx.update(bannerItems).set(itemColumns(item)).where(eq(bannerItems.id, item.id!));
      else await tx.insert(bannerItems).values({ ...itemColumns(item), bannerId: id });
    }
  },
};

/** Called around a direct write: locks the banner first, then answers the step to take after the write. */
export type BannerWriteHook = (tx: Tx, bannerId: number) => Promise<() => Promise<void>>;

declare module 'fastify' {
  interface FastifyInstance {
    bannerDrafts: {
      kind: EditorialKind<BannerSnapshot>;
      /**
       * For the spec's direct calls: after the write, a revision 'publish' of the new banner, the
       * published time, and the same change made to the draft (no draft left when they then agree).
       */
      directWrite(request: FastifyRequest): BannerWriteHook;
      /** CreateBanner's first revision ('create'), in its transaction. */
      recordCreated(tx: Tx, request: FastifyRequest, id: number): Promise<void>;
      /** Deletes the banner's revisions (the banner is being deleted); answers the images they and its draft named, to release after the commit. */
      removeHistory(tx: Tx, id: number): Promise<string[]>;
    };
  }
}

export default fp(
  async (fastify) => {
    fastify.editorial.register(BANNER_KIND);
    fastify.revisions.register('banner', {
      // Banners are admins' (the controller lets admins through before asking).
      mayAccess: async () => false,
      async restore(request, recordId, stored) {
        await fastify.db.transaction(async (tx) => {
          const current = await BANNER_KIND.read(tx, recordId);
          await fastify.editorial.saveDraftIn(tx, BANNER_KIND, request, recordId, bannerSnapshotOver(current, stored), 'restore');
        });
        return REVISION_MESSAGES.restoredAsDraft;
      },
    });

    fastify.decorate('bannerDrafts', {
      kind: BANNER_KIND,
      directWrite: (request) => async (tx, bannerId) => {
        const { draft } = await fastify.editorial.lockIn(tx, BANNER_KIND, bannerId);
        const before = await BANNER_KIND.read(tx, bannerId);
        return async () => {
          const after = await BANNER_KIND.read(tx, bannerId);
          if (sameSnapshot(before, after)) return;
          await fastify.revisions.record(tx, { recordType: 'banner', recordId: bannerId, action: 'publish', snapshot: after, actor: actorOf(request) });
          const rebased = draft ? rebaseBannerDraft(bannerSnapshotOver(before, draft), before, after) : null;
          const keep = rebased !== null && !sameSnapshot(rebased, after);
          await tx.execute(sql`
            UPDATE banners SET published_at = now(),
              draft = ${keep ? JSON.stringify(rebased) : null}::jsonb,
              draft_saved_at = CASE WHEN ${keep} THEN draft_saved_at END,
              draft_saved_by = CASE WHEN ${keep} THEN draft_saved_by END
            WHERE id = ${bannerId}`);
        };
      },
      async recordCreated(tx, request, id) {
        const snapshot = await BANNER_KIND.read(tx, id);
        await tx.update(banners).set({ publishedAt: new Date() }).where(eq(banners.id, id));
        await fastify.revisions.record(tx, { recordType: 'banner', recordId: id, action: 'create', snapshot, actor: actorOf(request) });
      },
      async removeHistory(tx, id) {
        const [row] = await tx.select({ draft: banners.draft }).from(banners).where(eq(banners.id, id));
        const history = await tx
          .delete(revisions)
          .where(and(eq(revisions.recordType, 'banner'), eq(revisions.recordId, id)))
          .returning({ snapshot: revisions.snapshot });
        return [...bannerSnapshotImages(row?.draft as Record<string, unknown> | null), ...history.flatMap((entry) => bannerSnapshotImages(entry.snapshot as Record<string, unknown>))];
      },
    });
  },
  { name: 'banner-drafts', dependencies: ['editorial', 'revisions', 'banners'] },
);
