/** Content-section and banner-item rows as the API answers them (the editors and the public pages). */
import type { Alignment, BannerItem, ContentSection, ContentSectionType } from '@deals/contract';
import type { BannerItemRow, ContentSectionRow } from './schema.js';

export function toContentSection(row: ContentSectionRow): ContentSection {
  return {
    id: row.id,
    pageId: row.pageId,
    blogId: row.blogId,
    // Sections are not owned by a banner in this schema; the field stays for the client's shape.
    bannerId: null,
    name: row.name,
    type: row.type as ContentSectionType,
    isActive: row.isActive,
    title: row.title,
    description: row.description,
    rawHTML: row.rawHtml,
    imagePath: row.imagePath,
    alignment: row.alignment as Alignment,
    isPadded: row.isPadded,
    isFloatingCard: row.isFloatingCard,
    hasRoundedCorners: row.hasRoundedCorners,
    isTextOnly: row.isTextOnly,
    primaryButtonText: row.primaryButtonText,
    primaryButtonActionType: row.primaryButtonActionType,
    primaryButtonLink: row.primaryButtonLink,
    secondaryButtonText: row.secondaryButtonText,
    secondaryButtonActionType: row.secondaryButtonActionType,
    secondaryButtonLink: row.secondaryButtonLink,
  };
}

export function toBannerItem(row: BannerItemRow): BannerItem {
  return {
    id: row.id,
    bannerId: row.bannerId,
    name: row.name,
    type: row.type,
    title: row.title,
    description: row.description,
    imagePath: row.imagePath,
    sortOrder: row.sortOrder,
    alignment: row.alignment as Alignment,
    isPadded: row.isPadded,
    isFloatingCard: row.isFloatingCard,
    hasRoundedCorners: row.hasRoundedCorners,
    isTextOnly: row.isTextOnly,
    primaryButtonText: row.primaryButtonText,
    primaryButtonActionType: row.primaryButtonActionType,
    primaryButtonLink: row.primaryButtonLink,
    secondaryButtonText: row.secondaryButtonText,
    secondaryButtonActionType: row.secondaryButtonActionType,
    secondaryButtonLink: row.secondaryButtonLink,
  };
}
