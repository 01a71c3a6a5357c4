import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useSiteInfo } from '../site/api';

export function HomePage() {
  const info = useSiteInfo();
  useDocumentTitle(`${info?.companyName ?? 'DealDrop'}: deals and promo codes`, "Today's best deals and promo codes from the online stores you love.");
  return (
    <>
      <section className="home-hero">
        <h1>Work Hard. Shop Harder.</h1>
        <p>Hand-picked deals and promo codes from the stores you love, updated every day.</p>
        <Link className="home-cta" to="/deals">
          Browse Latest Deals
        </Link>
      </section>
      <section aria-labelledby="stores-heading" className="home-stores">
        <h2 id="stores-heading">Popular Stores</h2>
        {info === undefined ? (
          <p className="muted">Loading stores…</p>
        ) : info?.stores.length ? (
          <ul className="store-grid">
            {info.stores.map((store) => (
              <li key={store.id}>
                <Link to={`/deals?categories=${store.id}`}>{store.name}</Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">No stores yet.</p>
        )}
      </section>
    </>
  );
}
