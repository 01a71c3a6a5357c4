/**
 * The content-sections screen's table: content sections and banners in one list (spec 2
 * §2). `GET ContentSection/GetAllContentSections` with `page` (or `pageSize`) answers one page of
 * both kinds matching these filters, sorted by these keys; `ContentSection/ExportContentSectionsCsv`
 * streams them all.
 */
import { Type, type Static } from '@sinclair/typebox';
import { IsActiveQuerySchema } from './common.ts';
import { CONTENT_SECTION_TYPES, type ContentSectionType } from './enums.ts';
import { TextFilter, tableExportQuerySchema, tableQuerySchema, type TableQuery } from './tables.ts';

export const SECTION_TABLE_KINDS = ['CONTENT_SECTION', 'BANNER'] as const;
export type SectionTableKind = (typeof SECTION_TABLE_KINDS)[number];

/** A banner's type in the table (the one type the banner picker offers). */
export const SECTION_TABLE_BANNER_TYPE: ContentSectionType = 'CONTENT_SECTION_DYNAMIC_BANNER';

/** Sorting keys of the table: kind (content sections first ascending, each by name), name, type (by its label), active. */
export const SECTION_TABLE_SORT_KEYS = ['kind', 'name', 'type', 'isActive'] as const;
export type SectionTableSortKey = (typeof SECTION_TABLE_SORT_KEYS)[number];

const oneOf = <T extends string>(name: string, values: readonly T[]) => {
  const message = `${name} must be one of ${values.join(', ')}`;
  return Type.Optional(Type.Unsafe<T>(Type.String({ enum: [...values], messages: { enum: message, type: message } })));
};

const SectionTableFilters = Type.Object({
  kind: oneOf('kind', SECTION_TABLE_KINDS),
  name: TextFilter(),
  /** The stored type (banners are Dynamic Banners). */
  type: oneOf('type', CONTENT_SECTION_TYPES),
});
export const SECTION_TABLE_FILTERS = SectionTableFilters.properties;
export type SectionTableQuery = TableQuery<SectionTableSortKey> & Static<typeof SectionTableFilters>;

/** A row of the table: a content section or a banner (ids are unique within a kind). */
export const SectionTableRowSchema = Type.Object({
  kind: Type.Unsafe<SectionTableKind>(Type.String({ enum: [...SECTION_TABLE_KINDS] })),
  id: Type.Integer(),
  name: Type.String(),
  type: Type.Unsafe<ContentSectionType>(Type.String({ enum: [...CONTENT_SECTION_TYPES] })),
  isActive: Type.Boolean(),
  /** Editorial drafts: "Changes not published" (a draft differs from the published record). */
  hasDraft: Type.Optional(Type.Boolean()),
  /** The scheduled publish and unpublish, if any. */
  publishAt: Type.Optional(Type.Union([Type.String({ format: 'date-time' }), Type.Null()])),
  unpublishAt: Type.Optional(Type.Union([Type.String({ format: 'date-time' }), Type.Null()])),
});
export type SectionTableRow = Static<typeof SectionTableRowSchema>;

/** `GET ContentSection/GetAllContentSections`: the spec's `isActive`, and the table's query. */
export const GetAllContentSectionsQuerySchema = tableQuerySchema(SECTION_TABLE_SORT_KEYS, { ...IsActiveQuerySchema.properties, ...SECTION_TABLE_FILTERS });
export type GetAllContentSectionsQuery = Static<typeof GetAllContentSectionsQuerySchema>;

/** Download CSV of the table (`GET ContentSection/ExportContentSectionsCsv`). */
export const ExportContentSectionsQuerySchema = tableExportQuerySchema(SECTION_TABLE_SORT_KEYS, { ...IsActiveQuerySchema.properties, ...SECTION_TABLE_FILTERS });
export type ExportContentSectionsQuery = Static<typeof ExportContentSectionsQuerySchema>;
