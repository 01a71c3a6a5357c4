import type { FastifyPluginCallback, FastifyServerOptions } from 'fastify';
import type { DatabaseOptions } from './db/client.js';
import type { ClickOutOptions } from './plugins/app/click-outs.js';
import type { FeedOptions } from './plugins/app/feeds.js';
import type { LinkHealthOptions } from './plugins/app/link-health.js';
import type { MailOptions } from './plugins/app/mail.js';
import type { JobQueueOptions } from './plugins/app/job-queue.js';
import type { PushOptions } from './push/settings.js';

export type Env = Readonly<Record<string, string | undefined>>;

/** Options of `buildApp`; also handed to every autoloaded plugin as its `opts`. */
export interface AppOptions {
  /** Which database to open (and migrate) for this instance. */
  database: DatabaseOptions;
  /**
   * Where uploaded files and generated secrets live (`DATA_DIR`). Without one (some tests), secrets
   * are random per process and uploads go to a temporary folder removed on close.
   */
  dataDir?: string;
  /** Seed believable demo content when the database is empty. Default false. */
  demoData?: boolean;
  /** Monorepo root holding `shell/dist` and `remote-*\/dist`; when set, the app also serves the frontends. */
  frontendsRoot?: string;
  /**
   * Where plugins read their settings (REMOTE_*_URL, API_BASE, EMAIL_SIGNUP_ACTION_URL, JWT_SECRET,
   * ADMIN_USERNAME, ADMIN_PASSWORD, FIREBASE_SERVICE_ACCOUNT, VAPID_*).
   * Default `process.env`; tests pass their own object instead of mutating the process.
   */
  env?: Env;
  /**
   * Push delivery: VAPID keys and subject, the Firebase service account, worker tuning. Default:
   * read from `env` (`VAPID_*`, `FIREBASE_SERVICE_ACCOUNT`); tests pass tuning and an HTTPS agent.
   */
  push?: PushOptions;
  /**
   * Tests only: the deal import may fetch image URLs on loopback addresses (the tests' image
   * servers listen on 127.0.0.1). Never set from the environment: in production only public
   * addresses are fetched.
   */
  importAllowsLoopback?: boolean;
  /**
   * `FETCH_ALLOW_HOSTS`: host names or addresses the outbound fetches (deal import images, link
   * checks) may reach although they are private (an intranet store, a test server). Default none.
   */
  fetchAllowHosts?: readonly string[];
  /** Link checks: tuning, and whether the scheduled rounds run (tests run them on demand). */
  linkHealth?: LinkHealthOptions;
  /** Visitor feedback: the clock of votes and reports and the write batching (tests pass their own). */
  feedback?: ClickOutOptions;
  /** Click-outs: the click recording's clock and batching (tests pass a fake clock and short intervals). */
  clickOuts?: ClickOutOptions;
  /** Popularity: the refresh's period (ms, default 60,000; 0: only on demand) and clock. */
  popularity?: { refreshMs?: number; now?: () => Date };
  /** Affiliate earnings: how often the deals' 30-day figures are recomputed (0: only after imports). Default 10 minutes. */
  earnings?: { refreshMs?: number };
  /** Deal feeds: whether scheduled runs are planned (tests run them on demand), the size cap, the time limit, images. */
  feeds?: FeedOptions;
  /** Outgoing mail: SMTP, sender, digest hour and tuning (default: from SMTP_URL, MAIL_FROM, MAIL_DIGEST_HOUR, MAIL_DOMAIN_PER_MINUTE). */
  mail?: MailOptions;
  /** Background jobs (pg-boss): the job queue's polling (tests poll often) and whether this instance runs workers. */
  jobs?: JobQueueOptions;
  /** Audit log: how many days entries are kept (`AUDIT_RETENTION_DAYS`, default 365). */
  audit?: { retentionDays?: number };
  /** Fastify's logger option. Default: pino at `info`. */
  logger?: FastifyServerOptions['logger'];
  /**
   * Request logging (lib/logging.ts): whether each request logs "incoming request" and "request
   * completed" (default true, off on a terminal), and from how many milliseconds a request is
   * logged as slow (`LOG_SLOW_MS`, default 1000). Failed (5xx) and slow requests are always logged.
   */
  requestLog?: { perRequest?: boolean; slowMs?: number };
  /** OpenTelemetry is on (lib/tracing.ts): @fastify/otel's plugin, registered before everything else. */
  tracing?: { fastifyPlugin: FastifyPluginCallback };
}
