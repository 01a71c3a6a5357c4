import type { SiteInfo } from '@deals/contract';

// Tiny inline SVG glyphs (24×24, currentColor): no icon font or library on the visitor path.
const STROKE = { fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

const GLYPHS = {
  facebook: <path d="M14 8h3V4h-3c-2.8 0-4 1.7-4 4.3V11H7v4h3v9h4v-9h3l1-4h-4V8.8c0-.5.3-.8 1-.8z" />,
  instagram: (
    <g {...STROKE}>
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.5" cy="6.5" r=".6" />
    </g>
  ),
  twitter: <path d="M3.5 3h5l4.1 5.7L17.6 3h2.6l-6.4 7.4L20.8 21h-5l-4.5-6.2L5.9 21H3.3l6.8-7.9z" />,
  linkedIn: <path d="M4 9h3.5v11H4zm1.8-5.5a2 2 0 110 4 2 2 0 010-4zM10 9h3.3v1.6c.5-.9 1.7-1.9 3.5-1.9 3.6 0 4.2 2.3 4.2 5.4V20h-3.5v-5.2c0-1.3 0-2.9-1.8-2.9s-2.1 1.4-2.1 2.8V20H10z" />,
  youtube: <path fillRule="evenodd" d="M21.6 7.2a2.5 2.5 0 00-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4a2.5 2.5 0 00-1.8 1.8A26 26 0 002 12a26 26 0 00.4 4.8 2.5 2.5 0 001.8 1.8c1.6.4 7.8.4 7.8.4s6.2 0 7.8-.4a2.5 2.5 0 001.8-1.8A26 26 0 0022 12a26 26 0 00-.4-4.8zM10 15V9l5.2 3z" />,
  tikTok: <path d="M16.5 3c.3 2.3 1.7 3.8 4 4v3.1a7 7 0 01-4-1.3v6.4A5.9 5.9 0 1110.6 9.3v3.2a2.8 2.8 0 102 2.7V3z" />,
  mail: (
    <g {...STROKE}>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3 7 9 6 9-6" />
    </g>
  ),
  menu: <path {...STROKE} d="M4 6h16M4 12h16M4 18h16" />,
  close: <path {...STROKE} d="M6 6l12 12M18 6 6 18" />,
  verified: (
    <g {...STROKE}>
      <circle cx="12" cy="12" r="9" />
      <path d="m8 12.5 2.8 2.8L16.5 9.5" />
    </g>
  ),
  chevron: <path {...STROKE} d="m6 9 6 6 6-6" />,
  search: (
    <g {...STROKE}>
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </g>
  ),
};

export type IconName = keyof typeof GLYPHS;

/** A decorative icon: the control around it carries the name. */
export function Icon({ name, size = 20 }: { name: IconName; size?: number }) {
  return (
    <svg className="icon" width={size} height={size} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
      {GLYPHS[name]}
    </svg>
  );
}

type SocialKey = 'facebook' | 'instagram' | 'twitter' | 'linkedIn' | 'youtube' | 'tikTok';
const SOCIAL: readonly [SocialKey, string][] = [
  ['facebook', 'Facebook'],
  ['instagram', 'Instagram'],
  ['twitter', 'Twitter'],
  ['linkedIn', 'LinkedIn'],
  ['youtube', 'YouTube'],
  ['tikTok', 'TikTok'],
];

/** The site's social profiles that are set, in the spec's order; the header shows the first two. */
export function SocialLinks({ info, limit, className }: { info: SiteInfo | null | undefined; limit?: number; className: string }) {
  const links = SOCIAL.filter(([key]) => info?.[key]).slice(0, limit);
  if (!links.length) return null;
  return (
    <ul className={className} aria-label="Follow us">
      {links.map(([key, label]) => (
        <li key={key}>
          <a href={info?.[key] ?? undefined} target="_blank" rel="noopener noreferrer" aria-label={label} title={label}>
            <Icon name={key} />
          </a>
        </li>
      ))}
    </ul>
  );
}
