import path from 'node:path';
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const seconds = z.coerce.number().int().positive();

/** Every environment variable the server reads (the README lists the same). */
const ZConfig = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('localhost'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AUTH_TOKEN_TTL: seconds.default(3600),
  AUTH_REFRESH_TTL: seconds.default(30 * 24 * 3600),
  LOGIN_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  BODY_LIMIT: z.coerce.number().int().min(1024).default(1024 * 1024),
  SEED_DEMO: bool.default(true),
  WEB_DIST: z.string().min(1).default(path.resolve(import.meta.dirname, '../../web/dist')),
  /** Every page shows the maintenance notice (SPEC §8) while this is on. */
  MAINTENANCE_MODE: bool.default(false),
  /** OpenID Connect (the default strategy when set; otherwise the local strategy signs users in). */
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_AUDIENCE: z.string().min(1).optional(),
  /** Only for a provider on http://127.0.0.1 in tests: openid-client refuses plain HTTP otherwise. */
  OIDC_ALLOW_INSECURE: bool.default(false),
  /** An external identity service (SCIM 2.0) to import users from; without it the import is hidden. */
  SCIM_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  SCIM_TOKEN: z.string().min(1).optional(),
  /** Report workers (domains/reports/worker.ts) run inside `npm start`; false when they run as `npm run worker`. */
  WORKERS: bool.default(true),
  /** Reports run at once per process; default 4 on PostgreSQL, 1 on PGlite (one session: no real parallelism). */
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  /** How often an idle worker looks for due reports; `app.reports.wake()` skips the wait. */
  WORKER_POLL_MS: z.coerce.number().int().min(10).default(500),
  /** A claimed report is the worker's for this long; after that another worker may take it over. */
  REPORT_LEASE_SECONDS: seconds.default(60),
  /** Attempts before a failing report becomes ERROR (SPEC §8 "Max retries exceeded"). */
  REPORT_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(5),
  /** Back-off after failed attempt n: REPORT_BACKOFF_MS × 2^(n-1), at most REPORT_BACKOFF_MAX_MS. */
  REPORT_BACKOFF_MS: z.coerce.number().int().min(0).default(2000),
  REPORT_BACKOFF_MAX_MS: z.coerce.number().int().min(0).default(10 * 60_000),
  /** Where reports come from; only the sandbox exists until a real connector is configured. */
  REPORT_PROVIDER: z.enum(['sandbox']).default('sandbox'),
  /** Sandbox answer time: "min-max" ms, spread deterministically per document and report; "0" answers at once. */
  SANDBOX_LATENCY_MS: z
    .string()
    .regex(/^\d+(-\d+)?$/, 'must be milliseconds ("800") or a range ("300-1500")')
    .default('300-1500')
    .transform((v) => {
      const [min, max = min] = v.split('-').map(Number) as [number, number?];
      return { min: Math.min(min, max), max: Math.max(min, max) };
    }),
  /** CSV batch upload (issue #5): rows per file (SPEC §8 "You can process up to {limit} rows per CSV file"). */
  CSV_ROW_LIMIT: z.coerce.number().int().min(1).default(50_000),
  /** Largest CSV file accepted, in bytes (streamed to disk, never held in memory). */
  CSV_MAX_BYTES: z.coerce.number().int().min(1024).default(50 * 1024 * 1024),
  /** Rows validated and committed per transaction by the import job (with the job's resume offset). */
  CSV_BATCH_SIZE: z.coerce.number().int().min(1).max(2000).default(1000),
  /** How long an import runner holds a job; a crashed runner's job is taken over after this. */
  CSV_LEASE_SECONDS: seconds.default(30),
  /** Where uploaded CSV files are kept; default `<DATA_DIR>/csv` (a temporary directory with an in-memory database). */
  CSV_DIR: z.string().min(1).optional(),
});

export type Config = z.infer<typeof ZConfig>;

export class ConfigError extends Error {}

/** Parses the environment; a bad value throws one clear line naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = ZConfig.safeParse(cleaned);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const key = String(issue.path[0] ?? '');
      return `${key}=${JSON.stringify(cleaned[key] ?? '')}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const config = result.data;
  if (config.OIDC_ISSUER && !config.OIDC_CLIENT_ID) throw new ConfigError('Invalid configuration: OIDC_CLIENT_ID is required when OIDC_ISSUER is set');
  if (config.SCIM_BASE_URL && !config.SCIM_TOKEN) throw new ConfigError('Invalid configuration: SCIM_TOKEN is required when SCIM_BASE_URL is set');
  return { ...config, DATA_DIR: config.DATA_DIR.startsWith('memory://') ? config.DATA_DIR : path.resolve(config.DATA_DIR) };
}
