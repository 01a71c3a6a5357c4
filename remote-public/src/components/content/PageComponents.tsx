import type { RenderedComponent } from '@deals/contract';
import { Banner } from './Banner';
import { ContentSection, sectionHasImage } from './ContentSection';

export interface PageComponentsProps {
  components: readonly RenderedComponent[];
  /** Leave out Dynamic Banner content sections (spec 000 §2: hidden on /home). */
  hideDynamicBanners?: boolean;
  /** Load the first picture at once (false when a page banner above is the first picture). */
  eagerFirst?: boolean;
}

const hidden = (c: RenderedComponent, hideDynamicBanners: boolean) =>
  c.type === 'BANNER' ? !c.banner?.bannerItems.length : !c.contentSection || (hideDynamicBanners && c.contentSection.type === 'CONTENT_SECTION_DYNAMIC_BANNER');

const hasImage = (c: RenderedComponent) =>
  c.type === 'BANNER' ? Boolean(c.banner?.bannerItems.some((item) => item.imagePath)) : Boolean(c.contentSection && sectionHasImage(c.contentSection));

/** A page's or blog's components in their order: content sections and banners with their items. */
export function PageComponents({ components, hideDynamicBanners = false, eagerFirst = true }: PageComponentsProps) {
  const shown = components.filter((c) => !hidden(c, hideDynamicBanners));
  const eagerIndex = eagerFirst ? shown.findIndex(hasImage) : -1;
  return (
    <div className="page-components">
      {shown.map((c, i) =>
        c.type === 'BANNER' && c.banner ? (
          <Banner key={c.id} banner={c.banner} eager={i === eagerIndex} />
        ) : c.contentSection ? (
          <ContentSection key={c.id} section={c.contentSection} eager={i === eagerIndex} />
        ) : null,
      )}
    </div>
  );
}
