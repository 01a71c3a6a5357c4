/**
 * Rich-text and custom-HTML sanitising (allow-lists), applied on every write so the database only
 * ever holds HTML the public site may render as is.
 *
 * - Rich text (content-section and banner-item descriptions, written with the back office's
 *   editor): formatting tags, lists, tables, quotes, code, links and images.
 * - Custom HTML (`rawHTML` of Custom content sections, admins only): the rich-text set plus layout
 *   tags (div, section, figure…), `class`/`id` and a wider but still value-checked set of inline
 *   styles.
 *
 * Both: no scripts, styles, event handlers, forms, objects or embeds; links only http(s), mailto,
 * tel or relative; `target="_blank"` always gets `rel="noopener noreferrer"`; images only from our
 * `Attachments/` path or https; iframes only https YouTube/Vimeo players; CSS values never carry
 * `url(…)`, `expression(…)` or escapes.
 */
import sanitizeHtml, { type IOptions, type Transformer } from 'sanitize-html';

/** A stored image name (see images.ts); rich text refers to uploads as `…/Attachments/<name>`. */
const STORED_NAME_SOURCE = '[a-f0-9]{32}\\.(?:jpg|png|webp|gif)';
const ATTACHMENT_PATH = new RegExp(`^(?:/?api/)?/?Attachments/${STORED_NAME_SOURCE}$`);
const ATTACHMENT_URL_PATH = new RegExp(`/Attachments/${STORED_NAME_SOURCE}$`);
const STORED_NAMES = new RegExp(STORED_NAME_SOURCE, 'g');

/**
 * Image sources: our own uploads (relative `/api/Attachments/<name>`, or absolute on any API host,
 * http included for local development) or any https image.
 */
export function isAllowedImageSource(src: string | undefined): boolean {
  if (!src) return false;
  const value = src.trim();
  if (ATTACHMENT_PATH.test(value)) return true;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && ATTACHMENT_URL_PATH.test(url.pathname) && !url.search && !url.hash;
}

/** Stored image names a piece of HTML refers to (to release them when the HTML goes away). */
export function storedImageNames(html: string | null | undefined): string[] {
  return html ? [...new Set(html.match(STORED_NAMES) ?? [])] : [];
}

/** True when sanitised HTML shows nothing: no text and no image or embed (an empty editor sends `<p><br></p>`). */
export function isBlankHtml(html: string | null | undefined): boolean {
  if (!html) return true;
  if (/<(?:img|iframe)\b/i.test(html)) return false;
  const text = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/&nbsp;|&#160;|\s/g, '');
  return text.length === 0;
}

// --- CSS values ---------------------------------------------------------------------------------

