// Test data shaped like the API's answers (contract types keep them honest).
import type { BannerSummary, ContentSection, ContentSectionDetail, ContentSectionSnapshot, EditorialState } from '@deals/contract';

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

/** No draft, no schedule. */
export const NO_EDITS: EditorialState = { hasDraft: false, draftSavedAt: null, draftSavedBy: null, publishAt: null, unpublishAt: null, publishedAt: null };

/** When the drafts of the fixtures were saved, and by whom. */
export const DRAFT_SAVED = { at: '2026-05-03T14:07:00.000Z', by: 'Edda Editor' };

/** The published section's editable fields as a draft holds them (`rawHtml`, not `rawHTML`). */
export function snapshotOf(published: ContentSection): ContentSectionSnapshot {
  const { id: _id, pageId: _pageId, blogId: _blogId, bannerId: _bannerId, rawHTML, ...fields } = published;
  return { ...fields, rawHtml: rawHTML };
}

/** The section as GetContentSectionById answers it with a saved draft of these changes. */
export const withDraft = (published: ContentSection, changes: Partial<ContentSectionSnapshot>): ContentSectionDetail => ({
  ...published,
  hasDraft: true,
  draft: { ...snapshotOf(published), ...changes },
  editorial: { ...NO_EDITS, hasDraft: true, draftSavedAt: DRAFT_SAVED.at, draftSavedBy: DRAFT_SAVED.by },
});
