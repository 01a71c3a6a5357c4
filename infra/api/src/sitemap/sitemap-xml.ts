/**
 * The Sitemaps protocol 0.9 documents (https://www.sitemaps.org/protocol.html) and robots.txt, as
 * text. Pure: the plugin feeds them rows and the public origin.
 */

/** At most this many URLs per sitemap file (the protocol's limit). */
export const SITEMAP_MAX_URLS = 50_000;

export interface SitemapEntry {
  /** An absolute URL. */
  loc: string;
  lastmod?: Date | null;
}

const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** The protocol requires entity-escaped URLs. */
function escapeXml(text: string): string {
  return text.replace(/[&<>'"]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', "'": '&apos;', '"': '&quot;' })[char]!);
}

function entryXml(tag: 'url' | 'sitemap', entry: SitemapEntry): string {
  const lastmod = entry.lastmod ? `<lastmod>${entry.lastmod.toISOString()}</lastmod>` : '';
  return `<${tag}><loc>${escapeXml(entry.loc)}</loc>${lastmod}</${tag}>`;
}

function document(root: 'urlset' | 'sitemapindex', tag: 'url' | 'sitemap', entries: readonly SitemapEntry[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<${root} xmlns="${NAMESPACE}">\n${entries.map((entry) => entryXml(tag, entry)).join('\n')}\n</${root}>\n`;
}

export const urlsetXml = (entries: readonly SitemapEntry[]) => document('urlset', 'url', entries);
export const sitemapIndexXml = (entries: readonly SitemapEntry[]) => document('sitemapindex', 'sitemap', entries);

/** The latest of the entries' dates, for the index entry of their file. */
export function latest(entries: readonly SitemapEntry[]): Date | null {
  let newest: Date | null = null;
  for (const { lastmod } of entries) if (lastmod && (!newest || lastmod > newest)) newest = lastmod;
  return newest;
}

/** Paths no crawler should fetch: the back office, sign-in, drafts, private-link pages and the API. */
export const DISALLOWED_PATHS = ['/admin', '/cms', '/login', '/preview', '/email-alerts/', '/reset-password', '/api/'] as const;

export function robotsTxt(publicUrl: string): string {
  return ['User-agent: *', ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`), 'Allow: /', '', `Sitemap: ${publicUrl}/sitemap.xml`, ''].join('\n');
}
