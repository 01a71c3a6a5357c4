/**
 * Demo artwork drawn locally: SVG (gradients, simple glyphs, initials and titles) rendered by
 * sharp. No network, no bundled image files; every picture is a function of its inputs, so a
 * second run produces the same bytes (and the same content-hashed names).
 */
import sharp from '../../lib/image-runtime.js';

/** A two-stop gradient, dark enough for white text. */
export interface Palette {
  from: string;
  to: string;
}

export const PALETTES: readonly Palette[] = [
  { from: '#e74c3c', to: '#8e2a5c' },
  { from: '#f39c12', to: '#c0392b' },
  { from: '#1e88e5', to: '#0d3b66' },
  { from: '#16a085', to: '#0b5345' },
  { from: '#667eea', to: '#4b2c7f' },
  { from: '#d6336c', to: '#6f1d5c' },
  { from: '#00897b', to: '#1a237e' },
  { from: '#2b5876', to: '#4e4376' },
  { from: '#ef6c00', to: '#6d2e0b' },
  { from: '#7b1fa2', to: '#311b92' },
  { from: '#2e7d32', to: '#1b3d2f' },
  { from: '#c2185b', to: '#e65100' },
];

export const palette = (index: number): Palette => PALETTES[((index % PALETTES.length) + PALETTES.length) % PALETTES.length] as Palette;

/** Glyphs drawn in a 100×100 box, white on the gradient. */
export const GLYPHS = {
  screen: '<rect x="14" y="18" width="72" height="48" rx="5"/><rect x="43" y="66" width="14" height="9"/><rect x="30" y="75" width="40" height="6" rx="3"/>',
  house: '<path d="M50 12 L90 46 L80 46 L80 88 L58 88 L58 64 L42 64 L42 88 L20 88 L20 46 L10 46 Z"/>',
  shirt: '<path d="M32 16 L43 12 Q50 22 57 12 L68 16 L88 34 L76 46 L70 40 L70 88 L30 88 L30 40 L24 46 L12 34 Z"/>',
  lipstick: '<path d="M40 52 L40 26 L60 14 L60 52 Z"/><rect x="34" y="52" width="32" height="36" rx="4"/>',
  ball: '<circle cx="50" cy="50" r="36"/><path d="M50 14 Q34 50 50 86 M50 14 Q66 50 50 86 M14 50 L86 50" stroke="#000" stroke-opacity="0.2" stroke-width="4" fill="none"/>',
  blocks: '<rect x="14" y="52" width="34" height="34" rx="4"/><rect x="52" y="52" width="34" height="34" rx="4"/><rect x="33" y="16" width="34" height="34" rx="4"/>',
  basket: '<path d="M30 42 Q50 6 70 42" fill="none" stroke-width="6"/><path d="M10 42 L90 42 L80 88 L20 88 Z"/>',
  heart: '<path d="M50 86 L16 52 Q4 36 16 22 Q32 8 50 28 Q68 8 84 22 Q96 36 84 52 Z"/>',
  car: '<path d="M10 64 L14 46 L30 42 L40 28 L68 28 L80 42 L90 48 L90 64 Z"/><circle cx="28" cy="68" r="10"/><circle cx="72" cy="68" r="10"/>',
  book: '<path d="M50 26 Q32 14 10 18 L10 80 Q32 76 50 88 Z"/><path d="M50 26 Q68 14 90 18 L90 80 Q68 76 50 88 Z" fill-opacity="0.75"/>',
  tag: '<path d="M14 14 L52 14 L88 50 L50 88 L14 52 Z"/><circle cx="30" cy="30" r="7" fill="#000" fill-opacity="0.25"/>',
  star: '<path d="M50 8 L61 38 L93 38 L67 57 L77 88 L50 69 L23 88 L33 57 L7 38 L39 38 Z"/>',
  bolt: '<path d="M58 6 L20 56 L46 56 L40 94 L82 40 L54 40 Z"/>',
  percent: '<circle cx="28" cy="28" r="14"/><circle cx="72" cy="72" r="14"/><path d="M78 14 L86 22 L22 86 L14 78 Z"/>',
} as const;
export type Glyph = keyof typeof GLYPHS;

const FONT = "DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif";

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] as string);
}

