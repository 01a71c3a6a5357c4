/** The public site's settings and navigation (`Home/GetCMSInfo`), exposed as `fastify.siteInfo`. */
import { eq } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { SiteInfo } from '../../contract/index.js';
import type { Database } from '../../db/client.js';
import { siteAssets, type SiteAssetRow } from '../../db/schema.js';
import type { StoresRepository } from './stores.js';

type SettingsPart = Omit<SiteInfo, 'menuItems' | 'pages' | 'stores' | 'categories' | 'featuredSections' | 'footerItems'>;

/** Maps the settings row (form names such as facebookLink) to the site-info names (facebook). */
function settingsFromRow(row: SiteAssetRow | undefined): SettingsPart {
  return {
    companyLogoPath: row?.companyLogoPath ?? null,
    companyIconPath: row?.companyIconPath ?? null,
    companyName: row?.companyName ?? null,
    emailAddress: row?.emailAddress ?? null,
    phoneNumber: row?.phoneNumber ?? null,
    streetAddress1: row?.streetAddress1 ?? null,
    streetAddress2: row?.streetAddress2 ?? null,
    city: row?.city ?? null,
    state: row?.state ?? null,
    zipCode: row?.zipCode ?? null,
    primaryWeekDayHours: row?.primaryWeekDayHours ?? null,
    primaryWeekEndHours: row?.primaryWeekEndHours ?? null,
    secondaryWeekDayHours: row?.secondaryWeekDayHours ?? null,
    secondaryWeekEndHours: row?.secondaryWeekEndHours ?? null,
    appStoreLink: row?.appStoreLink ?? null,
    googlePlayStoreLink: row?.googlePlayStoreLink ?? null,
    facebook: row?.facebookLink ?? null,
    instagram: row?.instagramLink ?? null,
    twitter: row?.twitterLink ?? null,
    linkedIn: row?.linkedInLink ?? null,
    youtube: row?.youtubeLink ?? null,
    tikTok: row?.tiktokLink ?? null,
    googleMap: row?.googleMapLink ?? null,
    googleAnalyticsId: row?.googleAnalyticsId ?? null,
  };
}

export function createSiteInfoRepository(db: Database, stores: StoresRepository) {
  return {
    async get(): Promise<SiteInfo> {
      const [rows, storeTiles] = await Promise.all([
        db.select().from(siteAssets).where(eq(siteAssets.id, 1)),
        stores.listForSiteInfo(),
      ]);
      return {
        ...settingsFromRow(rows[0]),
        // Menu items, pages, product types, featured sections and footer items have no tables
        // yet; the shape is already the final one so clients never special-case their absence.
        menuItems: [],
        pages: [],
        stores: storeTiles,
        categories: [],
        featuredSections: [],
        footerItems: [],
      };
    },
  };
}

export type SiteInfoRepository = ReturnType<typeof createSiteInfoRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    siteInfo: SiteInfoRepository;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate('siteInfo', createSiteInfoRepository(fastify.db, fastify.stores));
  },
  { name: 'site-info', dependencies: ['database', 'stores'] },
);
