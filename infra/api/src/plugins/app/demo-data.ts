/** Seeds demo content on start when `demoData` is on (see db/demo-data.ts for the rules). */
import fp from 'fastify-plugin';
import { seedDemoData } from '../../db/demo-data.js';
import { DEPLOYMENT_LOCKS, withDeploymentLock } from '../../db/deployment-lock.js';
import type { AppOptions } from '../../options.js';

export default fp<AppOptions>(
  async (fastify, opts) => {
    if (!opts.demoData) return;
    const started = performance.now();
    // One instance seeds while the others wait: a loser of the seed's own race would release the
    // pictures the winner is about to commit (they share content-hashed names in one store).
    const { seeded } = await withDeploymentLock(opts.database, DEPLOYMENT_LOCKS.demoData, () => seedDemoData(fastify.db, fastify.images));
    const ms = Math.round(performance.now() - started);
    fastify.log.info({ ms }, seeded ? 'demo data seeded' : 'demo data skipped: the database already has content');
  },
  // After the first admin, so the demo deals and pages are attributed to them.
  { name: 'demo-data', dependencies: ['database', 'images', 'first-admin'] },
);
