/** Seeds demo content on start when `demoData` is on (see db/demo-data.ts for the rules). */
import fp from 'fastify-plugin';
import { seedDemoData } from '../../db/demo-data.js';
import type { AppOptions } from '../../options.js';

export default fp<AppOptions>(
  async (fastify, opts) => {
    if (!opts.demoData) return;
    const { seeded } = await seedDemoData(fastify.db);
    fastify.log.info(seeded ? 'demo data seeded' : 'demo data skipped: the database already has content');
  },
  { name: 'demo-data', dependencies: ['database'] },
);
