/**
 * The 300 demo deals: every product of every category at two different stores, with prices,
 * promo codes, badges, likes and a believable mix of dates relative to `now` (mostly live, some
 * expiring today or soon, a few expired, a couple not started yet, a few switched off).
 * Deterministic: a seeded generator, so every fresh database gets the same site.
 */
import { DEMO_BADGES, DEMO_CATEGORIES, DEMO_NOTES, DEMO_PROMO_PREFIXES, DEMO_STORE_NAMES, slugify, storeSlug } from './catalog.js';

/** Pictures drawn per category; a deal shows one to three of them. */
export const DEAL_PICTURE_VARIANTS = 3;

/** Deals per product: each product is sold at this many stores. */
const LISTINGS_PER_PRODUCT = 2;

export type DealTiming = 'live' | 'expiring-today' | 'expiring-soon' | 'expired' | 'not-started' | 'inactive';

export interface DemoDeal {
  name: string;
  /** Index into DEMO_STORE_NAMES. */
  storeIndex: number;
  /** Indexes into DEMO_CATEGORIES; the first is the deal's own category. */
  categoryIndexes: number[];
  currentPrice: number;
  previousPrice: number;
  promoCode: string | null;
  badgeText: string | null;
  badgeColor: string;
  dealStartsIn: Date | null;
  dealExpiresIn: Date | null;
  dateTimeAdded: Date;
  isActive: boolean;
  timing: DealTiming;
  likes: number;
  link: string;
  keywords: string;
  additionalInformation: string | null;
  /** Picture variants of its category, the first one the preview. */
  pictures: number[];
}

/** mulberry32: a tiny seeded generator, good enough for demo data. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const round2 = (value: number) => Math.round(value * 100) / 100;

/** Shop-style prices: $24.99 rather than $25.13 (never above the previous price). */
function shopPrice(value: number, ceiling: number): number {
  const charm = value >= 10 ? Math.floor(value) + 0.99 : round2(value);
  return charm < ceiling ? charm : round2(value);
}

const LINK_PATHS = ['deals', 'product', 'p', 'ip', 'shop'] as const;

function timingFor(roll: number): DealTiming {
  if (roll < 0.03) return 'inactive';
  if (roll < 0.04) return 'not-started';
  if (roll < 0.08) return 'expired';
  if (roll < 0.12) return 'expiring-today';
  if (roll < 0.18) return 'expiring-soon';
  return 'live';
}

function datesFor(timing: DealTiming, now: number, random: () => number): Pick<DemoDeal, 'dealStartsIn' | 'dealExpiresIn' | 'dateTimeAdded'> {
  const daysAgo = (min: number, max: number) => new Date(now - (min + random() * (max - min)) * DAY);
  const ahead = (min: number, max: number, unit = DAY) => new Date(now + (min + random() * (max - min)) * unit);
  switch (timing) {
    case 'not-started': {
      const start = ahead(1, 5);
      return { dealStartsIn: start, dealExpiresIn: new Date(start.getTime() + 14 * DAY), dateTimeAdded: daysAgo(0.1, 1) };
    }
    case 'expired': {
      const start = daysAgo(15, 30);
      return { dealStartsIn: start, dealExpiresIn: daysAgo(1, 8), dateTimeAdded: start };
    }
    case 'expiring-today': {
      const start = daysAgo(2, 10);
      return { dealStartsIn: start, dealExpiresIn: ahead(1, 8, HOUR), dateTimeAdded: start };
    }
    case 'expiring-soon': {
      const start = daysAgo(2, 14);
      return { dealStartsIn: start, dealExpiresIn: ahead(1, 3), dateTimeAdded: start };
    }
    default: {
      // Some deals have no start (live from when they were added) and some run until further notice.
      const added = daysAgo(0.05, 25);
      const start = random() < 0.2 ? null : added;
      const expires = random() < 0.3 ? null : ahead(5, 45);
      return { dealStartsIn: start, dealExpiresIn: expires, dateTimeAdded: added };
    }
  }
}

export function buildDemoDeals(now: Date, seed = 20_240_601): DemoDeal[] {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const deals: DemoDeal[] = [];

  DEMO_CATEGORIES.forEach((category, categoryIndex) => {
    const relatedIndex = DEMO_CATEGORIES.findIndex((c) => c.name === category.related);
    for (let listing = 0; listing < LISTINGS_PER_PRODUCT; listing++) {
      category.products.forEach(([name, listPrice, keywords], productIndex) => {
        // The two listings of a product are at two different stores of the category.
        const storeName = category.stores[(productIndex + categoryIndex + listing) % category.stores.length] as string;
        const storeIndex = DEMO_STORE_NAMES.indexOf(storeName as (typeof DEMO_STORE_NAMES)[number]);
        const previousPrice = round2(listPrice * (listing === 0 ? 1 : 0.97 + random() * 0.06));
        // A few deals are promo-code-only: the price itself is not reduced.
        const discount = random() < 0.05 ? 0 : 0.08 + random() * random() * 0.55;
        const currentPrice = discount === 0 ? previousPrice : shopPrice(previousPrice * (1 - discount), previousPrice);
        const percent = Math.max(5, Math.round((discount * 100) / 5) * 5);
        const promoCode = random() < 0.5 ? `${pick(DEMO_PROMO_PREFIXES)}${percent}` : null;
        const badge = random() < 0.3 ? pick(DEMO_BADGES) : null;
        const timing = timingFor(random());
        const pictureCount = 1 + Math.floor(random() * 3);
        const firstPicture = (productIndex + listing) % DEAL_PICTURE_VARIANTS;
        deals.push({
          name,
          storeIndex,
          categoryIndexes: (productIndex + listing) % 4 === 0 && relatedIndex >= 0 ? [categoryIndex, relatedIndex] : [categoryIndex],
          currentPrice,
          previousPrice,
          promoCode,
          badgeText: badge?.text ?? null,
          badgeColor: badge?.color ?? '#000000',
          ...datesFor(timing, now.getTime(), random),
          isActive: timing !== 'inactive',
          timing,
          // Most deals have a handful of likes, a few are popular.
          likes: Math.floor(random() ** 3 * 900),
          link: `https://www.${storeSlug(storeName)}.example/${pick(LINK_PATHS)}/${slugify(name)}`,
          keywords: `${keywords}, ${category.name.toLowerCase()}, sale`,
          additionalInformation: random() < 0.8 ? pick(DEMO_NOTES) : null,
          pictures: Array.from({ length: pictureCount }, (_, i) => (firstPicture + i) % DEAL_PICTURE_VARIANTS),
        });
      });
    }
  });
  return deals;
}

/** Whether the public site shows the deal now. */
export const isLive = (deal: DemoDeal) => deal.timing !== 'inactive' && deal.timing !== 'expired' && deal.timing !== 'not-started';
