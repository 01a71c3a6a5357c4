/**
 * A featured section's deals (`FeaturedSection/GetFeaturedSectionProducts`) and the Add Deals
 * picker's page (`Product/GetAllProductsBySearchTerm?page=…`) as admin tables: rows as the spec
 * calls write them (`FeaturedSectionProduct`, `ProductSearchItem`).
 */
import { sql } from 'drizzle-orm';
import type { GetFeaturedSectionProductsQuery, ProductSearchTermQuery, SectionDealSortKey } from '@deals/contract';
import { containsPattern, type AdminTable } from './table.js';

/** The preview image, else the deal's first one (as the section detail shows it). */
const dealImage = sql.raw('(SELECT pi.file_path FROM product_images pi WHERE pi.product_id = p.id ORDER BY pi.is_preview_image DESC, pi.id LIMIT 1)');

export const SECTION_DEALS_TABLE: AdminTable<GetFeaturedSectionProductsQuery, SectionDealSortKey> = {
  id: sql`p.id`,
  from: (query, sortBy) => sql`FROM featured_section_products f
    JOIN products p ON p.id = f.product_id
    ${sortBy === 'category' ? sql`JOIN categories c ON c.id = p.category_id` : sql``}
    WHERE f.featured_section_id = ${query.featuredSectionId}
    ${query.name?.trim() ? sql`AND p.name ILIKE ${containsPattern(query.name.trim())}` : sql``}`,
  sort: {
    // The section's order, then when each deal was added, as the public section shows them.
    position: sql`(f.sort_order, f.created_at)`,
    name: sql`lower(p.name)`,
    category: sql`lower(c.name)`,
    promoCode: sql`lower(p.promo_code)`,
  },
  nullable: ['promoCode'],
  defaultSort: 'position',
  defaultOrder: 'asc',
  rowsJson: (page) => sql`
    SELECT coalesce(json_agg(json_build_object(
      'id', p.id, 'name', p.name, 'category', c.name,
      'productTypes', coalesce((
        SELECT json_agg(json_build_object('productTypeId', pt.id, 'name', pt.name) ORDER BY pt.sort_order, pt.name, pt.id)
        FROM product_product_types ppt JOIN product_types pt ON pt.id = ppt.product_type_id WHERE ppt.product_id = p.id), '[]'::json),
      'promoCode', p.promo_code, 'filePath', ${dealImage}, 'isActive', p.is_active
    ) ORDER BY page.n), '[]'::json)
    FROM ${page}
    JOIN products p ON p.id = page.id
    JOIN categories c ON c.id = p.category_id`,
};

/** The picker: deals whose name contains the term, newest first, leaving out the section's own. */
export const DEAL_PICKER_TABLE: AdminTable<ProductSearchTermQuery, 'dateTimeAdded'> = {
  id: sql`p.id`,
  from: (query) => sql`FROM products p WHERE true
    ${query.searchTerm?.trim() ? sql`AND p.name ILIKE ${containsPattern(query.searchTerm.trim())}` : sql``}
    ${
      query.excludeFeaturedSectionId
        ? sql`AND NOT EXISTS (SELECT 1 FROM featured_section_products f WHERE f.product_id = p.id AND f.featured_section_id = ${query.excludeFeaturedSectionId})`
        : sql``
    }`,
  sort: { dateTimeAdded: sql`p.date_time_added` },
  nullable: [],
  defaultSort: 'dateTimeAdded',
  defaultOrder: 'desc',
  rowsJson: (page) => sql`
    SELECT coalesce(json_agg(json_build_object(
      'id', p.id, 'name', p.name, 'imageUrl', img.file_path, 'category', c.name, 'promoCode', p.promo_code
    ) ORDER BY page.n), '[]'::json)
    FROM ${page}
    JOIN products p ON p.id = page.id
    JOIN categories c ON c.id = p.category_id
    LEFT JOIN product_images img ON img.product_id = p.id AND img.is_preview_image`,
};
