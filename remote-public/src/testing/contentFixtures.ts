// Test support only: content records in the API's shapes.
import type { Banner, BannerItem, ContentSection, DynamicPage, RenderedComponent } from '@deals/contract';

const noButtons = {
  primaryButtonText: null,
  primaryButtonActionType: null,
  primaryButtonLink: null,
  secondaryButtonText: null,
  secondaryButtonActionType: null,
  secondaryButtonLink: null,
};

export function aSection(overrides: Partial<ContentSection> = {}): ContentSection {
  return {
    id: 1,
    pageId: 1,
    blogId: null,
    bannerId: null,
    name: 'Section',
    type: 'CONTENT_SECTION_DEFAULT',
    isActive: true,
    title: 'Section title',
    description: '<p>Section text</p>',
    rawHTML: null,
    imagePath: 'section.png',
    alignment: 'LEFT',
    isPadded: false,
    isFloatingCard: false,
    hasRoundedCorners: false,
    isTextOnly: false,
    ...noButtons,
    ...overrides,
  };
}

export function anItem(overrides: Partial<BannerItem> = {}): BannerItem {
  return {
    id: 1,
    bannerId: 1,
    name: 'Item',
    type: 'CONTENT_SECTION_BANNER',
    title: 'Item title',
    description: '<p>Item text</p>',
    imagePath: 'item.png',
    sortOrder: 1,
    alignment: 'LEFT',
    isPadded: false,
    isFloatingCard: false,
    hasRoundedCorners: false,
    isTextOnly: false,
    ...noButtons,
    ...overrides,
  };
}

export function aBanner(items: BannerItem[], overrides: Partial<Banner> = {}): Banner {
  return { id: 1, name: 'Highlights', isActive: true, pageId: 1, blogId: null, bannerItems: items, ...overrides };
}

export const sectionComponent = (id: number, section: ContentSection): RenderedComponent => ({
  id,
  type: 'CONTENTSECTION',
  bannerId: null,
  banner: null,
  contentSectionId: section.id,
  contentSection: section,
});

export const bannerComponent = (id: number, banner: Banner): RenderedComponent => ({
  id,
  type: 'BANNER',
  bannerId: banner.id,
  banner,
  contentSectionId: null,
  contentSection: null,
});

export function aPage(overrides: Partial<DynamicPage> = {}): DynamicPage {
  return {
    id: 7,
    name: 'About Us',
    title: 'About DealDrop',
    url: '/about-us',
    isBannerVisible: true,
    bannerImageFilePath: 'banner.png',
    bannerColor: '#0b5345',
    keywords: null,
    description: 'Who we are.',
    isBlog: false,
    addedBy: 'Ann Editor',
    addedOn: '2024-05-06T10:00:00.000Z',
    pageContentSectionBanners: [sectionComponent(1, aSection())],
    ...overrides,
  };
}
