/**
 * "Is this offer already on the site?": a live deal (active, not expired) of the same store with
 * the same promo code (case and spaces aside), or with the same link once normalised. An offer that
 * matches links to that deal instead of adding a second one.
 */
import { sql } from 'drizzle-orm';
import type { DealFields } from '@deals/contract';
import type { Database } from '../db/client.js';

type Executor = Pick<Database, 'execute'>;

/** Query parameters that only say who sent the visitor: two links differing in them lead to one page. */
const TRACKING_PARAMETER = /^(utm_[a-z]+|gclid|fbclid|msclkid|mc_[a-z]+|ref|referrer|source|affid|aff_id|clickref|subid|sub_id)$/i;

/** A link as compared: lower-case scheme and host without `www.`, no fragment, no tracking parameters, parameters sorted, no trailing slash. */
export function linkKey(link: string): string {
  try {
    const url = new URL(link.trim());
    const params = [...url.searchParams].filter(([name]) => !TRACKING_PARAMETER.test(name)).sort(([a], [b]) => a.localeCompare(b));
    const query = params.length ? `?${new URLSearchParams(params).toString()}` : '';
    const path = url.pathname.replace(/\/+$/, '');
    return `${url.hostname.toLowerCase().replace(/^www\./, '')}${url.port ? `:${url.port}` : ''}${path}${query}`;
  } catch {
    return link.trim().toLowerCase();
  }
}

export const codeKey = (code: string | null | undefined) => (code ? code.replace(/\s+/g, '').toUpperCase() : '');

const LOAD_SLICE = 5000;

interface StoreDeals {
  codes: Map<string, number>;
  links: Map<string, number>;
}

/** The live deals of the stores asked about, read once per store and kept up to date as deals are added. */
export class LiveDuplicates {
  private readonly stores = new Map<number, StoreDeals>();

  /** Reads the live deals of the stores not read yet (one query for all of them). */
  async load(tx: Executor, storeIds: Iterable<number>): Promise<void> {
    const missing = [...new Set(storeIds)].filter((id) => !this.stores.has(id));
    if (missing.length === 0) return;
    for (const id of missing) this.stores.set(id, { codes: new Map(), links: new Map() });
    // In slices, so a store of 100,000 deals never arrives as one result in memory.
    for (let after = 0; ; ) {
      const result = (await tx.execute(sql`SELECT id, category_id, promo_code, link FROM products
        WHERE category_id = ANY(${sql.param(missing)}::int[]) AND is_active AND (deal_expires_in IS NULL OR deal_expires_in > now()) AND id > ${after}
        ORDER BY id LIMIT ${LOAD_SLICE}`)) as unknown as { rows: { id: number; category_id: number; promo_code: string | null; link: string }[] };
      for (const row of result.rows) this.remember(Number(row.category_id), row.promo_code, row.link, Number(row.id));
      if (result.rows.length < LOAD_SLICE) break;
      after = Number(result.rows[result.rows.length - 1]!.id);
    }
  }

  remember(storeId: number, promoCode: string | null | undefined, link: string, productId: number): void {
    const store = this.stores.get(storeId);
    if (!store) return;
    const code = codeKey(promoCode);
    // The oldest deal of a key is the one offers link to.
    if (code && !store.codes.has(code)) store.codes.set(code, productId);
    const key = linkKey(link);
    if (!store.links.has(key)) store.links.set(key, productId);
  }

  forget(productIds: ReadonlySet<number>): void {
    for (const store of this.stores.values()) {
      for (const map of [store.codes, store.links]) for (const [key, id] of map) if (productIds.has(id)) map.delete(key);
    }
  }

  /** The live deal an offer duplicates, or null (load its store first). */
  find(fields: Pick<DealFields, 'categoryId' | 'promoCode' | 'link'>): number | null {
    const store = this.stores.get(fields.categoryId);
    if (!store) return null;
    const code = codeKey(fields.promoCode);
    if (code) return store.codes.get(code) ?? null;
    return store.links.get(linkKey(fields.link)) ?? null;
  }
}
