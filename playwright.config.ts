import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { BASE_URL } from './e2e/support/servers.ts';

// Each run starts the real server on a fresh database (seeded with the demo tenant on start). The config
// is loaded again in every worker; the variable, inherited from the main process, keeps it to one folder.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'centinela-e2e-'));

export default defineConfig({
  testDir: './e2e',
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
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
  // Four servers, started side by side by e2e/support/start-servers.ts: the default one (local sign-in),
  // an OIDC provider, one signing in through it, and one in maintenance mode. Tests reach the last ones
  // through the URLs of e2e/support/servers.ts.
  webServer: {
    command: 'npx tsx e2e/support/start-servers.ts',
    wait: { stdout: /^e2e servers ready$/m },
    timeout: 240_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
