/** Builds the app for a test file on its own fresh database; `close` tears both down. */
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../app.js';
import { createTestDatabase } from './database.js';

export interface TestApp {
  app: FastifyInstance;
  close(): Promise<void>;
}

export async function createTestApp(overrides: Partial<AppOptions> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const app = await buildApp({ database: database.options, logger: false, env: {}, ...overrides });
  return {
    app,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}
