import type { ContentSection as Section } from '@deals/contract';
import { SiteImage } from '../../lib/images';
import { ActionButtons } from './ActionButton';
import { DynamicBanner } from './Banner';
import { alignOf } from './layout';
import './ContentSection.css';

/** Layout class per stored type (spec 001 §3, §4); the dynamic banner and custom HTML have their own renderers. */
const LAYOUTS: Record<string, string> = {
  CONTENT_SECTION_DEFAULT: 'default',
  CONTENT_SECTION_REVERSED: 'reversed',
  CONTENT_SECTION_FULLWIDTH: 'fullwidth',
  CONTENT_SECTION_FULLWIDTH_PADDED: 'fullwidth-padded',
  CONTENT_SECTION_TEXTONLY: 'textonly',
  CONTENT_SECTION_CARD: 'card',
  CONTENT_SECTION_BANNER: 'banner',
};

/** Images and `sizes` per layout: side-by-side halves, or the page width. */
const SIDE_SIZES = '(max-width: 768px) 100vw, 620px';
const WIDE_SIZES = '(max-width: 1280px) 100vw, 1240px';

/** True when the section draws a picture (PageComponents loads the first such one eagerly). */
export function sectionHasImage(section: Section): boolean {
  return Boolean(section.imagePath) && !section.isTextOnly && section.type !== 'CONTENT_SECTION_TEXTONLY' && section.type !== 'CONTENT_SECTION_CUSTOM';
}

/**
 * One content section as the public site draws it: the type picks the layout, `alignment` the
 * text alignment, and the flags add padding, a floating card, rounded corners or drop the image.
 * `description` and `rawHTML` arrive sanitised by the server. An unknown type shows "Loading..." (spec 001 §8).
 */
export function ContentSection({ section, eager = false }: { section: Section; eager?: boolean }) {
  if (section.type === 'CONTENT_SECTION_DYNAMIC_BANNER') return <DynamicBanner label={section.title || section.name} items={[section]} eager={eager} />;
  if (section.type === 'CONTENT_SECTION_CUSTOM') return <div className="cs cs--custom rich-text" dangerouslySetInnerHTML={{ __html: section.rawHTML ?? '' }} />;
  const layout = LAYOUTS[section.type];
  if (!layout) return <p className="cs cs--unknown">Loading...</p>;
  const image = sectionHasImage(section);
  const classes = [
    'cs',
    `cs--${layout}`,
    `cs--align-${alignOf(section.alignment)}`,
    section.isPadded && 'cs--padded',
    section.isFloatingCard && 'cs--floating',
    section.hasRoundedCorners && 'cs--rounded',
    !image && 'cs--no-image',
  ];
  const side = layout === 'default' || layout === 'reversed';
  return (
    <section className={classes.filter(Boolean).join(' ')}>
      {image && (
        <div className="cs__media">
          <SiteImage filePath={section.imagePath} alt="" width={side ? 960 : 1600} height={side ? 640 : 700} sizes={side ? SIDE_SIZES : WIDE_SIZES} eager={eager} />
        </div>
      )}
      <div className="cs__body">
        {section.title && <h2 className="cs__title">{section.title}</h2>}
        {section.description && <div className="rich-text" dangerouslySetInnerHTML={{ __html: section.description }} />}
        <ActionButtons item={section} onDark={layout === 'banner'} />
      </div>
    </section>
  );
}
