/**
 * What a person starting the server needs first: where the site is, where its data lives and how
 * the first admin signs in. Never a secret: no database password, no admin password.
 */
import type { DatabaseOptions } from '../db/client.js';
import { DEFAULT_ADMIN_USERNAME } from '../plugins/app/first-admin.js';
import type { Env } from '../options.js';

export interface StartBanner {
  site: string;
  backOffice: string;
  dataDir: string;
  database: string;
  firstAdmin: string;
}

/** PostgreSQL as `host:port/database`, from a connection string whose credentials are left out. */
export function describeDatabase(database: DatabaseOptions): string {
  if (database.driver === 'pglite') return database.dataDir ? `PGlite (embedded) in ${database.dataDir}` : 'PGlite (embedded) in memory';
  try {
    const url = new URL(database.connectionString);
    const name = decodeURIComponent(url.pathname.replace(/^\//, '')) || '(default database)';
    return `PostgreSQL at ${url.host || 'localhost'}/${name}`;
  } catch {
    return 'PostgreSQL (DATABASE_URL)';
  }
}

export function startBanner(input: { port: number; dataDir: string; database: DatabaseOptions; env: Env }): StartBanner {
  const local = `http://localhost:${input.port}`;
  const site = input.env.PUBLIC_URL?.trim().replace(/\/+$/, '') || local;
  const username = input.env.ADMIN_USERNAME?.trim() || DEFAULT_ADMIN_USERNAME;
  const firstAdmin = input.env.ADMIN_PASSWORD
    ? `"${username}" with the password in ADMIN_PASSWORD (created only while the database has no users)`
    : `"${username}": on a database without users a password is generated and printed once in this log ("First admin created"); it is stored only hashed, so set ADMIN_PASSWORD before the first start to choose it`;
  return { site: `${site}/`, backOffice: `${site}/admin`, dataDir: input.dataDir, database: describeDatabase(input.database), firstAdmin };
}

/** The banner as a few lines for a terminal. */
export function bannerText(banner: StartBanner): string {
  return [
    '',
    `  Deals is running at ${banner.site}`,
    `  Back office:  ${banner.backOffice}`,
    `  Data:         ${banner.dataDir} (DATA_DIR); database: ${banner.database}`,
    `  First admin:  ${banner.firstAdmin}`,
    '',
  ].join('\n');
}
