/** The public site's settings and navigation (`Home/GetCMSInfo`) and the run-time configuration of the frontends. */
import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from './common.ts';
import { DealCardSchema } from './deals.ts';
import type { RemoteName } from './enums.ts';

const SiteInfoMenuChildSchema = Type.Object({
  name: Type.String(),
  pageUrl: Nullable(Type.String()),
  customLink: Nullable(Type.String()),
  openInNewTab: Type.Boolean(),
});

export const SiteInfoSchema = Type.Object({
  companyLogoPath: Nullable(Type.String()),
  companyIconPath: Nullable(Type.String()),
  companyName: Nullable(Type.String()),
  emailAddress: Nullable(Type.String()),
  phoneNumber: Nullable(Type.String()),
  streetAddress1: Nullable(Type.String()),
  streetAddress2: Nullable(Type.String()),
  city: Nullable(Type.String()),
  state: Nullable(Type.String()),
  zipCode: Nullable(Type.String()),
  primaryWeekDayHours: Nullable(Type.String()),
  primaryWeekEndHours: Nullable(Type.String()),
  secondaryWeekDayHours: Nullable(Type.String()),
  secondaryWeekEndHours: Nullable(Type.String()),
  menuItems: Type.Array(
    Type.Composite([SiteInfoMenuChildSchema, Type.Object({ assignedMenuItems: Type.Array(SiteInfoMenuChildSchema) })]),
  ),
  /** `id` is what `Home/GetDynamicPage` / `GetDynamicBlog` take: the site finds a url's page here. */
  pages: Type.Array(Type.Object({ id: Type.Integer(), url: Type.String(), title: Nullable(Type.String()), isBlog: Type.Boolean() })),
  stores: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), imageFilePath: Nullable(Type.String()) })),
  categories: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), imageFilePath: Nullable(Type.String()) })),
  featuredSections: Type.Array(
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      imageFilePath: Nullable(Type.String()),
      products: Type.Array(DealCardSchema),
    }),
  ),
  footerItems: Type.Array(Type.Object({ label: Type.String(), to: Type.String() })),
  appStoreLink: Nullable(Type.String()),
  googlePlayStoreLink: Nullable(Type.String()),
  facebook: Nullable(Type.String()),
  instagram: Nullable(Type.String()),
  twitter: Nullable(Type.String()),
  linkedIn: Nullable(Type.String()),
  youtube: Nullable(Type.String()),
  tikTok: Nullable(Type.String()),
  googleMap: Nullable(Type.String()),
  googleAnalyticsId: Nullable(Type.String()),
});
export type SiteInfo = Static<typeof SiteInfoSchema>;

/**
 * `Home/GetBlogPosts`: the public Blog Posts list and the home page's latest blogs, newest first
 * (spec 000 §2 "Blog Posts list": image, date, By: author, New badge). Kept out of GetCMSInfo,
 * which every page loads, because blogs only grow.
 */
export const BlogPostSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  url: Type.String(),
  bannerImageFilePath: Nullable(Type.String()),
  description: Nullable(Type.String()),
  /** Full name of the author; null once that user is deleted. */
  addedBy: Nullable(Type.String()),
  addedOn: Type.String({ format: 'date-time' }),
});
export type BlogPost = Static<typeof BlogPostSchema>;

// ---------------------------------------------------------------------------------------------
// Run-time configuration handed to the frontends by the server that hosts the shell
// ---------------------------------------------------------------------------------------------

/** `GET /remotes.json`: remote name → URL of its `mf-manifest.json`. */
export type RemotesManifest = Record<RemoteName, string>;

/** Injected into the shell's index.html as `window.__DEALS_CONFIG__`. */
export interface ClientConfig {
  apiBase: string;
  emailSignupActionUrl: string | null;
  /** The site's absolute address (`PUBLIC_URL`): canonical links and structured data. */
  publicUrl?: string;
}
