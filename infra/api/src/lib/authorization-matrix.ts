/**
 * The authorization matrix of the README, rendered from the routes themselves (each declares its
 * access level and any finer rule), so the documentation cannot drift from what is enforced.
 * `npm run docs:matrix -w @deals/api` rewrites the README section; a test fails when it is stale.
 */
import type { ApiRoute } from '../plugins/app/viewer.js';

export const MATRIX_START = '<!-- authorization-matrix:start -->';
export const MATRIX_END = '<!-- authorization-matrix:end -->';

const CELLS: Record<ApiRoute['access'], [anonymous: string, staff: string, admin: string]> = {
  public: ['yes', 'yes', 'yes'],
  optional: ['active records only', 'yes', 'yes'],
  staff: ['401', 'yes', 'yes'],
  admin: ['401', '403', 'yes'],
};

/** The routes of the matrix: API calls only, without the OpenAPI documentation's own routes. */
export function matrixRoutes(routes: readonly ApiRoute[]): ApiRoute[] {
  return routes
    .filter((route) => !route.url.startsWith('/api/docs'))
    .slice()
    .sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
}

export function renderMatrix(routes: readonly ApiRoute[]): string {
  const lines = [
    '| Call | Anonymous | Staff | Admin |',
    '|---|---|---|---|',
    ...matrixRoutes(routes).map((route) => {
      const [anonymous, staff, admin] = CELLS[route.access];
      const staffCell = route.rule && route.access !== 'admin' ? `${staff}: ${route.rule}` : staff;
      return `| \`${route.method} ${route.url}\` | ${anonymous} | ${staffCell} | ${admin} |`;
    }),
  ];
  return lines.join('\n');
}

/** Replaces the README's matrix section (between the markers) with `matrix`. */
export function replaceMatrixSection(readme: string, matrix: string): string {
  const start = readme.indexOf(MATRIX_START);
  const end = readme.indexOf(MATRIX_END);
  if (start < 0 || end < start) throw new Error(`README has no ${MATRIX_START} … ${MATRIX_END} section`);
  return `${readme.slice(0, start + MATRIX_START.length)}\n${matrix}\n${readme.slice(end)}`;
}
