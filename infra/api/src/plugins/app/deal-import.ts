/** The CSV deal import's database side: what a check or a save of an uploaded file runs against. */
import fp from 'fastify-plugin';
import type { ImportContext } from '../../deal-import/run.js';

declare module 'fastify' {
  interface FastifyInstance {
    dealImport: {
      /** The import's context for one spooled file: the app's database with the file and its rules. */
      context(file: Omit<ImportContext, 'db'>): ImportContext;
    };
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate('dealImport', { context: (file: Omit<ImportContext, 'db'>) => ({ ...file, db: fastify.db }) });
  },
  { name: 'deal-import', dependencies: ['database'] },
);
