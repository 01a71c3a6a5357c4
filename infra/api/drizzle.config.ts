import { defineConfig } from 'drizzle-kit';

// Only `generate` is used: migrations are applied by the server itself on start (see src/db/client.ts),
// so no database credentials are needed here.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
