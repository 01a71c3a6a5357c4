import type { SiteInfo } from '@deals/contract';
import { Modal } from '../Modal';
import { useSiteInfo } from '../../lib/siteInfo';
import './dealParts.css';

/**
 * App Store and Google Play badges as styled text links (no external images); a store whose link
 * is not configured is left out, and nothing renders when neither is.
 */
export function AppBadges({ info, className }: { info: Pick<SiteInfo, 'appStoreLink' | 'googlePlayStoreLink'> | null | undefined; className?: string }) {
  const badges = [
    { href: info?.appStoreLink, small: 'Download on the', big: 'App Store' },
    { href: info?.googlePlayStoreLink, small: 'Get it on', big: 'Google Play' },
  ].filter((badge) => badge.href);
  if (!badges.length) return null;
  return (
    <ul className={['app-badges', className].filter(Boolean).join(' ')}>
      {badges.map(({ href, small, big }) => (
        <li key={big}>
          <a className="app-badge" href={href ?? undefined} target="_blank" rel="noopener noreferrer">
            <small>{small}</small> <strong>{big}</strong>
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The like prompt (spec 001 §1): liking needs the mobile app, so point the visitor to the stores. */
export function AppDownloadModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const info = useSiteInfo();
  return (
    <Modal
      open={open}
      title="Like this Deal?"
      onClose={onClose}
      footer={
        <button type="button" className="btn btn--ghost" onClick={onClose}>
          Maybe Later
        </button>
      }
    >
      <p className="app-prompt__text">
        {`Download the ${info?.companyName ? `${info.companyName} ` : ''}app`} to like deals, keep your favourites in one place and hear about new deals first.
      </p>
      <AppBadges info={info} />
    </Modal>
  );
}