const COLOR = [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*[\d.]+%?\s*,\s*[\d.]+%?\s*,\s*[\d.]+%?\s*(?:,\s*[\d.]+\s*)?\)$/i, /^[a-z]{3,20}$/i];
const LENGTH = [/^-?\d+(?:\.\d+)?(?:px|em|rem|%|pt|vw|vh)?$/i, /^auto$/i];
const LENGTHS = [/^(?:-?\d+(?:\.\d+)?(?:px|em|rem|%|pt|vw|vh)?|auto)(?:\s+(?:-?\d+(?:\.\d+)?(?:px|em|rem|%|pt|vw|vh)?|auto)){0,3}$/i];
const FONT_FAMILY = [/^[\w\s,"'-]{1,200}$/];
const BORDER = [/^(?:\d+(?:\.\d+)?(?:px|em|rem)?\s+)?(?:solid|dashed|dotted|double|none)(?:\s+(?:#[0-9a-f]{3,8}|[a-z]{3,20}))?$/i, /^none$/i];

/** The editor's formatting: colours, fonts, alignment, spacing of text, and image/table sizes. */
const RICH_TEXT_STYLES: Record<string, RegExp[]> = {
  color: COLOR,
  'background-color': COLOR,
  'font-size': [/^\d+(?:\.\d+)?(?:px|em|rem|%|pt)$/i],
  'font-family': FONT_FAMILY,
  'font-weight': [/^(?:normal|bold|bolder|lighter|[1-9]00)$/i],
  'font-style': [/^(?:normal|italic|oblique)$/i],
  'text-align': [/^(?:left|right|center|justify|start|end)$/i],
  'text-decoration': [/^(?:none|underline|line-through|overline)(?:\s+(?:underline|line-through|overline))*$/i],
  'text-indent': LENGTH,
  'line-height': [/^\d+(?:\.\d+)?(?:px|em|rem|%)?$/i, /^normal$/i],
  'letter-spacing': LENGTH,
  width: LENGTH,
  height: LENGTH,
  'max-width': LENGTH,
  'vertical-align': [/^(?:top|middle|bottom|baseline)$/i],
};

/** Custom HTML: layout on top of the rich-text formatting, still without url()/expression(). */
const CUSTOM_STYLES: Record<string, RegExp[]> = {
  ...RICH_TEXT_STYLES,
  margin: LENGTHS,
  'margin-top': LENGTH,
  'margin-bottom': LENGTH,
  'margin-left': LENGTH,
  'margin-right': LENGTH,
  padding: LENGTHS,
  'padding-top': LENGTH,
  'padding-bottom': LENGTH,
  'padding-left': LENGTH,
  'padding-right': LENGTH,
  'min-width': LENGTH,
  'min-height': LENGTH,
  'max-height': LENGTH,
  display: [/^(?:block|inline|inline-block|flex|inline-flex|grid|none)$/i],
  'flex-direction': [/^(?:row|column|row-reverse|column-reverse)$/i],
  'flex-wrap': [/^(?:wrap|nowrap)$/i],
  flex: [/^[\d.]+(?:\s+[\d.]+)?(?:\s+(?:-?\d+(?:\.\d+)?(?:px|em|rem|%)?|auto))?$/i],
  'justify-content': [/^(?:flex-start|flex-end|center|space-between|space-around|space-evenly|start|end)$/i],
  'align-items': [/^(?:flex-start|flex-end|center|stretch|baseline|start|end)$/i],
  gap: LENGTHS,
  'grid-template-columns': [/^(?:repeat\(\d{1,2},\s*[\d.]+fr\)|(?:[\d.]+(?:fr|px|%)|auto)(?:\s+(?:[\d.]+(?:fr|px|%)|auto)){0,11})$/i],
  border: BORDER,
  'border-top': BORDER,
  'border-bottom': BORDER,
  'border-radius': LENGTHS,
  'border-collapse': [/^(?:collapse|separate)$/i],
  'object-fit': [/^(?:cover|contain|fill|none|scale-down)$/i],
  'text-transform': [/^(?:none|uppercase|lowercase|capitalize)$/i],
  'white-space': [/^(?:normal|nowrap|pre|pre-wrap|pre-line)$/i],
  opacity: [/^(?:0|1|0?\.\d+)$/],
};

// --- Tags ---------------------------------------------------------------------------------------

const RICH_TEXT_TAGS = [
  'p', 'br', 'span', 'strong', 'b', 'em', 'i', 'u', 's', 'del', 'ins', 'sub', 'sup', 'mark', 'small',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'code', 'hr',
  'ul', 'ol', 'li', 'a', 'img',
  'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption', 'colgroup', 'col',
  'div', 'iframe',
];

const CUSTOM_TAGS = [
  ...RICH_TEXT_TAGS,
  'section', 'article', 'header', 'footer', 'aside', 'nav', 'main', 'figure', 'figcaption', 'picture',
  'dl', 'dt', 'dd', 'abbr', 'cite', 'q', 'time', 'address', 'details', 'summary',
];

/** https video players only (the editor's "insert video" embeds). */
const IFRAME_HOSTS = ['www.youtube.com', 'youtube.com', 'www.youtube-nocookie.com', 'player.vimeo.com'];

/** `target="_blank"` always with rel=noopener (no window.opener for the linked page); other targets dropped. */
const safeLink: Transformer = (tagName, attribs) => {
  const result = { ...attribs };
  if (result.target === '_blank') result.rel = 'noopener noreferrer';
  else {
    delete result.target;
    delete result.rel;
  }
  return { tagName, attribs: result };
};

/** Embedded players may run their own scripts but never reach our page. */
const safeIframe: Transformer = (tagName, attribs) => ({
  tagName,
  attribs: { ...attribs, sandbox: 'allow-scripts allow-same-origin allow-presentation allow-popups', referrerpolicy: 'strict-origin-when-cross-origin' },
});

function options(tags: string[], styles: Record<string, RegExp[]>, extraAttributes: string[]): IOptions {
  const common = ['style', 'title', 'dir', 'lang', ...extraAttributes];
  return {
    allowedTags: tags,
    allowedAttributes: {
      '*': common,
      a: [...common, 'href', 'target', 'rel'],
      img: [...common, 'src', 'alt', 'width', 'height', 'loading'],
      iframe: [...common, 'src', 'width', 'height', 'allow', 'allowfullscreen', 'frameborder', 'sandbox', 'referrerpolicy'],
      td: [...common, 'colspan', 'rowspan'],
      th: [...common, 'colspan', 'rowspan', 'scope'],
      col: [...common, 'span'],
      ol: [...common, 'start', 'type'],
      time: [...common, 'datetime'],
      div: [...common, 'data-w-e-type'],
    },
    allowedStyles: { '*': styles },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['http', 'https'], iframe: ['https'] },
    allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
    allowProtocolRelative: false,
    allowedIframeHostnames: IFRAME_HOSTS,
    allowIframeRelativeUrls: false,
    // Drops the tag and its contents for these; other disallowed tags keep their text.
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'template', 'title', 'object', 'embed', 'svg', 'math'],
    disallowedTagsMode: 'discard',
    transformTags: { a: safeLink, iframe: safeIframe },
    // An image whose source is not allowed would be an empty <img>: drop it, and iframes without a src.
    exclusiveFilter: (frame) =>
      (frame.tag === 'img' && !isAllowedImageSource(frame.attribs.src)) || (frame.tag === 'iframe' && !frame.attribs.src),
  };
}

const RICH_TEXT_OPTIONS = options(RICH_TEXT_TAGS, RICH_TEXT_STYLES, []);
// No `id`/`name`: named elements could shadow globals of the public page (DOM clobbering).
const CUSTOM_OPTIONS = options(CUSTOM_TAGS, CUSTOM_STYLES, ['class']);

/** Sanitises rich text (descriptions) with the formatting allow-list. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, RICH_TEXT_OPTIONS);
}

/** Sanitises the raw HTML of a Custom content section with the wider layout allow-list. */
export function sanitizeCustomHtml(html: string): string {
  return sanitizeHtml(html, CUSTOM_OPTIONS);
}
