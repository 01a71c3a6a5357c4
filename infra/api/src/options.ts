import type { FastifyServerOptions } from 'fastify';
import type { DatabaseOptions } from './db/client.js';

export type Env = Readonly<Record<string, string | undefined>>;

/** Options of `buildApp`; also handed to every autoloaded plugin as its `opts`. */
export interface AppOptions {
  /** Which database to open (and migrate) for this instance. */
  database: DatabaseOptions;
  /** Seed believable demo content when the database is empty. Default false. */
  demoData?: boolean;
  /** Monorepo root holding `shell/dist` and `remote-*\/dist`; when set, the app also serves the frontends. */
  frontendsRoot?: string;
  /**
   * Where the frontends plugin reads REMOTE_*_URL, API_BASE and EMAIL_SIGNUP_ACTION_URL.
   * Default `process.env`; tests pass their own object instead of mutating the process.
   */
  env?: Env;
  /** Fastify's logger option. Default: pino at `info`. */
  logger?: FastifyServerOptions['logger'];
}
