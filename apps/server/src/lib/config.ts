import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

export type Cidr = { address: string; prefix: number; family: 'ipv4' | 'ipv6' };

/** "10.0.0.0/8", "::1/128" or a lone address (a /32 or /128); null when it is neither. */
export function parseCidr(text: string): Cidr | null {
  const [address = '', prefixText, extra] = text.split('/');
  const version = isIP(address);
  if (!version || extra !== undefined) return null;
  const max = version === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? max : /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : NaN;
  if (!(prefix >= 0 && prefix <= max)) return null;
  return { address, prefix, family: version === 4 ? 'ipv4' : 'ipv6' };
}

/** Names proxy-addr (Fastify's trustProxy) knows for whole address ranges. */
const PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * TRUST_PROXY: whose X-Forwarded-For the server believes. `false`: nobody's (the peer is the client); a
 * number: that many proxy hops in front (the client is that many entries from the right); otherwise the
 * proxies' addresses, CIDRs or proxy-addr's range names. Only entries added by a trusted proxy count, so a
 * header a client sends itself never chooses its address.
 */
export type TrustProxy = false | number | string[];

function parseTrustProxy(text: string): TrustProxy | null {
  const value = text.trim();
  if (value === 'false' || value === '0') return false;
  if (/^\d{1,2}$/.test(value)) return Number(value);
  const entries = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (entries.length === 0 || entries.some((e) => !PROXY_RANGES.includes(e) && !parseCidr(e))) return null;
  return entries;
}

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const seconds = z.coerce.number().int().positive();

