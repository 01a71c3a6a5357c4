import type { DynamicPage } from '@deals/contract';
import { SiteImage } from '../../lib/images';
import { formatBlogDate } from '../../lib/blogPosts';
import { PageComponents } from '../../components/content/PageComponents';
import './cms-pages.css';

/** The public banner colour when a page has none (spec 001 §3). */
export const PUBLIC_BANNER_COLOR = '#ffffff';

/** A CMS page or blog: its banner, title (and for blogs date and author), then its components in order. */
export function DynamicPageView({ page }: { page: DynamicPage }) {
  const banner = page.isBannerVisible && page.bannerImageFilePath;
  return (
    <article className="cms-page">
      {banner && (
        <div className="cms-page__banner" style={{ background: page.bannerColor || PUBLIC_BANNER_COLOR }}>
          <SiteImage filePath={page.bannerImageFilePath} alt="" width={1600} height={500} sizes="(max-width: 1280px) 100vw, 1240px" eager />
        </div>
      )}
      <header className="cms-page__head">
        <h1 className="page-title">{page.title || page.name}</h1>
        {page.isBlog && (
          <p className="cms-page__meta">
            <time dateTime={page.addedOn}>{formatBlogDate(page.addedOn)}</time>
            {page.addedBy && <span>By: {page.addedBy}</span>}
          </p>
        )}
      </header>
      {/* The first picture too, banner or not: a page banner is a short strip (16:5), so on a phone
          the first section's picture below it is usually the largest paint. */}
      <PageComponents components={page.pageContentSectionBanners} />
    </article>
  );
}
