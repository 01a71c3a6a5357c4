/**
 * Believable demo content for an empty database (`DEMO_DATA=true`). Idempotent: the single
 * settings row doubles as the "already seeded" marker, and a database that already has stores is
 * never touched.
 */
import { count } from 'drizzle-orm';
import type { Database } from './client.js';
import { categories, siteAssets, type NewCategoryRow } from './schema.js';

const DEMO_SETTINGS = {
  id: 1,
  companyName: 'DealDrop',
  emailAddress: 'hello@dealdrop.example',
  phoneNumber: '(415) 555-0134',
  streetAddress1: '500 Market Street',
  streetAddress2: 'Suite 1200',
  city: 'San Francisco',
  state: 'CA',
  zipCode: '94105',
  primaryWeekDayHours: 'Mon–Fri: 9:00 AM – 6:00 PM',
  primaryWeekEndHours: 'Sat: 10:00 AM – 4:00 PM',
  secondaryWeekDayHours: 'Support chat: 8:00 AM – 8:00 PM',
  secondaryWeekEndHours: 'Sun: Closed',
  appStoreLink: 'https://apps.apple.com/app/dealdrop',
  googlePlayStoreLink: 'https://play.google.com/store/apps/details?id=example.dealdrop',
  facebookLink: 'https://www.facebook.com/dealdrop',
  instagramLink: 'https://www.instagram.com/dealdrop',
  twitterLink: 'https://x.com/dealdrop',
  linkedInLink: 'https://www.linkedin.com/company/dealdrop',
  youtubeLink: 'https://www.youtube.com/@dealdrop',
  tiktokLink: 'https://www.tiktok.com/@dealdrop',
  googleMapLink: 'https://maps.google.com/?q=500+Market+Street+San+Francisco+CA',
  seo: 'DealDrop: hand-picked deals and promo codes from the stores you love, updated every day.',
} satisfies typeof siteAssets.$inferInsert;

const DEMO_STORE_NAMES = [
  'Amazon',
  'Walmart',
  'Target',
  'Best Buy',
  'The Home Depot',
  'Macy’s',
  'Nike',
  'Sephora',
  'Lowe’s',
  'Kohl’s',
  'Wayfair',
  'Newegg',
];

export const DEMO_STORE_COUNT = DEMO_STORE_NAMES.length;

export interface SeedResult {
  seeded: boolean;
}

export async function seedDemoData(db: Database): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    const [stores] = await tx.select({ n: count() }).from(categories);
    if ((stores?.n ?? 0) > 0) return { seeded: false };

    // Inserting the settings row first also serialises concurrent starters on its primary key:
    // the second one finds the row and seeds nothing.
    const inserted = await tx
      .insert(siteAssets)
      .values(DEMO_SETTINGS)
      .onConflictDoNothing({ target: siteAssets.id })
      .returning({ id: siteAssets.id });
    if (inserted.length === 0) return { seeded: false };

    const rows: NewCategoryRow[] = DEMO_STORE_NAMES.map((name, index) => ({
      name,
      imageFilePath: null,
      isActive: true,
      sortOrder: index + 1,
    }));
    await tx.insert(categories).values(rows);
    return { seeded: true };
  });
}