/** Every environment variable the server reads (the README lists the same). */
const ZConfig = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('localhost'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' }).optional(),
  /**
   * Connections to PostgreSQL per process. Default: 2 × this machine's cores + 1 (the usual sizing for
   * a database with as many cores): with 10 on 2 cores bench:load ran ~20% slower with a longer tail.
   */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(200).optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AUTH_TOKEN_TTL: seconds.default(3600),
  AUTH_REFRESH_TTL: seconds.default(30 * 24 * 3600),
  /**
   * Which proxies' X-Forwarded-For names the client (rate limits, audit trail, known sign-in addresses).
   * Default: `loopback` in production (deploy/: HAProxy on the same machine, which sets the header itself),
   * nobody otherwise. See parseTrustProxy.
   */
  TRUST_PROXY: z
    .string()
    .transform((v, ctx) => {
      const trust = parseTrustProxy(v);
      if (trust === null) {
        ctx.addIssue({
          code: 'custom',
          message:
            'must be false, a hop count (1) or comma-separated proxy addresses or CIDRs (loopback, 10.0.0.0/8, ::1)',
        });
        return z.NEVER;
      }
      return trust;
    })
    .optional(),
  LOGIN_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  /** Wrong passwords an hour for one account from any addresses; past it only the account's known addresses may try. */
  LOGIN_ACCOUNT_RATE_LIMIT: z.coerce.number().int().positive().default(20),
  /** Wrong passwords an hour from one address across accounts (password spraying); past it only accounts known there may try. */
  LOGIN_ADDRESS_RATE_LIMIT: z.coerce.number().int().positive().default(50),
  BODY_LIMIT: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  SEED_DEMO: bool.default(true),
  WEB_DIST: z
    .string()
    .min(1)
    .default(path.resolve(import.meta.dirname, '../../../web/dist')),
  /** The persons list frame's renderer (plugins/web-shell.ts); by default dist-shell/render-shell.js beside WEB_DIST. */
  WEB_SHELL: z.string().min(1).optional(),
  /**
   * The site's public address (https://centinela.example): the verification link and QR code printed on PDF
   * reports point there. Required in production: the request's Host header is the client's to write, so a
   * link built from it could send whoever scans a report's QR code anywhere. Outside production (the demo,
   * development) unset means the address the request that issued the PDF came to.
   */
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
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
  /** The job runners (plugins/jobs/build-jobs.ts) run inside `npm start`; false when they run as `npm run worker`. */
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
  REPORT_BACKOFF_MAX_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(10 * 60_000),
  /**
   * Graceful shutdown: after SIGTERM the process has this long to finish in-flight requests
   * and jobs (or give their leases back) and exit; past it, it exits with code 1.
   */
  SHUTDOWN_DEADLINE_MS: z.coerce.number().int().min(1000).default(10_000),
  /**
   * After SIGTERM, how long readiness answers 503 while the listener still serves, before it closes: set it
   * above the load balancer's health-check interval × fall count so no new request meets a closing process.
   */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).default(0),
  /**
   * Prometheus metrics at /metrics: off (404) unless a bearer token and/or an allow-list of
   * client networks is set; with both, both are required.
   */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  METRICS_ALLOW_CIDRS: z
    .string()
    .transform((v, ctx) => {
      const nets = v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .map(parseCidr);
      if (nets.length === 0 || nets.some((n) => n === null)) {
        ctx.addIssue({ code: 'custom', message: 'must be comma-separated addresses or CIDRs, e.g. "10.0.0.0/8,::1"' });
        return z.NEVER;
      }
      return nets as Cidr[];
    })
    .optional(),
  /** `npm run worker`: serve its own /metrics on this port (same protection); no listener when unset. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
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
  /** Error reporting (SPEC §7): Sentry DSNs, off unless set — the server's and the web app's (sent to browsers by /api/config). */
  SENTRY_DSN: z.string().url().optional(),
  SENTRY_WEB_DSN: z.string().url().optional(),
  /** CSV batch upload: rows per file (SPEC §8 "You can process up to {limit} rows per CSV file"). */
  CSV_ROW_LIMIT: z.coerce.number().int().min(1).default(50_000),
  /** Largest CSV file accepted, in bytes (streamed to disk, never held in memory). */
  CSV_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(50 * 1024 * 1024),
  /** Rows validated and committed per transaction by the import job (with the job's resume offset). */
  CSV_BATCH_SIZE: z.coerce.number().int().min(1).max(2000).default(1000),
  /** How long an import runner holds a job; a crashed runner's job is taken over after this. */
  CSV_LEASE_SECONDS: seconds.default(30),
  /** An uploaded CSV the wizard never started is removed (row and file) after this many hours. */
  CSV_UPLOAD_TTL_HOURS: z.coerce.number().positive().default(24),
  /** Where uploaded CSV files are kept; default `<DATA_DIR>/csv` (a temporary directory with an in-memory database). */
  CSV_DIR: z.string().min(1).optional(),
  /** Sol: reference checks. Each adapter is the sandbox until its credentials are set. */
  SOL_DEADLINE_HOURS: z.coerce.number().positive().default(48),
  SOL_MAX_CALL_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(3),
  SOL_CALL_RETRY_MINUTES: z.coerce.number().positive().default(120),
  SOL_CALL_HOURS: z
    .string()
    .regex(/^\d{1,2}-\d{1,2}$/, 'must be local hours "from-to", e.g. "9-19"')
    .default('9-19')
    .transform((v) => {
      const [from, to] = v.split('-').map(Number) as [number, number];
      return { from, to };
    }),
  SOL_POLL_MS: z.coerce.number().int().min(10).default(1000),
  SOL_LEASE_SECONDS: seconds.default(600),
  /** Sandbox: milliseconds between a message or call and its simulated answer (a whole check takes a few of these). */
  SOL_SANDBOX_STEP_MS: z.coerce.number().int().min(0).default(1500),
  /** Where downloaded call recordings are kept; default `<DATA_DIR>/sol`. */
  SOL_DIR: z.string().min(1).optional(),
  /** The server's public base URL: voice status callbacks are sent there and their signatures cover it. */
  SOL_PUBLIC_URL: z.url().optional(),
  SOL_WHATSAPP_API_URL: z.url().default('https://graph.facebook.com/v21.0'),
  SOL_WHATSAPP_PHONE_NUMBER_ID: z.string().min(1).optional(),
  SOL_WHATSAPP_ACCESS_TOKEN: z.string().min(1).optional(),
  SOL_WHATSAPP_APP_SECRET: z.string().min(1).optional(),
  SOL_WHATSAPP_VERIFY_TOKEN: z.string().min(1).optional(),
  SOL_WHATSAPP_TEMPLATE: z.string().min(1).default('sol_reference_request'),
  SOL_WHATSAPP_REFERENCE_TEMPLATE: z.string().min(1).default('sol_reference_notice'),
  SOL_VOICE_API_URL: z.url().default('https://api.twilio.com'),
  SOL_VOICE_ACCOUNT_SID: z.string().min(1).optional(),
  SOL_VOICE_AUTH_TOKEN: z.string().min(1).optional(),
  SOL_VOICE_FROM: z.string().min(1).optional(),
  SOL_VOICE_AGENT_URL: z.url().optional(),
  SOL_LLM_API_URL: z.url().default('https://api.openai.com/v1'),
  SOL_LLM_API_KEY: z.string().min(1).optional(),
  SOL_LLM_MODEL: z.string().min(1).default('gpt-4o-mini'),
  SOL_LLM_TRANSCRIPTION_MODEL: z.string().min(1).default('whisper-1'),
  /** Client API: requests per minute per API key (`RateLimit-*` headers; per process). */
  API_KEY_RATE_LIMIT: z.coerce.number().int().min(1).default(600),
  /** Webhooks: one attempt's time limit, and the back-off after failed attempt n: base × 2^(n-1), capped. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  WEBHOOK_BACKOFF_MS: z.coerce.number().int().min(0).default(10_000),
  WEBHOOK_BACKOFF_MAX_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(3 * 3600_000),
  WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /** Endpoints on private or loopback addresses: refused in production unless true (tests and development allow them). */
  WEBHOOKS_ALLOW_PRIVATE: bool.optional(),
  /** Forms and uploads. `false` turns the upload endpoints off ("No uploader has been defined"). */
  UPLOADS: bool.default(true),
  /** Largest uploaded file, in bytes (larger → 413 `upload_too_large`). */
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(10 * 1024 * 1024),
  /** Where uploads are kept; default `<DATA_DIR>/uploads` (the temp directory with an in-memory database). */
  UPLOAD_DIR: z.string().min(1).optional(),
  /** An S3-compatible bucket for uploads instead of the directory (AWS, MinIO, R2…); path-style requests. */
  UPLOAD_S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  UPLOAD_S3_BUCKET: z.string().min(1).optional(),
  UPLOAD_S3_REGION: z.string().min(1).default('us-east-1'),
  UPLOAD_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  UPLOAD_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Public form endpoints: submissions per minute per client IP, and per form code (any IPs). */
  FORM_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  FORM_CODE_RATE_LIMIT: z.coerce.number().int().positive().default(60),
  /** The identity engine's time limit for one picture, in ms; past it the request answers 503 `identity_engine_busy`. */
  IDENTITY_TASK_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  /**
   * Watch lists: where each list is downloaded from (http(s):// or file:// for a machine without
   * internet), and whether the scheduled sync runs at all (uploads by platform staff work either way).
   */
  WATCHLIST_OFAC_SDN_URL: z
    .url({ protocol: /^(https?|file)$/ })
    .default('https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/SDN.CSV'),
  WATCHLIST_UN_SC_URL: z
    .url({ protocol: /^(https?|file)$/ })
    .default('https://scsanctions.un.org/resources/xml/en/consolidated.xml'),
  WATCHLIST_SAT_69B_URL: z
    .url({ protocol: /^(https?|file)$/ })
    .default('http://omawww.sat.gob.mx/cifras_sat/Documents/Listado_Completo_69-B.csv'),
  WATCHLIST_SYNC: bool.default(true),
  /** A list whose data is older than this makes its screenings INFO ("list data older than N days"). */
  WATCHLIST_MAX_AGE_DAYS: z.coerce.number().int().min(1).default(7),
  /** Largest list file uploaded by hand, in bytes, counted as received and again as unpacked (gzip). */
  WATCHLIST_UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(64 * 1024 * 1024),
  /** Persons screened per statement when monitoring a new version's delta. */
  WATCHLIST_MONITOR_BATCH: z.coerce.number().int().min(1).max(5000).default(200),
});

