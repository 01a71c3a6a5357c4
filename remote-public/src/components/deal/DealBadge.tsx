import { DEFAULT_BADGE_COLOR } from '@deals/contract/limits';

// Black, not the site's ink: for mid-tone badges (e.g. #0c8599) only black or white reaches 4.5:1.
const DARK_INK = '#000000';

/**
 * The badge's colours: its hex (alpha dropped so the text contrast is what we compute; #000000
 * when missing or unreadable) and white or near-black text, whichever contrasts more.
 */
export function badgeColors(color: string | null | undefined): { background: string; color: string } {
  const digits = /^#([0-9a-f]{3,8})$/i.exec(color?.trim() ?? '')?.[1] ?? '';
  let hex = [3, 4, 6, 8].includes(digits.length) ? digits : DEFAULT_BADGE_COLOR.slice(1);
  hex = hex.length < 6 ? hex.slice(0, 3).replace(/./g, '$&$&') : hex.slice(0, 6);
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
  // Contrast with white is 1.05/(L+0.05); with black it is (L+0.05)/0.05.
  return { background: `#${hex}`, color: 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.05 ? '#ffffff' : DARK_INK };
}

/** A deal's badge text on its colour (spec 000 §3: badgeColor, default #000000); nothing without text. */
export function DealBadge({ text, color, className }: { text: string | null | undefined; color: string | null | undefined; className?: string }) {
  if (!text?.trim()) return null;
  return (
    <span className={['deal-badge', className].filter(Boolean).join(' ')} style={badgeColors(color)}>
      {text}
    </span>
  );
}
