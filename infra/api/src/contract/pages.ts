/** Pages, blogs (one table, `isBlog`), their ordered components, menu items and footer items. */
import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from './common.js';
import { COMPONENT_TYPES } from './enums.js';
import { BannerSchema, ContentSectionSchema } from './sections.js';

export const ComponentTypeSchema = Type.Unsafe<(typeof COMPONENT_TYPES)[number]>(Type.String({ enum: [...COMPONENT_TYPES] }));

/**
 * One entry of a page's or blog's component list as the editor shows it (`contentSections[]` in
 * the spec): `id` is the assignment id (`contentSectionBannerId` of the Unassign calls).
 */
export const PageComponentSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  type: ComponentTypeSchema,
  bannerId: Nullable(Type.Integer()),
  contentSectionId: Nullable(Type.Integer()),
  sortOrder: Type.Integer(),
});
export type PageComponent = Static<typeof PageComponentSchema>;

/**
 * One component as the public site renders it (`pageContentSectionBanners[]`): the content
 * section or the banner with its items, in page order.
 */
export const RenderedComponentSchema = Type.Object({
  id: Type.Integer(),
  type: ComponentTypeSchema,
  bannerId: Nullable(Type.Integer()),
  banner: Nullable(BannerSchema),
  contentSectionId: Nullable(Type.Integer()),
  contentSection: Nullable(ContentSectionSchema),
});
export type RenderedComponent = Static<typeof RenderedComponentSchema>;
