/** Fixtures for the content-section, banner and site-settings route tests. */
import type { FastifyInstance } from 'fastify';
import { pageComponents, pages } from '../db/schema.js';

let pageCounter = 0;

/** Inserts a page (or a blog with `isBlog`) directly; pages belong to another area's routes. */
export async function insertPage(app: FastifyInstance, { isBlog = false, name }: { isBlog?: boolean; name?: string } = {}): Promise<number> {
  await app.ready();
  pageCounter += 1;
  const [row] = await app.db
    .insert(pages)
    .values({ isBlog, name: name ?? `${isBlog ? 'Blog' : 'Page'} ${pageCounter}`, url: `/${isBlog ? 'blog' : 'page'}-${pageCounter}-${Date.now()}` })
    .returning({ id: pages.id });
  if (!row) throw new Error('page insert returned nothing');
  return row.id;
}

/** Assigns a content section or banner to a page or blog directly (page_components row). */
export async function assignComponent(app: FastifyInstance, pageId: number, target: { contentSectionId: number } | { bannerId: number }): Promise<void> {
  await app.db.insert(pageComponents).values({
    pageId,
    type: 'contentSectionId' in target ? 'CONTENTSECTION' : 'BANNER',
    ...target,
  });
}

/** The stored upload files (originals and renditions). */
export { storedKeys as storedFiles } from './uploads.js';

/** A valid Default content-section form. */
export function sectionFields(overrides: Record<string, string | number | boolean | null | undefined> = {}) {
  return {
    name: 'Spring Sale',
    type: 'CONTENT_SECTION_DEFAULT',
    isActive: true,
    title: 'Save big this spring',
    description: '<p>Deals on <strong>everything</strong>.</p>',
    alignment: 'CENTER',
    ...overrides,
  };
}

/** A valid banner-item form for `bannerId`. */
export function bannerItemFields(bannerId: number, overrides: Record<string, string | number | boolean | null | undefined> = {}) {
  return {
    bannerId,
    name: 'Slide',
    type: 'CONTENT_SECTION_FULLWIDTH',
    title: 'Big slide',
    description: '<p>Slide text</p>',
    alignment: 'LEFT',
    ...overrides,
  };
}
