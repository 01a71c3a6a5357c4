import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { DealDetail } from '@deals/contract';
import { NotFoundPage } from '../../components/NotFoundPage';
import { clickOutPath, storeDealsPath } from '../../lib/links';
import { dealHead } from '../../lib/seo';
import { useHead, useSeoSite } from '../../lib/ssr/head';
import { useApi } from '../../lib/ssr/useApi';
import { DealBadge } from '../../components/deal/DealBadge';
import { DealPrices } from '../../components/deal/DealPrices';
import { LikeCounter } from '../../components/deal/LikeCounter';
import { DEAL_LINK_REL, PromoCode } from '../../components/deal/PromoCode';
import { TrustLine } from '../../components/deal/TrustLine';
import { EmailAlertsButton } from '../email-alerts';
import { DealGallery } from './DealGallery';
import { ExpiredDeal } from './ExpiredDeal';
import { ReportIssueModal } from './ReportIssueModal';
import './DealDetailPage.css';

const postedOn = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
};

/**
 * `/deal/details/:id` (spec 000 §2 "Deal detail"). A deal that is not live (expired, not started,
 * switched off) is Gone with the store's live deals instead; an unknown id is Not Found.
 */
export default function DealDetailPage() {
  const { id } = useParams();
  const productId = Number(id);
  const valid = Number.isInteger(productId) && productId > 0 && String(productId) === id;
  const { data: deal, loading, error } = useApi<DealDetail>(valid ? { method: 'GET', path: 'Product/GetProductDetailById', query: { productId } } : null);
  const shown = deal?.id === productId ? deal : undefined;
  if (!valid) return <NotFoundPage />;
  if (shown) return <DealView key={shown.id} deal={shown} />;
  if (loading || !error) return <DetailSkeleton />;
  return <ExpiredDeal productId={productId} />;
}

function DealView({ deal }: { deal: DealDetail }) {
  useHead(dealHead(useSeoSite(), deal));
  const [reporting, setReporting] = useState<boolean | null>(null);
  const images = deal.images.length ? deal.images.map((image) => image.filePath) : deal.filePath ? [deal.filePath] : [];
  const types = deal.productTypes.length ? deal.productTypes.map((type) => type.name) : deal.productType ? [deal.productType] : [];
  return (
    <article className="deal-detail">
      <DealGallery name={deal.name} images={images} />
      <div className="deal-detail__info">
        <div className="deal-detail__top">
          <DealBadge text={deal.badgeText} color={deal.badgeColor} />
          <LikeCounter likes={deal.likes} className="deal-detail__like" />
        </div>
        <h1 className="deal-detail__name">{deal.name}</h1>
        <p className="deal-detail__store">
          <span className="muted">Store: </span>
          <Link to={storeDealsPath(deal.categoryId)}>{deal.category}</Link>
        </p>
        {types.length > 0 && (
          <ul className="deal-detail__types" aria-label="Product type">
            {types.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        )}
        <DealPrices currentPrice={deal.currentPrice} previousPrice={deal.previousPrice} block="deal-detail" saving={(percent) => `Save ${percent}%`} savingClass="deal-detail__save" />
        <PromoCode code={deal.promoCode} link={clickOutPath(deal.id)} className="deal-detail__promo" productId={deal.id} />
        <TrustLine deal={deal} className="deal-detail__trust" />
        <p className="deal-detail__posted">
          Deal Posted On <time dateTime={deal.dateTimeAdded}>{postedOn(deal.dateTimeAdded)}</time>
        </p>
        <div className="deal-detail__actions">
          <a className="btn btn--primary" href={clickOutPath(deal.id)} target="_blank" rel={DEAL_LINK_REL}>
            Go to Product Deal
          </a>
          <button type="button" className="btn btn--ghost" onClick={() => setReporting(true)}>
            Report Issue
          </button>
        </div>
        <EmailAlertsButton look="link" label={`Email me new ${deal.category} deals`} title="Deal alerts by email" stores={[{ id: deal.categoryId, name: deal.category }]} className="deal-detail__email" />
      </div>
      <section className="deal-detail__about" aria-labelledby="deal-about">
        <h2 id="deal-about">About this item</h2>
        {deal.additionalInformation?.trim() ? (
          <p className="deal-detail__text">{deal.additionalInformation}</p>
        ) : (
          <p className="muted">The store&apos;s page has the full details of this item.</p>
        )}
      </section>
      {reporting !== null && <ReportIssueModal open={reporting} onClose={() => setReporting(false)} deal={deal} />}
    </article>
  );
}

/** The page's final shape in grey while the deal loads (no layout jump when it arrives). */
function DetailSkeleton() {
  return (
    <div className="deal-detail deal-detail--loading" role="status" aria-live="polite">
      <span className="visually-hidden">Loading deal…</span>
      <div className="deal-gallery">
        <div className="deal-gallery__main skeleton" />
      </div>
      <div className="deal-detail__info">
        {[28, 72, 24, 40, 60, 24, 44].map((height, index) => (
          <div key={index} className="skeleton" style={{ height, width: index === 1 ? '90%' : index % 2 ? '50%' : '70%' }} />
        ))}
      </div>
    </div>
  );
}
