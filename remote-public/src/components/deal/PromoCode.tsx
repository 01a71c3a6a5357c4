import { useEffect, useRef, useState } from 'react';
import { hasVotedToday } from '../../lib/dealFeedback';
import { CodeFeedback } from './CodeFeedback';
import './dealParts.css';

/** How every outbound deal link opens: a new tab, no opener, marked as a paid link. */
export const DEAL_LINK_REL = 'noopener noreferrer nofollow sponsored';
const COPIED_MS = 2000;

/** Copies with the Clipboard API, or a hidden textarea and execCommand where it is missing or refused. */
export async function copyText(text: string): Promise<void> {
  const fallback = () => {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.cssText = 'position:fixed;top:0;left:0;opacity:0';
    document.body.append(area);
    area.select();
    try {
      document.execCommand('copy');
    } finally {
      area.remove();
    }
  };
  if (navigator.clipboard?.writeText) await navigator.clipboard.writeText(text).catch(fallback);
  else fallback();
}

/**
 * The promo-code control (spec 000 §2): `PROMO CODE:` and the code, copied on click with
 * `COPIED!` for 2 s; without a code, `No Code Needed` and `Get Deal Now!` to the deal's link.
 * Given the deal's id, a copy also asks "Did this code work?" (unless answered today), and the
 * question stays until answered: the visitor tries the code at the store first.
 */
export function PromoCode({ code, link, className, productId }: { code: string | null | undefined; link: string; className?: string; productId?: number }) {
  const [copied, setCopied] = useState(false);
  const [asking, setAsking] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const classes = (kind: string) => ['promo', `promo--${kind}`, className].filter(Boolean).join(' ');
  const trimmed = code?.trim();
  if (!trimmed)
    return (
      <div className={classes('none')}>
        <span className="promo__none">No Code Needed</span>
        <a className="btn btn--accent promo__go" href={link} target="_blank" rel={DEAL_LINK_REL}>
          Get Deal Now!
        </a>
      </div>
    );
  const copy = () => {
    void copyText(trimmed).then(() => {
      setCopied(true);
      if (productId !== undefined && !hasVotedToday(productId)) setAsking(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPIED_MS);
    });
  };
  return (
    <div className={classes('code')}>
      <button type="button" className={`promo__button${copied ? ' promo__button--copied' : ''}`} onClick={copy}>
        <span className="promo__label">{copied ? 'COPIED!' : 'PROMO CODE:'}</span>
        <span className="promo__code">{trimmed}</span>
      </button>
      <span className="visually-hidden" role="status" aria-live="polite">
        {copied ? `Promo code ${trimmed} copied` : ''}
      </span>
      {asking && productId !== undefined && <CodeFeedback productId={productId} />}
    </div>
  );
}
