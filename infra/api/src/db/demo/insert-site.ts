/** Inserts the demo site content: pages and blogs with their components, the menu and the footer. */
import { layoutForType } from '@deals/contract';
import { sanitizeCustomHtml, sanitizeRichText } from '../../lib/sanitize.js';
import { bannerItems, banners, contentSections, footerItems, menuItems, pageComponents, pages } from '../schema.js';
import { imageOf, pageBannerKey, type DemoImages } from './images.js';
import type { Transaction } from './insert-catalog.js';
import { DEMO_FOOTER, DEMO_MENU, DEMO_PAGES, type DemoBannerItem, type DemoMenuItem, type DemoPage, type DemoSection } from './site-content.js';

const DAY = 24 * 3_600_000;

/** The stored button columns; stored HTML goes through the editor's own sanitiser. */
function buttons(item: Pick<DemoSection, 'primary' | 'secondary'>) {
  return {
    primaryButtonText: item.primary?.[0] ?? null,
    primaryButtonActionType: item.primary?.[1] ?? null,
    primaryButtonLink: item.primary?.[2] ?? null,
    secondaryButtonText: item.secondary?.[0] ?? null,
    secondaryButtonActionType: item.secondary?.[1] ?? null,
    secondaryButtonLink: item.secondary?.[2] ?? null,
  };
}

const richText = (html: string | null) => (html === null ? null : sanitizeRichText(html));

/** The page or blog a section or banner was created from (the editor returns there). */
const owner = (page: DemoPage, id: number) => (page.isBlog ? { pageId: null, blogId: id } : { pageId: id, blogId: null });

async function insertSection(tx: Transaction, images: DemoImages, page: DemoPage, pageId: number, section: DemoSection): Promise<number> {
  const layout = layoutForType(section.type);
  const [row] = await tx
    .insert(contentSections)
    .values({
      ...owner(page, pageId),
      name: section.name,
      type: section.type,
      isActive: true,
      title: section.title,
      description: richText(section.description),
      rawHtml: section.rawHtml ? sanitizeCustomHtml(section.rawHtml) : null,
      alignment: layout.lockedAlignment ?? section.alignment ?? 'LEFT',
      imagePath: section.image ? imageOf(images, section.image) : null,
      isPadded: layout.isPadded,
      isFloatingCard: layout.isFloatingCard,
      isTextOnly: layout.isTextOnly,
      hasRoundedCorners: section.hasRoundedCorners ?? false,
      ...buttons(section),
    })
    .returning({ id: contentSections.id });
  if (!row) throw new Error('content section insert returned nothing');
  return row.id;
}

async function insertBanner(tx: Transaction, images: DemoImages, page: DemoPage, pageId: number, name: string, items: readonly DemoBannerItem[]): Promise<number> {
  const [row] = await tx.insert(banners).values({ ...owner(page, pageId), name, isActive: true }).returning({ id: banners.id });
  if (!row) throw new Error('banner insert returned nothing');
  const layout = layoutForType('CONTENT_SECTION_BANNER');
  await tx.insert(bannerItems).values(
    items.map((item, i) => ({
      bannerId: row.id,
      name: item.name,
      type: 'CONTENT_SECTION_BANNER',
      title: item.title,
      description: richText(item.description),
      alignment: item.alignment,
      imagePath: imageOf(images, item.image),
      isPadded: layout.isPadded,
      isFloatingCard: layout.isFloatingCard,
      isTextOnly: layout.isTextOnly,
      hasRoundedCorners: false,
      ...buttons(item),
      sortOrder: i + 1,
    })),
  );
  return row.id;
}

async function insertMenu(tx: Transaction, items: readonly DemoMenuItem[], pageIds: ReadonlyMap<string, number>, parentMenuItemId: number | null): Promise<void> {
  for (const [i, item] of items.entries()) {
    const pageId = item.pageUrl ? pageIds.get(item.pageUrl) : undefined;
    if (item.pageUrl && pageId === undefined) throw new Error(`demo menu item "${item.name}" refers to no demo page`);
    const [row] = await tx
      .insert(menuItems)
      .values({
        name: item.name,
        pageId: pageId ?? null,
        parentMenuItemId,
        customLink: item.customLink ?? null,
        openInNewTab: item.openInNewTab ?? false,
        isActive: true,
        sortOrder: i + 1,
      })
      .returning({ id: menuItems.id });
    if (!row) throw new Error('menu item insert returned nothing');
    if (item.children) await insertMenu(tx, item.children, pageIds, row.id);
  }
}

export async function insertSite(tx: Transaction, images: DemoImages, addedById: number | null, now: Date): Promise<void> {
  const pageIds = new Map<string, number>();
  for (const page of DEMO_PAGES) {
    const [row] = await tx
      .insert(pages)
      .values({
        isBlog: page.isBlog,
        name: page.name,
        title: page.title,
        url: page.url,
        isBannerVisible: true,
        bannerImageFilePath: imageOf(images, pageBannerKey(page.url)),
        bannerColor: page.bannerColor,
        keywords: page.keywords,
        description: page.description,
        isActive: true,
        addedById,
        addedOn: new Date(now.getTime() - page.addedDaysAgo * DAY),
      })
      .returning({ id: pages.id });
    if (!row) throw new Error('page insert returned nothing');
    pageIds.set(page.url, row.id);

    for (const [i, component] of page.components.entries()) {
      const target =
        'banner' in component
          ? { type: 'BANNER' as const, bannerId: await insertBanner(tx, images, page, row.id, component.banner.name, component.banner.items), contentSectionId: null }
          : { type: 'CONTENTSECTION' as const, contentSectionId: await insertSection(tx, images, page, row.id, component.section), bannerId: null };
      await tx.insert(pageComponents).values({ pageId: row.id, ...target, sortOrder: i + 1 });
    }
  }

  await insertMenu(tx, DEMO_MENU, pageIds, null);
  await tx.insert(footerItems).values(DEMO_FOOTER.map((item, i) => ({ ...item, sortOrder: i + 1 })));
}
