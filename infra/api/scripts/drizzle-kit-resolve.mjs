// drizzle-kit is hoisted to the monorepo root while npm keeps drizzle-orm under infra/api
// (a peer-dependency conflict elsewhere), so drizzle-kit's own `import('drizzle-orm/…')` cannot
// see it. This hook resolves drizzle-orm from this package for every importer.
import { register } from 'node:module';

register(
  'data:text/javascript,' +
    encodeURIComponent(`
      const packageUrl = ${JSON.stringify(new URL('../package.json', import.meta.url).href)};
      export async function resolve(specifier, context, next) {
        if (specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/')) {
          return next(specifier, { ...context, parentURL: packageUrl });
        }
        return next(specifier, context);
      }
    `),
);
