// Rewrites the README's authorization matrix from the routes' declared access levels.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildApp } from '../src/app.js';
import { renderMatrix, replaceMatrixSection } from '../src/lib/authorization-matrix.js';
import { monorepoRoot } from '../src/paths.js';

const app = await buildApp({ database: { driver: 'pglite' }, logger: false, env: {} });
await app.ready();
const readmePath = join(monorepoRoot, 'README.md');
const readme = await readFile(readmePath, 'utf8');
await writeFile(readmePath, replaceMatrixSection(readme, renderMatrix(app.apiRoutes)));
await app.close();
console.log(`README.md: authorization matrix of ${app.apiRoutes.length} routes written`);
