/**
 * The control socket: only its owner may connect, a second claimant is refused while the first
 * lives, a crashed owner's socket file is taken over, and a dump travels whole and loads again.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { lstat, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { PGlite } from '@electric-sql/pglite';
import { dumpPglite, loadDatabase } from './backup-archive.js';
import { claimControlSocket, controlSocketPath, DataDirInUseError, requestDump } from './control-socket.js';

describe('control socket', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'deals-control-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('serves a consistent dump to its owner only, refuses a second claimant, and is removed on close', async () => {
    const source = new PGlite();
    await source.exec(`CREATE TABLE notes (id int PRIMARY KEY, body text); INSERT INTO notes VALUES (1, 'before the dump');`);
    const path = controlSocketPath(join(dir, 'data'));
    const socket = await claimControlSocket(path, () => dumpPglite(source));
    try {
      assert.equal((await stat(path)).mode & 0o777, 0o600, 'only the owner may connect');
      await assert.rejects(claimControlSocket(path, () => dumpPglite(source)), DataDirInUseError);

      const dump = await requestDump(path);
      assert.ok(dump);
      assert.match(dump.serverVersion, /^\d+/);
      assert.equal(dump.migrations, 0);
      const restoredDir = join(dir, 'restored');
      await loadDatabase(dump.bytes, restoredDir);
      const reopened = new PGlite(restoredDir);
      try {
        assert.deepEqual((await reopened.query('SELECT body FROM notes')).rows, [{ body: 'before the dump' }]);
      } finally {
        await reopened.close();
      }
    } finally {
      await socket.close();
      await source.close();
    }
    assert.equal(await lstat(path).catch(() => null), null, 'the socket file is removed on close');
    assert.equal(await requestDump(path), null, 'without an owner there is nobody to ask');
  });

  it('takes over the socket file of an owner that crashed', async () => {
    const path = controlSocketPath(dir);
    // A process that listens on the path and dies without cleaning up.
    const crashed = spawn(process.execPath, ['-e', `require('net').createServer().listen(${JSON.stringify(path)}, () => process.kill(process.pid, 'SIGKILL'))`]);
    await once(crashed, 'exit');
    assert.ok((await lstat(path)).isSocket(), 'a stale socket file is left');
    assert.equal(await requestDump(path), null, 'a stale socket means no owner');
    const socket = await claimControlSocket(path, () => Promise.reject(new Error('unused')));
    await socket.close();
  });
});
