/**
 * The company settings (the single `site_assets` row, id 1) as the settings screen edits them,
 * exposed as `fastify.siteAssets`. The public site reads the same row through `Home/GetCMSInfo`.
 */
import { eq } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { HOT_DEAL_THRESHOLD, type SiteAsset, type UpdateSiteAsset } from '@deals/contract';
import type { Database } from '../../db/client.js';
import { siteAssets, type SiteAssetRow } from '../../db/schema.js';
import { updated, type AuditTrail } from './audit.js';
import { cleanText } from './content-sections.js';

/** The text fields of the form, in the order the screen shows them. */
const TEXT_FIELDS = [
  'companyName',
  'emailAddress',
  'phoneNumber',
  'streetAddress1',
  'streetAddress2',
  'city',
  'state',
  'zipCode',
  'primaryWeekDayHours',
  'secondaryWeekDayHours',
  'primaryWeekEndHours',
  'secondaryWeekEndHours',
  'facebookLink',
  'instagramLink',
  'twitterLink',
  'linkedInLink',
  'youtubeLink',
  'tiktokLink',
  'googleMapLink',
  'appStoreLink',
  'googlePlayStoreLink',
  'googleAnalyticsId',
  'seo',
  'facebookPixelCode',
] as const satisfies ReadonlyArray<keyof SiteAsset & keyof SiteAssetRow>;

type TextField = (typeof TEXT_FIELDS)[number];
export type SiteAssetValues = Record<TextField, string | null>;

/** The stored text values of a validated form: trimmed, blank → null. */
export function siteAssetValues(body: Omit<UpdateSiteAsset, 'companyLogo' | 'companyIcon' | 'hotDealThreshold'>): SiteAssetValues {
  const values = {} as SiteAssetValues;
  for (const field of TEXT_FIELDS) values[field] = cleanText(body[field]);
  return values;
}

function toSiteAsset(row: SiteAssetRow | undefined): SiteAsset {
  const asset = {
    companyLogoPath: row?.companyLogoPath ?? null,
    companyIconPath: row?.companyIconPath ?? null,
    hotDealThreshold: row?.hotDealThreshold ?? HOT_DEAL_THRESHOLD.default,
  } as SiteAsset;
  for (const field of TEXT_FIELDS) asset[field] = row?.[field] ?? null;
  return asset;
}

export function createSiteAssetsRepository(db: Database) {
  return {
    /** The settings; every field null before the first save. */
    async get(): Promise<SiteAsset> {
      const [row] = await db.select().from(siteAssets).where(eq(siteAssets.id, 1));
      return toSiteAsset(row);
    },

    /**
     * Writes the settings (insert or update of row 1). Logo and icon change only when a new path
     * is given. Answers the paths they replaced, to release after the commit.
     */
    async save(
      values: SiteAssetValues,
      images: { companyLogoPath?: string; companyIconPath?: string },
      settings: { hotDealThreshold?: number | undefined },
      audit: AuditTrail,
    ): Promise<string[]> {
      return db.transaction(async (tx) => {
        const [previous] = await tx.select().from(siteAssets).where(eq(siteAssets.id, 1)).for('update');
        const set = { ...values, ...images, ...(settings.hotDealThreshold !== undefined && { hotDealThreshold: settings.hotDealThreshold }) };
        await tx
          .insert(siteAssets)
          .values({ id: 1, ...set })
          .onConflictDoUpdate({ target: siteAssets.id, set });
        // Before the first save every field was empty: the entry shows each one from null.
        await audit(tx, updated('siteAsset', previous ?? { id: 1 }, set));
        const replaced: string[] = [];
        if (images.companyLogoPath && previous?.companyLogoPath && previous.companyLogoPath !== images.companyLogoPath) {
          replaced.push(previous.companyLogoPath);
        }
        if (images.companyIconPath && previous?.companyIconPath && previous.companyIconPath !== images.companyIconPath) {
          replaced.push(previous.companyIconPath);
        }
        return replaced;
      });
    },
  };
}

export type SiteAssetsRepository = ReturnType<typeof createSiteAssetsRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    siteAssets: SiteAssetsRepository;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate('siteAssets', createSiteAssetsRepository(fastify.db));
  },
  { name: 'site-assets', dependencies: ['database'] },
);
