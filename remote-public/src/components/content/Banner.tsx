import type { BannerItem, Banner as BannerRecord } from '@deals/contract';
import { DYNAMIC_BANNER_BACKGROUND } from '@deals/contract/limits';
import { Carousel } from '../Carousel';
import { SiteImage } from '../../lib/images';
import { ActionButtons, type ButtonFields } from './ActionButton';
import { alignOf } from './layout';
import './Banner.css';

/** What a slide shows: a banner item, or a Dynamic Banner content section (same fields). */
export type SlideItem = Pick<BannerItem, 'id' | 'title' | 'description' | 'imagePath' | 'alignment'> & ButtonFields;

/** One slide: text on the brand background beside (or, centred, above) its wide picture. */
export function BannerSlide({ item, eager = false }: { item: SlideItem; eager?: boolean }) {
  return (
    <div className={`dyn-slide dyn-slide--${alignOf(item.alignment)}${item.imagePath ? '' : ' dyn-slide--text'}`}>
      <div className="dyn-slide__body">
        {item.title && <h2 className="dyn-slide__title">{item.title}</h2>}
        {item.description && <div className="rich-text" dangerouslySetInnerHTML={{ __html: item.description }} />}
        <ActionButtons item={item} onDark />
      </div>
      {item.imagePath && (
        <div className="dyn-slide__media">
          <SiteImage filePath={item.imagePath} alt="" width={1600} height={500} sizes="(max-width: 900px) 100vw, 760px" eager={eager} />
        </div>
      )}
    </div>
  );
}

/** The dynamic banner (spec 001 §9): slides rotating every 5 s with dots, on #213c63 with white text. */
export function DynamicBanner({ label, items, eager = false }: { label: string; items: readonly SlideItem[]; eager?: boolean }) {
  if (!items.length) return null;
  return (
    <div className="dyn-banner" style={{ background: DYNAMIC_BANNER_BACKGROUND }}>
      <Carousel label={label} autoplayMs={5000} dots>
        {items.map((item, i) => (
          <BannerSlide key={item.id} item={item} eager={eager && i === 0} />
        ))}
      </Carousel>
    </div>
  );
}

/** A banner component of a page or blog with its items in their sort order. */
export function Banner({ banner, eager = false }: { banner: BannerRecord; eager?: boolean }) {
  const items = [...banner.bannerItems].sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id);
  return <DynamicBanner label={banner.name} items={items} eager={eager} />;
}
