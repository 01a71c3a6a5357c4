// The layer and feature rules of eslint.config.mjs, proven on probe files written into the real
// packages (import resolution and cycles need files on disk) and removed afterwards.
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { after, describe, it } from 'node:test';
import { ESLint } from 'eslint';

const root = resolve(import.meta.dirname, '../..');
const probe = `lint-probe-${process.pid}`;
const written = [];

function write(path, text) {
  const file = join(root, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  written.push(file);
  return file;
}

async function rulesBroken(file) {
  const [result] = await new ESLint({ cwd: root }).lintFiles([file]);
  return result.messages.map((message) => message.ruleId);
}

after(() => {
  for (const file of written) rmSync(file, { force: true });
  for (const folder of [`infra/api/src/lib/${probe}`]) rmSync(join(root, folder), { recursive: true, force: true });
});

describe('lint rules', () => {
  it('refuses an import cycle', async () => {
    const a = write(`infra/api/src/lib/${probe}/a.ts`, "import { b } from './b.js';\nexport const a = (): unknown => b;\n");
    write(`infra/api/src/lib/${probe}/b.ts`, "import { a } from './a.js';\nexport const b = (): unknown => a;\n");
    assert.ok((await rulesBroken(a)).includes('import-x/no-cycle'));
  });

  it('keeps features out of lib/ and components/', async () => {
    const file = write(`remote-public/src/lib/${probe}.ts`, "export { LatestBlogs } from '../features/blogs';\n");
    assert.deepEqual(await rulesBroken(file), ['import-x/no-restricted-paths']);
  });

  it('lets a feature reach another only through its index.ts', async () => {
    const deep = write(`remote-public/src/features/home/${probe}-deep.ts`, "export { BlogsPage } from '../blogs/BlogsPage';\n");
    assert.deepEqual(await rulesBroken(deep), ['import-x/no-restricted-paths']);
    const viaIndex = write(`remote-public/src/features/home/${probe}-index.ts`, "export { LatestBlogs } from '../blogs';\n");
    assert.deepEqual(await rulesBroken(viaIndex), []);
  });

  it('keeps routes away from db/', async () => {
    const file = write(`infra/api/src/routes/${probe}.ts`, "export { products } from '../db/schema.js';\n");
    assert.deepEqual(await rulesBroken(file), ['import-x/no-restricted-paths']);
  });

  it('keeps frontends off the server package', async () => {
    const file = write(`remote-catalog/src/${probe}.ts`, "export type { AppOptions } from '@deals/api';\n");
    assert.ok((await rulesBroken(file)).includes('no-restricted-imports'));
  });
});
