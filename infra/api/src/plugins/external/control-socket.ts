/**
 * The one-process install's control socket (DATA_DIR/control.sock): `npm run backup` asks the
 * running server through it for a consistent dump of the embedded database, since only the
 * process that opened PGlite may read its folder. Claimed before the database opens, so a second
 * server started on the same DATA_DIR stops instead of corrupting the first one's database.
 * Only for PGlite in a folder of its own; PostgreSQL is backed up with its own tools.
 */
import fp from 'fastify-plugin';
import { pgliteClients } from '../../db/client.js';
import { dumpPglite } from '../../lib/backup-archive.js';
import { claimControlSocket, controlSocketPath, socketPathFits } from '../../lib/control-socket.js';
import type { AppOptions } from '../../options.js';

export default fp<AppOptions>(
  async (fastify, opts) => {
    const { database, dataDir } = opts;
    if (database.driver !== 'pglite' || !database.dataDir || database.client || !dataDir) return;
    const path = controlSocketPath(dataDir);
    if (!socketPathFits(path)) {
      fastify.log.warn({ path }, 'DATA_DIR is too long a path for the control socket: stop the server to back it up');
      return;
    }
    const socket = await claimControlSocket(
      path,
      // The database opens after this plugin; by the time a request comes, it is decorated.
      async () => {
        const client = pgliteClients.get(fastify.db);
        if (!client) throw new Error('the database is not open yet');
        return dumpPglite(client);
      },
      (error) => fastify.log.error({ err: error }, 'control socket request failed'),
    );
    fastify.log.info({ path }, 'control socket ready (backups)');
    // preClose: a shutdown stops taking backup requests first; onClose as well for a failed start.
    fastify.addHook('preClose', () => socket.close());
    fastify.addHook('onClose', () => socket.close());
  },
  { name: 'control-socket' },
);
