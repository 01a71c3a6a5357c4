import { Link } from 'react-router-dom';
import type { DealCard as DealCardData } from '@deals/contract';
import { SiteImage } from '../../lib/images';
import { clickOutPath, dealPath } from '../../lib/links';
import { DealBadge } from './DealBadge';
import { DealPrices } from './DealPrices';
import { lifetimeLabel } from '../../lib/dealText';
import { useClock } from '../../lib/ssr/clock';
import { LikeCounter } from './LikeCounter';
import { PromoCode } from './PromoCode';
import { TrustLine } from './TrustLine';
import './DealCard.css';

/**
 * A deal in a grid or carousel (spec 000 §2 "Deal card", spec 001 §1): image with badge and
 * discount, name (the whole card links to the detail), prices, countdown, likes and the promo
 * code. Every row keeps its height whatever the deal has, so cards line up. A "Hot" badge when the
 * deal reached the site's threshold of recent clicks (unique clicks of the last 24 h, the number
 * set in the site settings); the store link goes through `/out/{id}` so the click is counted.
 * The trust line (verified, success rate) sits above the code it speaks of, only when the deal has
 * one; the code keeps to the card's foot, so codes still line up across a row.
 */
export function DealCard({ deal, eager }: { deal: DealCardData; eager?: boolean }) {
  // The server's render time while hydrating, so a cached page's countdown hydrates as rendered.
  const { now } = useClock();
  const label = lifetimeLabel(deal.dealExpiresIn, new Date(now));
  return (
    <article className="deal-card">
      <div className="deal-card__media">
        <SiteImage
          filePath={deal.filePath}
          alt={deal.name}
          width={400}
          height={400}
          sizes="(max-width: 599px) 50vw, (max-width: 1023px) 33vw, 300px"
          maxWidth={640}
          eager={eager}
        />
        <DealBadge text={deal.badgeText} color={deal.badgeColor} className="deal-card__badge" />
        {deal.hot && (
          <span className="deal-card__hot" title="Many visitors opened this deal in the last 24 hours">
            Hot
          </span>
        )}
      </div>
      <div className="deal-card__body">
        <Link className="deal-card__name" to={dealPath(deal.id)}>
          {deal.name}
        </Link>
        <DealPrices currentPrice={deal.currentPrice} previousPrice={deal.previousPrice} block="deal-card" saving={(percent) => `${percent}% off`} savingClass="deal-card__off" />
        <div className="deal-card__meta">
          <span className="deal-card__time">{label}</span>
          <LikeCounter likes={deal.likes} className="deal-card__like" />
        </div>
        <TrustLine deal={deal} className="deal-card__trust" />
        <PromoCode code={deal.promoCode} link={clickOutPath(deal.id)} className="deal-card__promo" productId={deal.id} />
      </div>
    </article>
  );
}
