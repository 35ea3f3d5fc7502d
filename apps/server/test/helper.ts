import { test as base } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import { loadConfig, type Config } from '../src/lib/config.ts';
import type { Db } from '../src/db/client.ts';
import { freshDatabase } from './database.ts';
import { assertResponseContract, watchResponseContract } from './support/response-contract.ts';

export const testConfig = (env: Record<string, string> = {}): Config =>
  loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: 'memory://',
    SEED_DEMO: 'false',
    LOGIN_RATE_LIMIT: '1000',
    WEB_DIST: '/nonexistent',
    ...env,
  });

type Fixtures = { env: Record<string, string>; app: App; db: Db };

/**
 * `test` with an `app` built on a fresh database per test (fastify/demo's build() helper).
 * On PostgreSQL with no server reachable outside CI, tests skip loudly (global-setup printed why).
 * Every answer the app gives is checked against its OpenAPI document; the test fails at its end if one breaks it.
 */
export const test = base.extend<Fixtures>({
  env: [{}, { injected: false }],
  app: async ({ env, skip }, use) => {
    const fresh = await freshDatabase();
    if (!fresh) return skip('PostgreSQL unreachable: see the banner above');
    const app = await buildApp({ config: testConfig(env), database: fresh.database });
    const contract = watchResponseContract(app);
    await app.ready();
    await use(app);
    await app.close();
    await fresh.drop();
    assertResponseContract(contract);
  },
  db: async ({ app }, use) => {
    await use(app.db);
  },
});

export { describe, expect } from 'vitest';
