/** Fixtures for the page, blog, menu and footer route tests. */
import assert from 'node:assert/strict';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { bannerItems, banners, contentSections, pages } from '../db/schema.js';
import { MESSAGES } from '@deals/contract';
import type { TestStaff } from './staff.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A content section row, inserted directly (its routes belong to another controller). */
export async function insertContentSection(app: FastifyInstance, values: Partial<typeof contentSections.$inferInsert> = {}): Promise<number> {
  const [row] = await app.db
    .insert(contentSections)
    .values({ name: 'Section', type: 'CONTENT_SECTION_DEFAULT', title: 'A title', description: '<p>Text</p>', ...values })
    .returning({ id: contentSections.id });
  assert.ok(row);
  return row.id;
}

/** A banner with items (given in insertion order; their sortOrder decides the shown order). */
export async function insertBanner(
  app: FastifyInstance,
  values: Partial<typeof banners.$inferInsert> = {},
  items: Array<Partial<typeof bannerItems.$inferInsert>> = [],
): Promise<number> {
  const [row] = await app.db.insert(banners).values({ name: 'Banner', ...values }).returning({ id: banners.id });
  assert.ok(row);
  if (items.length > 0) await app.db.insert(bannerItems).values(items.map((item) => ({ title: 'Slide', ...item, bannerId: row.id })));
  return row.id;
}

/** A page or blog row, inserted directly (for tests of other calls). */
export async function insertPage(app: FastifyInstance, values: Partial<typeof pages.$inferInsert> & { url: string }): Promise<number> {
  const [row] = await app.db
    .insert(pages)
    .values({ name: `Page ${values.url}`, ...values })
    .returning({ id: pages.id });
  assert.ok(row);
  return row.id;
}

/** Whether a stored image and its WebP rendition are in the uploads store. */
export { isStoredWithRendition as imageOnDisk } from './uploads.js';

export interface RouteCall {
  method: Method;
  url: string;
  payload?: InjectOptions['payload'];
}

/**
 * Every call: anonymous → 401, a bad token → 401, staff → 403, each with a message, and
 * `unchanged` (a snapshot of what the call could write) stays the same.
 */
export async function assertAdminOnly(app: FastifyInstance, people: TestStaff, calls: RouteCall[], unchanged: () => Promise<unknown>): Promise<void> {
  const before = await unchanged();
  for (const call of calls) {
    const cells: Array<[string, Record<string, string>, number, string]> = [
      ['anonymous', {}, 401, MESSAGES.auth.required],
      ['bad token', { authorization: 'Bearer not.a.token' }, 401, MESSAGES.auth.invalidToken],
      ['staff', people.staff.headers, 403, MESSAGES.auth.forbidden],
    ];
    for (const [who, headers, status, message] of cells) {
      const res = await app.inject({ method: call.method, url: call.url, headers, ...(call.payload === undefined ? {} : { payload: call.payload }) });
      assert.equal(res.statusCode, status, `${who} ${call.method} ${call.url}`);
      assert.equal(res.json().message, message, `${who} ${call.method} ${call.url}`);
    }
  }
  assert.deepEqual(await unchanged(), before, 'a refused call wrote something');
}
