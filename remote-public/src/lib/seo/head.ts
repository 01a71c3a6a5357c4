/**
 * A page's metadata for search engines and link previews, and its two renderings: tags for the
 * server's `<head>` and the same tags applied to the document after a client-side navigation.
 */

/** An image as link previews state it; sizes are null when the stored image's are not known. */
export interface HeadImage {
  /** Absolute. */
  url: string;
  width: number | null;
  height: number | null;
  alt: string;
}

export interface PageHead {
  title: string;
  /** Plain text, whitespace collapsed, at most 160 characters. */
  description: string;
  /** Absolute; null for pages that must not be indexed as themselves. */
  canonical: string | null;
  /** e.g. `noindex` or `noindex, follow`; null is the default (index, follow). */
  robots: string | null;
  openGraph: {
    type: 'website' | 'product' | 'article';
    title: string;
    description: string;
    url: string;
    siteName: string;
    image: HeadImage | null;
  };
  twitterCard: 'summary_large_image' | 'summary';
  /** Each a schema.org object with its own `@context`. */
  jsonLd: Record<string, unknown>[];
}

/** The attribute that marks the tags this module owns, so a navigation replaces exactly those. */
export const HEAD_ATTRIBUTE = 'data-head';

type Tag =
  | { kind: 'title'; text: string }
  | { kind: 'meta' | 'link'; attrs: [string, string][] }
  | { kind: 'json'; json: string };

/**
 * JSON for inside a `<script>` element. `<`, `>` and `&` as `\u003c`… so no `</script>` or
 * `<!--` can end or alter the element; U+2028/U+2029 because older parsers treat them as line ends.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Text or an attribute value, safe in both places (quotes included, for either quoting style). */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** The tags of a head in document order; empty values make no tag rather than an empty one. */
function tagsOf(head: PageHead): Tag[] {
  const tags: Tag[] = [{ kind: 'title', text: head.title }];
  const meta = (key: 'name' | 'property', name: string, content: string | number | null | undefined) => {
    if (content !== null && content !== undefined && content !== '') tags.push({ kind: 'meta', attrs: [[key, name], ['content', String(content)]] });
  };
  const { openGraph: og } = head;
  meta('name', 'description', head.description);
  if (head.canonical) tags.push({ kind: 'link', attrs: [['rel', 'canonical'], ['href', head.canonical]] });
  meta('name', 'robots', head.robots);
  meta('property', 'og:type', og.type);
  meta('property', 'og:title', og.title);
  meta('property', 'og:description', og.description);
  meta('property', 'og:url', og.url);
  meta('property', 'og:site_name', og.siteName);
  meta('property', 'og:image', og.image?.url);
  meta('property', 'og:image:width', og.image?.width);
  meta('property', 'og:image:height', og.image?.height);
  meta('property', 'og:image:alt', og.image?.alt);
  meta('name', 'twitter:card', head.twitterCard);
  meta('name', 'twitter:title', og.title);
  meta('name', 'twitter:description', og.description);
  meta('name', 'twitter:image', og.image?.url);
  for (const data of head.jsonLd) tags.push({ kind: 'json', json: scriptSafeJson(data) });
  return tags;
}

/** The tags for the server's `<head>`, each marked `data-head` so the browser can replace them. */
export function headTagsHtml(head: PageHead): string {
  return tagsOf(head)
    .map((tag) => {
      if (tag.kind === 'title') return `<title ${HEAD_ATTRIBUTE}="">${escapeHtml(tag.text)}</title>`;
      if (tag.kind === 'json') return `<script type="application/ld+json" ${HEAD_ATTRIBUTE}="">${tag.json}</script>`;
      const attrs = tag.attrs.map(([key, value]) => ` ${key}="${escapeHtml(value)}"`).join('');
      return `<${tag.kind}${attrs} ${HEAD_ATTRIBUTE}="">`;
    })
    .join('\n');
}

/**
 * Untagged tags of the kinds a head sets: the shell's index.html has a default title and
 * description, which would otherwise sit beside the page's own on a client-rendered page.
 */
const REPLACED = ['title', 'meta[name="description"]', 'meta[name="robots"]', 'link[rel="canonical"]', 'meta[property^="og:"]', 'meta[name^="twitter:"]'];

/**
 * Puts `head` into the document after a client-side navigation: every tag a previous head (or the
 * server) put there goes, then the new ones are appended. Applying the same head twice changes
 * nothing. Built with DOM calls, so no value is ever parsed as markup.
 */
export function applyHead(head: PageHead, doc: Document = document): void {
  doc.head.querySelectorAll(`[${HEAD_ATTRIBUTE}], ${REPLACED.join(', ')}`).forEach((element) => element.remove());
  for (const tag of tagsOf(head)) {
    const element = doc.createElement(tag.kind === 'json' ? 'script' : tag.kind);
    if (tag.kind === 'title') element.textContent = tag.text;
    else if (tag.kind === 'json') {
      element.setAttribute('type', 'application/ld+json');
      element.textContent = tag.json;
    } else for (const [key, value] of tag.attrs) element.setAttribute(key, value);
    element.setAttribute(HEAD_ATTRIBUTE, '');
    doc.head.appendChild(element);
  }
}
