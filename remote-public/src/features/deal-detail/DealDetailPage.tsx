import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { DealDetail } from '@deals/api/contract';
import { getJson } from '../../lib/http';
import { storeDealsPath } from '../../lib/links';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useFetched } from '../../lib/useFetched';
import { DealBadge } from '../deals/DealBadge';
import { DealPrices } from '../deals/DealPrices';
import { discountPercent, formatPrice } from '../deals/dealText';
import { LikeCounter } from '../deals/LikeCounter';
import { DEAL_LINK_REL, PromoCode } from '../deals/PromoCode';
import { useSiteInfo } from '../site/api';
import { DealGallery } from './DealGallery';
import { ReportIssueModal } from './ReportIssueModal';
import './DealDetailPage.css';

const postedOn = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
};

/** A search-result line for the deal: price, store, saving and the start of its description. */
function describe(deal: DealDetail): string {
  const discount = discountPercent(deal.currentPrice, deal.previousPrice);
  const head = `${deal.name} for ${formatPrice(deal.currentPrice)} at ${deal.category}${discount ? ` (${discount}% off)` : ''}${deal.promoCode ? ' with a promo code' : ''}.`;
  const text = `${head} ${deal.additionalInformation?.replace(/\s+/g, ' ').trim() ?? ''}`.trim();
  return text.length > 160 ? `${text.slice(0, 157).trimEnd()}…` : text;
}

/** `/deal/details/:id` (spec 000 §2 "Deal detail"). Failed loads show a friendly not-available state. */
export default function DealDetailPage() {
  const { id } = useParams();
  const productId = Number(id);
  const valid = Number.isInteger(productId) && productId > 0;
  const { data: deal, loading } = useFetched(valid ? `deal:${productId}` : null, (signal) =>
    getJson<DealDetail>('Product/GetProductDetailById', { productId }, signal),
  );
  const company = useSiteInfo()?.companyName || 'DealDrop';
  const shown = deal?.id === productId ? deal : undefined;
  const gone = !valid || (!loading && !shown);
  useDocumentTitle(
    shown ? `${shown.name} | ${company}` : gone ? `Deal not available | ${company}` : `Deal | ${company}`,
    shown ? describe(shown) : 'Deal details, price and promo code.',
  );
  if (gone)
    return (
      <section className="empty-state deal-detail__gone">
        <h1 className="page-title">This deal is no longer available</h1>
        <p>It may have expired or been removed. There are plenty of other deals waiting for you.</p>
        <Link className="btn btn--primary" to="/deals">
          Browse Latest Deals
        </Link>
      </section>
    );
  if (!shown) return <DetailSkeleton />;
  return <DealView key={shown.id} deal={shown} />;
}

function DealView({ deal }: { deal: DealDetail }) {
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
        <PromoCode code={deal.promoCode} link={deal.link} className="deal-detail__promo" />
        <p className="deal-detail__posted">
          Deal Posted On <time dateTime={deal.dateTimeAdded}>{postedOn(deal.dateTimeAdded)}</time>
        </p>
        <div className="deal-detail__actions">
          <a className="btn btn--primary" href={deal.link} target="_blank" rel={DEAL_LINK_REL}>
            Go to Product Deal
          </a>
          <button type="button" className="btn btn--ghost" onClick={() => setReporting(true)}>
            Report Issue
          </button>
        </div>
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