export type Config = z.infer<typeof ZConfig>;

/**
 * How long job runners let in-flight items finish after SIGTERM before aborting them (their handlers then
 * give the leases back): what the deadline leaves after the drain delay, less a margin for giving back.
 */
export const jobGraceMs = (config: Pick<Config, 'SHUTDOWN_DEADLINE_MS' | 'SHUTDOWN_DELAY_MS'>) => {
  const left = config.SHUTDOWN_DEADLINE_MS - config.SHUTDOWN_DELAY_MS;
  return Math.max(0, left - Math.min(3000, left / 3));
};

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
  if (config.OIDC_ISSUER && !config.OIDC_CLIENT_ID)
    throw new ConfigError('Invalid configuration: OIDC_CLIENT_ID is required when OIDC_ISSUER is set');
  if (
    config.UPLOAD_S3_BUCKET &&
    !(config.UPLOAD_S3_ENDPOINT && config.UPLOAD_S3_ACCESS_KEY_ID && config.UPLOAD_S3_SECRET_ACCESS_KEY)
  ) {
    throw new ConfigError(
      'Invalid configuration: UPLOAD_S3_ENDPOINT, UPLOAD_S3_ACCESS_KEY_ID and UPLOAD_S3_SECRET_ACCESS_KEY are required when UPLOAD_S3_BUCKET is set',
    );
  }
  if (config.SOL_WHATSAPP_ACCESS_TOKEN && (!config.SOL_WHATSAPP_PHONE_NUMBER_ID || !config.SOL_WHATSAPP_APP_SECRET)) {
    throw new ConfigError(
      'Invalid configuration: SOL_WHATSAPP_PHONE_NUMBER_ID and SOL_WHATSAPP_APP_SECRET are required when SOL_WHATSAPP_ACCESS_TOKEN is set',
    );
  }
  if (
    config.SOL_VOICE_ACCOUNT_SID &&
    (!config.SOL_VOICE_AUTH_TOKEN || !config.SOL_VOICE_FROM || !config.SOL_VOICE_AGENT_URL || !config.SOL_PUBLIC_URL)
  ) {
    throw new ConfigError(
      'Invalid configuration: SOL_VOICE_AUTH_TOKEN, SOL_VOICE_FROM, SOL_VOICE_AGENT_URL and SOL_PUBLIC_URL are required when SOL_VOICE_ACCOUNT_SID is set',
    );
  }
  if (config.NODE_ENV === 'production' && !config.PUBLIC_URL)
    throw new ConfigError(
      "Invalid configuration: PUBLIC_URL is required when NODE_ENV=production: PDF reports' verification links and QR codes point there (e.g. PUBLIC_URL=https://centinela.example)",
    );
  if (config.SHUTDOWN_DELAY_MS >= config.SHUTDOWN_DEADLINE_MS)
    throw new ConfigError('Invalid configuration: SHUTDOWN_DELAY_MS must be less than SHUTDOWN_DEADLINE_MS');
  if (config.SCIM_BASE_URL && !config.SCIM_TOKEN)
    throw new ConfigError('Invalid configuration: SCIM_TOKEN is required when SCIM_BASE_URL is set');
  return {
    ...config,
    TRUST_PROXY: config.TRUST_PROXY ?? (config.NODE_ENV === 'production' ? ['loopback'] : false),
    DATA_DIR: config.DATA_DIR.startsWith('memory://') ? config.DATA_DIR : path.resolve(config.DATA_DIR),
  };
}
