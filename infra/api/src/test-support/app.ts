/** Builds the app for a test file on its own fresh database; `close` tears both down. */
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../app.js';
import { createTestDatabase } from './database.js';

export interface TestApp {
  app: FastifyInstance;
  close(): Promise<void>;
}

/**
 * Tests write fixtures straight into the database, past the staff routes that bump the content
 * version, so public caches are off unless a test turns them on (`env: { PUBLIC_CACHE_TTL_MS }`).
 */
const TEST_ENV = { PUBLIC_CACHE_TTL_MS: '0' };

export async function createTestApp(overrides: Partial<AppOptions> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const app = await buildApp({ database: database.options, logger: false, ...overrides, env: { ...TEST_ENV, ...overrides.env } });
  return {
    app,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}
