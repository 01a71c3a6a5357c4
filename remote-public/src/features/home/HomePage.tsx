import { Link } from 'react-router-dom';
import type { SiteInfo } from '@deals/contract';
import { Carousel } from '../../components/Carousel';
import { WhenVisible } from '../../components/WhenVisible';
import { SiteImage } from '../../lib/images';
import { featuredDealsPath, storeDealsPath } from '../../lib/links';
import { homeHead } from '../../lib/seo';
import { useHead, useSeoSite } from '../../lib/ssr/head';
import { LatestBlogs } from '../blogs';
import { AppBadges } from '../../components/deal/AppDownloadModal';
import { DealCard } from '../../components/deal/DealCard';
import { useSiteInfo } from '../../lib/siteInfo';
import './HomePage.css';

// Spec 000 §2 "Home page extras", §9: banner 5 s, featured 4 / 3 under 1800 px / a scrolling list
// on phones (the next card peeks), store logos autoplay every 3 s on phones only.
const BANNER_MS = 5000;
const STORES_MS = 3000;
const FEATURED_PER_VIEW = { wide: 4, desktop: 3, tablet: 3, phone: 1.5 };
const STORES_PER_VIEW = { wide: 8, desktop: 6, tablet: 4, phone: 2.5 };

/** Deals per home carousel: a row's first screens; View All opens the whole section. */
const HOME_DEALS_PER_SECTION = 12;

type Section = SiteInfo['featuredSections'][number];

/** A placeholder row of the final size (while site info loads, and below the fold until scrolled near). */
function SkeletonRow() {
  return (
    <div className="home-row" aria-hidden="true">
      <div className="home-row__head">
        <span className="home-skel home-skel--title" />
      </div>
      <div className="home-skel-row">
        {[0, 1, 2, 3].map((card) => (
          <span key={card} className="home-skel home-skel--card" />
        ))}
      </div>
    </div>
  );
}

/** Featured rows in the server's HTML; the first screen never holds more. */
const PRERENDERED_ROWS = 2;

/** The auto-rotating banner: one slide per featured section with an image (2:1), linking to its deals. */
function Hero({ slides }: { slides: Section[] | undefined }) {
  if (slides && !slides.length) return null;
  return (
    <div className={`home-hero${slides && slides.length < 2 ? ' home-hero--single' : ''}`}>
      {slides ? (
        <Carousel label="Featured deals" autoplayMs={BANNER_MS} dots>
          {slides.map((section, index) => (
            <Link key={section.id} className="home-hero__slide" to={featuredDealsPath(section)}>
              <span className="home-hero__media">
                <SiteImage
                  filePath={section.imageFilePath}
                  alt=""
                  width={800}
                  height={400}
                  sizes="(max-width: 1024px) 100vw, 900px"
                  maxWidth={960}
                  eager={index === 0}
                />
              </span>
              <span className="home-hero__caption">
                {section.name} <span aria-hidden="true">›</span>
              </span>
            </Link>
          ))}
        </Carousel>
      ) : (
        <div className="home-hero__skeleton" aria-hidden="true">
          <span className="home-hero__media home-skel" />
          <span className="home-hero__caption" />
        </div>
      )}
    </div>
  );
}

function FeaturedRow({ section }: { section: Section }) {
  const headingId = `home-featured-${section.id}`;
  return (
    <section className="home-row home-row--deals" aria-labelledby={headingId}>
      <div className="home-row__head">
        <h2 id={headingId}>{section.name}</h2>
        <Link to={featuredDealsPath(section)}>
          View All<span className="visually-hidden"> {section.name}</span>
        </Link>
      </div>
      <Carousel label={`${section.name} deals`} perView={FEATURED_PER_VIEW}>
        {section.products.slice(0, HOME_DEALS_PER_SECTION).map((deal) => (
          <DealCard key={deal.id} deal={deal} />
        ))}
      </Carousel>
    </section>
  );
}

/** `/home`: banner and latest blogs, featured-section carousels, store logos, the app call to action. */
export default function HomePage() {
  const info = useSiteInfo();
  const company = info?.companyName || 'DealDrop';
  useHead(homeHead(useSeoSite()));
  const sections = info?.featuredSections ?? [];
  const stores = info?.stores ?? [];
  return (
    <div className="home">
      <h1 className="visually-hidden">{company}: deals and promo codes</h1>
      <div className="home-top">
        <Hero slides={info === undefined ? undefined : sections.filter((section) => section.imageFilePath)} />
        <div className="home-top__blogs">
          <LatestBlogs />
        </div>
      </div>

      {info === undefined ? (
        <>
          <SkeletonRow />
          <SkeletonRow />
        </>
      ) : (
        sections
          .filter((section) => section.products.length)
          .map((section, index) => (
            // The server sends the first rows (the first screen, and what a link preview or a
            // crawler reads first); the rest are drawn when scrolled near, hydrated only then.
            <WhenVisible key={section.id} placeholder={<SkeletonRow />} prerender={index < PRERENDERED_ROWS}>
              <FeaturedRow section={section} />
            </WhenVisible>
          ))
      )}

      {stores.length > 0 && (
        <section className="home-row home-stores" aria-labelledby="home-stores">
          <div className="home-row__head">
            <h2 id="home-stores">Shop by Store</h2>
            <Link to="/stores">All Stores</Link>
          </div>
          <Carousel label="Store logos" perView={STORES_PER_VIEW} autoplayMs={STORES_MS} autoplayBelow={768}>
            {stores.map((store) => (
              <Link key={store.id} className="home-stores__logo" to={storeDealsPath(store.id)}>
                <SiteImage filePath={store.imageFilePath} alt={store.name} width={400} height={200} sizes="(max-width: 480px) 40vw, 200px" maxWidth={480} />
              </Link>
            ))}
          </Carousel>
        </section>
      )}

      <section className="home-cta" aria-labelledby="home-cta">
        <h2 id="home-cta">Work Hard. Shop Harder.</h2>
        <p>Get the {company} app to like deals, keep your favourites in one place and hear about the best prices first.</p>
        <AppBadges info={info} className="home-cta__badges" />
      </section>
    </div>
  );
}
