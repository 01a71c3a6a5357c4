// Rewrites openapi-shape.json, the committed shape of the API (paths, methods, parameters,
// request and response schemas), from the routes as they are now. Run it only when a change of
// the API is intended: the OpenAPI shape test compares the running API with this file.
import { writeFile } from 'node:fs/promises';
import { buildApp } from '../src/app.js';
import { apiShape, serialiseShape, SHAPE_SNAPSHOT_URL } from '../src/plugins/external/openapi-shape.js';

const app = await buildApp({ database: { driver: 'pglite' }, logger: false, env: {} });
try {
  const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
  if (response.statusCode !== 200) throw new Error(`GET /api/docs/json answered ${response.statusCode}`);
  const shape = apiShape(response.json());
  await writeFile(SHAPE_SNAPSHOT_URL, serialiseShape(shape));
  const operations = Object.values(shape.paths).reduce((count, methods) => count + Object.keys(methods).length, 0);
  console.log(`openapi-shape.json: ${operations} operations written`);
} finally {
  await app.close();
}
