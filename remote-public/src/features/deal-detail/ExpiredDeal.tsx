import { Link } from 'react-router-dom';
import type { DealAvailability, DealCard as Deal } from '@deals/contract';
import { NotFoundPage } from '../../components/NotFoundPage';
import { PageLoading } from '../../components/PageLoading';
import { storeDealsPath } from '../../lib/links';
import { expiredDealHead } from '../../lib/seo';
import { useHead, useSeoSite, useStatus } from '../../lib/ssr/head';
import { useApi } from '../../lib/ssr/useApi';
import { DealCard } from '../../components/deal/DealCard';
import { EMPTY_FILTER, searchBody } from '../../lib/dealFilter';

/** Live deals of the same store shown instead of an expired one. */
export const EXPIRED_ALTERNATIVES = 8;

/** An expired or switched-off deal: 410 Gone, not indexed, and the store's live deals instead. */
function GoneDeal({ deal }: { deal: DealAvailability }) {
  useStatus(410);
  useHead(expiredDealHead(useSeoSite(), deal));
  const { data } = useApi<Deal[]>({ method: 'POST', path: 'Home/SearchProduct', body: searchBody({ ...EMPTY_FILTER, stores: [deal.categoryId] }, 0) });
  const others = (Array.isArray(data) ? data : []).filter((other) => other.id !== deal.id).slice(0, EXPIRED_ALTERNATIVES);
  return (
    <section className="deal-expired">
      <div className="empty-state deal-detail__gone">
        <h1 className="page-title">This deal has expired</h1>
        <p>
          <strong>{deal.name}</strong> at {deal.category} is no longer available.
        </p>
        <Link className="btn btn--primary" to={storeDealsPath(deal.categoryId)}>
          See all {deal.category} deals
        </Link>
      </div>
      {others.length > 0 && (
        <section aria-labelledby="deal-expired-more">
          <h2 id="deal-expired-more">Live deals from {deal.category}</h2>
          <ul className="deal-expired__grid">
            {others.map((other) => (
              <li key={other.id}>
                <DealCard deal={other} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}

/** The detail call failed: an expired deal (410), an unknown one (404), or the API was unreachable. */
export function ExpiredDeal({ productId }: { productId: number }) {
  const { data, loading, error } = useApi<DealAvailability>({ method: 'GET', path: 'Home/GetDealAvailability', query: { productId } });
  if (loading) return <PageLoading />;
  if (data && !data.live) return <GoneDeal deal={data} />;
  if (error && (error as { status?: number }).status === 404) return <NotFoundPage />;
  return (
    <section className="empty-state deal-detail__gone">
      <h1 className="page-title">This deal is no longer available</h1>
      <p>It may have expired or been removed. There are plenty of other deals waiting for you.</p>
      <Link className="btn btn--primary" to="/deals">
        Browse Latest Deals
      </Link>
    </section>
  );
}
