/**
 * The canonical visitor URLs of the records, shared by the public remote (links, canonical tags)
 * and the API (sitemap), so a sitemap entry is always exactly the URL the site links to.
 */

/** A readable url segment for a name: `Summer Sale!` → `summer-sale`. */
export function slug(name: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'section'
  );
}

export const dealPath = (id: number) => `/deal/details/${id}`;
/** A one-store landing page of the deals list. */
export const storeLandingPath = (storeId: number) => `/deals?stores=${storeId}`;
/** A one-product-category landing page of the deals list. */
export const categoryLandingPath = (productTypeId: number) => `/deals?categories=${productTypeId}`;
/** `/deals/:featured/:featuredId`: the section's name is only for people reading the link. */
export const featuredDealsPath = (section: { id: number; name: string }) => `/deals/${slug(section.name)}/${section.id}`;

/** The visitor pages that are neither records nor CMS pages. */
export const STATIC_VISITOR_PATHS = ['/home', '/deals', '/stores', '/categories', '/blogs-and-reviews', '/email-blast-signup'] as const;
