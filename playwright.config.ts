import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import {
  BASE_URL,
  MAINTENANCE_PORT,
  OIDC_APP_PORT,
  OIDC_APP_URL,
  OIDC_AUDIENCE,
  OIDC_ISSUER,
  OIDC_PORT,
  PORT,
} from './e2e/support/servers.ts';

function server(port: number, dataDir: string | undefined, env: Record<string, string> = {}) {
  return {
    // Exactly what `npm start` serves (Node's type stripping, the V8 flags of the serve script).
    command: 'npm run --silent serve',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
    // No downloads of the real watch lists (this machine reaches no publisher): the shipped snapshots are loaded.
    env: {
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir ?? '',
      LOG_LEVEL: 'warn',
      WATCHLIST_SYNC: 'false',
      ...env,
    },
  };
}

/** The specs that change no data: they run on a second worker, beside the flows. */
const READING = ['responsive.spec.ts', 'a11y.spec.ts'];

// Each run starts the real server on a fresh database (seeded with the demo tenant on start). The config
// is loaded again in every worker; the variable, inherited from the main process, keeps it to one folder.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'centinela-e2e-'));

export default defineConfig({
  testDir: './e2e',
  // Two workers, one per project: the specs that change the demo data run one after another; the
  // responsive walk and the a11y spec only read it, and run beside them (docs/testing.md).
  workers: 2,
  fullyParallel: false,
  projects: [
    { name: 'flows', testIgnore: READING, workers: 1 },
    { name: 'reading', testMatch: READING, workers: 1 },
  ],
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: BASE_URL,
    // A failed test keeps its actions, network, console and errors. The screencast and DOM snapshots are
    // recorded for every test, failing or not, at a large share of its time: ask for them with `--trace on`.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
    // Debian's Chromium: `playwright install` cannot download browsers here (scripts/ensure-chromium.sh).
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  // The server serves the built web app (apps/web/dist): run `npm run build` first (npm run test:e2e does).
  // Three servers: the default one (local sign-in), one signing in through the OIDC provider below,
  // and one in maintenance mode. Tests reach the last two through the URLs exported here.
  webServer: [
    // Two streams sign in from one address at once: more sign-ins a minute than one user would make.
    server(PORT, process.env.E2E_DATA_DIR, { LOGIN_RATE_LIMIT: '30' }),
    {
      command: 'npx tsx e2e/support/oidc-provider.ts',
      url: `${OIDC_ISSUER}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { OIDC_PORT: String(OIDC_PORT), OIDC_REDIRECT_URIS: `${OIDC_APP_URL}/callback,${OIDC_APP_URL}/es/callback` },
    },
    server(OIDC_APP_PORT, `${process.env.E2E_DATA_DIR}-oidc`, {
      OIDC_ISSUER,
      OIDC_CLIENT_ID: 'centinela-web',
      OIDC_AUDIENCE,
      OIDC_ALLOW_INSECURE: 'true',
    }),
    server(MAINTENANCE_PORT, `${process.env.E2E_DATA_DIR}-maintenance`, {
      MAINTENANCE_MODE: 'true',
      SEED_DEMO: 'false',
    }),
  ],
});
