/** Reads the process environment once, in one place, into the options of the server. */
import { resolve } from 'node:path';
import { databaseOptionsFromEnv } from './db/client.js';
import type { AppOptions, Env } from './options.js';
import { monorepoRoot } from './paths.js';
import { loggerOptions, logSettings, type LogSettings } from './lib/logging.js';
import { parseAllowHosts } from './lib/safe-fetch.js';
import { readPushEnv } from './push/settings.js';

export interface ServerConfig {
  port: number;
  host: string;
  /** LOG_FORMAT, LOG_LEVEL, LOG_SLOW_MS as read (the start banner follows the format). */
  log: LogSettings;
  app: AppOptions;
}

/** True for a set, valid value; a set but malformed one stops the start with its reason. */
function positiveInteger(value: string | undefined, name: string, unit = 'milliseconds'): boolean {
  if (value === undefined || value.trim() === '') return false;
  const number = Number(value);
  if (!Number.isInteger(number) || number <= 0) throw new Error(`${name} must be a positive whole number of ${unit}, got "${value}"`);
  return true;
}

function nonNegative(value: string, name: string): number {
  const number = Number(value);
  if (!Number.isFinite(number) || number < 0) throw new Error(`${name} must be a number from 0, got "${value}"`);
  return number;
}

export function readServerConfig(env: Env, isTTY = Boolean(process.stdout.isTTY)): ServerConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  const dataDir = resolve(env.DATA_DIR || './data');
  // LOG_FORMAT (pretty|json; default pretty on a terminal), LOG_LEVEL, LOG_SLOW_MS: see lib/logging.ts.
  const log = logSettings(env, isTTY);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    log,
    app: {
      database: databaseOptionsFromEnv(env, dataDir),
      dataDir,
      demoData: env.DEMO_DATA === 'true',
      frontendsRoot: monorepoRoot,
      env,
      // VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY / VAPID_SUBJECT / FIREBASE_SERVICE_ACCOUNT, checked
      // here so a malformed value stops the start with its reason.
      push: readPushEnv(env),
      // POPULARITY_REFRESH_MS: how often "Most Popular" and the Hot badges are recomputed (default a minute).
      ...(positiveInteger(env.POPULARITY_REFRESH_MS, 'POPULARITY_REFRESH_MS') ? { popularity: { refreshMs: Number(env.POPULARITY_REFRESH_MS) } } : {}),
      // AUDIT_RETENTION_DAYS: how many days audit log entries are kept (default 365), purged once a day.
      ...(positiveInteger(env.AUDIT_RETENTION_DAYS, 'AUDIT_RETENTION_DAYS', 'days') ? { audit: { retentionDays: Number(env.AUDIT_RETENTION_DAYS) } } : {}),
      // FETCH_ALLOW_HOSTS: private hosts the import and the link checks may reach all the same.
      fetchAllowHosts: parseAllowHosts(env.FETCH_ALLOW_HOSTS),
      // LINK_CHECKS_PER_SECOND: how fast a link check round goes (default 100; 0: unpaced).
      ...(env.LINK_CHECKS_PER_SECOND?.trim() ? { linkHealth: { checksPerSecond: nonNegative(env.LINK_CHECKS_PER_SECOND, 'LINK_CHECKS_PER_SECOND') } } : {}),
      logger: loggerOptions(log),
      requestLog: { perRequest: log.format === 'json', slowMs: log.slowMs },
    },
  };
}
