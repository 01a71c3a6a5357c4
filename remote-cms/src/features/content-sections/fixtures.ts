// Test data shaped like the API's answers (contract types keep them honest).
import type { BannerSummary, ContentSection } from '@deals/api/contract';

export const section = (overrides: Partial<ContentSection> = {}): ContentSection => ({
  id: 7,
  pageId: null,
  blogId: null,
  bannerId: null,
  name: 'About us',
  type: 'CONTENT_SECTION_DEFAULT',
  isActive: true,
  title: 'Who we are',
  description: '<p>We find deals.</p>',
  rawHTML: null,
  alignment: 'LEFT',
  imagePath: 'about.jpg',
  isPadded: false,
  isFloatingCard: false,
  hasRoundedCorners: true,
  isTextOnly: false,
  primaryButtonText: 'Shop now',
  primaryButtonActionType: 'PAGE',
  primaryButtonLink: '/deals',
  secondaryButtonText: null,
  secondaryButtonActionType: null,
  secondaryButtonLink: null,
  ...overrides,
});

export const SECTIONS: ContentSection[] = [
  section(),
  section({ id: 8, name: 'Our story', type: 'CONTENT_SECTION_TEXTONLY', isActive: false, isTextOnly: true, imagePath: null }),
];

export const BANNERS: BannerSummary[] = [{ id: 3, name: 'Holiday slides', isActive: true, pageId: null, blogId: null, bannerItemCount: 2 }];
