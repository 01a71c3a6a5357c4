/** Small data helpers shared by route tests. */
import type { FastifyInstance } from 'fastify';
import { categories, type NewCategoryRow } from '../db/schema.js';

export async function insertStores(app: FastifyInstance, rows: NewCategoryRow[]): Promise<void> {
  await app.ready();
  await app.db.insert(categories).values(rows);
}