/** "The Home Depot" → "HD", "Best Buy" → "BB", "Amazon" → "A". */
export function initials(name: string): string {
  const words = name.replace(/[’']/g, '').split(/\s+/).filter((w) => w && w.toLowerCase() !== 'the');
  return words
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('');
}

function frame(width: number, height: number, colors: Palette, body: string, angle = 1): string {
  const [x2, y2] = angle % 2 ? ['1', '1'] : ['1', '0'];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="${x2}" y2="${y2}"><stop offset="0" stop-color="${colors.from}"/><stop offset="1" stop-color="${colors.to}"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#g)"/>${body}</svg>`;
}

/** Soft background shapes that differ per variant so reused palettes still look distinct. */
function decoration(width: number, height: number, variant: number): string {
  const m = Math.min(width, height);
  switch (variant % 4) {
    case 0:
      return `<circle cx="${width * 0.85}" cy="${height * 0.15}" r="${m * 0.38}" fill="#fff" fill-opacity="0.12"/><circle cx="${width * 0.1}" cy="${height * 0.95}" r="${m * 0.28}" fill="#fff" fill-opacity="0.08"/>`;
    case 1:
      return Array.from({ length: 6 }, (_, i) => `<rect x="${(i * width) / 6}" y="0" width="${width / 14}" height="${height}" fill="#fff" fill-opacity="0.05" transform="skewX(-20)"/>`).join('');
    case 2:
      return Array.from({ length: 5 }, (_, i) => `<circle cx="${width / 2}" cy="${height / 2}" r="${m * (0.2 + i * 0.14)}" fill="none" stroke="#fff" stroke-opacity="0.08" stroke-width="${m * 0.03}"/>`).join('');
    default:
      return `<path d="M0 ${height * 0.75} Q${width * 0.5} ${height * 0.45} ${width} ${height * 0.8} L${width} ${height} L0 ${height} Z" fill="#fff" fill-opacity="0.1"/>`;
  }
}

function glyph(name: Glyph, x: number, y: number, size: number, opacity = 0.92): string {
  const scale = size / 100;
  return `<g transform="translate(${x} ${y}) scale(${scale})" fill="#fff" stroke="#fff" stroke-width="0" fill-opacity="${opacity}" stroke-linecap="round">${GLYPHS[name]}</g>`;
}

function text(content: string, x: number, y: number, size: number, anchor: 'start' | 'middle' = 'middle', weight = 700, opacity = 1): string {
  return `<text x="${x}" y="${y}" font-family="${FONT}" font-size="${size}" font-weight="${weight}" fill="#fff" fill-opacity="${opacity}" text-anchor="${anchor}">${escapeXml(content)}</text>`;
}

/** Fits a line of text into a width (roughly: DejaVu Sans Bold averages about 0.62 em per character). */
const fitSize = (content: string, width: number, max: number) => Math.min(max, Math.floor(width / Math.max(1, content.length * 0.62)));

export interface ArtOptions {
  width: number;
  height: number;
  colors: Palette;
  variant?: number;
}

/** A store logo (400×200 suggested): a round mark with the initials and the name. */
export function logoSvg(name: string, o: ArtOptions): string {
  const { width: w, height: h } = o;
  const mark = h * 0.56;
  const label = fitSize(name, w - mark - h * 0.45, h * 0.2);
  const body = `<circle cx="${h * 0.2 + mark / 2}" cy="${h / 2}" r="${mark / 2}" fill="#fff" fill-opacity="0.95"/>
<text x="${h * 0.2 + mark / 2}" y="${h / 2 + mark * 0.17}" font-family="${FONT}" font-size="${mark * 0.45}" font-weight="700" fill="${o.colors.to}" text-anchor="middle">${escapeXml(initials(name))}</text>
${text(name, h * 0.32 + mark, h / 2 + label * 0.35, label, 'start')}`;
  return frame(w, h, o.colors, decoration(w, h, o.variant ?? 0) + body);
}

/** A square icon: the initials on the gradient (site icon, favicon-like). */
export function iconSvg(label: string, o: ArtOptions): string {
  const { width: w, height: h } = o;
  return frame(w, h, o.colors, `${glyph('tag', w * 0.1, h * 0.1, w * 0.8, 0.2)}${text(label, w / 2, h * 0.64, h * 0.42)}`);
}

/** A catalogue picture: a big glyph, optionally a caption (deals, product types, featured sections). */
export function pictureSvg(mark: Glyph, caption: string | null, o: ArtOptions): string {
  const { width: w, height: h } = o;
  const variant = o.variant ?? 0;
  const size = Math.min(w, h) * (caption ? 0.5 : 0.6);
  // Variants move the glyph a little so pictures of one category do not look stamped.
  const dx = [0, -0.08, 0.08, 0][variant % 4] ?? 0;
  const x = w / 2 - size / 2 + w * dx;
  const y = caption ? h * 0.12 : h / 2 - size / 2;
  const captionSize = caption ? fitSize(caption, w * 0.86, h * 0.1) : 0;
  const body = glyph(mark, x, y, size) + (caption ? text(caption, w / 2, h * 0.86, captionSize) : '');
  return frame(w, h, o.colors, decoration(w, h, variant) + body, variant);
}

/** A wide banner (1600×500 suggested): a title, a subtitle and a glyph on the right. */
export function bannerSvg(title: string, subtitle: string, mark: Glyph, o: ArtOptions): string {
  const { width: w, height: h } = o;
  const titleSize = fitSize(title, w * 0.6, h * 0.16);
  const subSize = fitSize(subtitle, w * 0.6, h * 0.07);
  const body = `${text(title, w * 0.07, h * 0.48, titleSize, 'start')}${text(subtitle, w * 0.07, h * 0.48 + subSize * 2, subSize, 'start', 400, 0.9)}${glyph(mark, w * 0.72, h * 0.16, h * 0.68, 0.85)}`;
  return frame(w, h, o.colors, decoration(w, h, o.variant ?? 0) + body);
}

/**
 * Renders SVG to PNG. Flat gradients and text compress well in PNG (tens of kB) and re-encode far
 * faster than JPEG when the image store checks and re-encodes them like uploads.
 */
export async function render(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png().toBuffer();
}
