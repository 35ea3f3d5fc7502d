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
  return { ...config, DATA_DIR: config.DATA_DIR.startsWith('memory://') ? config.DATA_DIR : path.resolve(config.DATA_DIR) };
}
