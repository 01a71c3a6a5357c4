import type { ContentSection } from '@deals/contract';
import { Link } from 'react-router-dom';
import type { ButtonActionType } from '@deals/contract';

/**
 * Where a CMS button goes for its action type (spec 001 §3): PAGE a site path, LINK_NEW_TAB a web
 * address, PHONENUMBER `tel:`, EMAIL `mailto:`. Null when the link is empty, does not fit the type
 * or the type is unknown, so a bad record never yields a `javascript:` link.
 */
export function actionHref(type: string | null | undefined, link: string | null | undefined): string | null {
  const value = link?.trim();
  if (!value) return null;
  const web = /^https?:\/\/\S+$/i.test(value);
  const path = /^\/(?![/\\])/.test(value);
  switch (type as ButtonActionType) {
    case 'PAGE':
    case 'LINK_NEW_TAB':
      return path || web ? value : null;
    case 'PHONENUMBER': {
      const digits = value.replace(/^tel:/i, '').replace(/[^\d+]/g, '');
      return /\d{3}/.test(digits) ? `tel:${digits}` : null;
    }
    case 'EMAIL': {
      const address = value.replace(/^mailto:/i, '');
      return /^[^\s@]+@[^\s@]+$/.test(address) ? `mailto:${address}` : null;
    }
    default:
      return null;
  }
}

export interface ActionButtonProps {
  text: string | null | undefined;
  type: string | null | undefined;
  link: string | null | undefined;
  /** The primary button is filled; the secondary is outlined. */
  secondary?: boolean;
  /** On the dark banner background the primary button uses the accent colour. */
  onDark?: boolean;
}

/** One CMS button; nothing without text or a usable link. */
export function ActionButton({ text, type, link, secondary = false, onDark = false }: ActionButtonProps) {
  const href = actionHref(type, link);
  const label = text?.trim();
  if (!label || !href) return null;
  const className = `btn ${secondary ? 'btn--ghost' : onDark ? 'btn--accent' : 'btn--primary'}`;
  if (type === 'LINK_NEW_TAB')
    return (
      <a className={className} href={href} target="_blank" rel="noopener noreferrer">
        {label}
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    );
  if (href.startsWith('/'))
    return (
      <Link className={className} to={href}>
        {label}
      </Link>
    );
  return (
    <a className={className} href={href}>
      {label}
    </a>
  );
}

/** The two buttons of a content section or banner item, as the API's contract names them. */
export type ButtonFields = Pick<
  ContentSection,
  'primaryButtonText' | 'primaryButtonActionType' | 'primaryButtonLink' | 'secondaryButtonText' | 'secondaryButtonActionType' | 'secondaryButtonLink'
>;

const shown = (text: string | null, type: string | null, link: string | null) => Boolean(text?.trim() && actionHref(type, link));

/** The primary and secondary buttons of a content section or banner item; nothing when neither shows. */
export function ActionButtons({ item, onDark }: { item: ButtonFields; onDark?: boolean }) {
  const p = [item.primaryButtonText, item.primaryButtonActionType, item.primaryButtonLink] as const;
  const s = [item.secondaryButtonText, item.secondaryButtonActionType, item.secondaryButtonLink] as const;
  if (!shown(...p) && !shown(...s)) return null;
  return (
    <div className="cs-actions">
      <ActionButton text={p[0]} type={p[1]} link={p[2]} onDark={onDark} />
      <ActionButton text={s[0]} type={s[1]} link={s[2]} secondary />
    </div>
  );
}
