/**
 * Starts the e2e servers side by side and prints READY once each one answers: Playwright starts the
 * entries of `webServer` one after another, and each server spends most of its start seeding its own
 * database. playwright.config.ts runs this and waits for the line; at the end it kills this process
 * group, which ends the servers too. If any server exits before that, this exits with its code.
 *   E2E_DATA_DIR (a fresh folder), E2E_PORT_BASE (e2e/support/servers.ts)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import {
  MAINTENANCE_PORT,
  OIDC_APP_PORT,
  OIDC_APP_URL,
  OIDC_AUDIENCE,
  OIDC_ISSUER,
  OIDC_PORT,
  PORT,
} from './servers.ts';

type Server = { name: string; command: string; health: string; env: Record<string, string> };

function centinela(name: string, port: number, dataDir: string, env: Record<string, string> = {}): Server {
  return {
    name,
    // Exactly what `npm start` serves (Node's type stripping, the V8 flags of the serve script).
    command: 'npm run --silent serve',
    health: `http://127.0.0.1:${port}/api/health`,
    // No downloads of the real watch lists (this machine reaches no publisher): the shipped snapshots are loaded.
    env: {
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      WATCHLIST_SYNC: 'false',
      ...env,
    },
  };
}

const dataDir = process.env.E2E_DATA_DIR;
if (!dataDir) throw new Error('start-servers: E2E_DATA_DIR is not set (playwright.config.ts sets it)');

// The default server (local sign-in), one signing in through the OIDC provider, and one in maintenance mode.
const SERVERS: Server[] = [
  centinela('main', PORT, dataDir),
  {
    name: 'oidc-provider',
    command: 'npx tsx e2e/support/oidc-provider.ts',
    health: `${OIDC_ISSUER}/.well-known/openid-configuration`,
    env: { OIDC_PORT: String(OIDC_PORT), OIDC_REDIRECT_URIS: `${OIDC_APP_URL}/callback,${OIDC_APP_URL}/es/callback` },
  },
  centinela('oidc-app', OIDC_APP_PORT, `${dataDir}-oidc`, {
    OIDC_ISSUER,
    OIDC_CLIENT_ID: 'centinela-web',
    OIDC_AUDIENCE,
    OIDC_ALLOW_INSECURE: 'true',
  }),
  centinela('maintenance', MAINTENANCE_PORT, `${dataDir}-maintenance`, {
    MAINTENANCE_MODE: 'true',
    SEED_DEMO: 'false',
  }),
];

/** Whether something answers at `url` already (a server left from an earlier run would be tested instead). */
async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

/** Resolves once `url` answers 200; asks again when the previous answer (or refusal) has come back. */
async function answered(url: string, child: ChildProcess): Promise<void> {
  while (child.exitCode === null && child.signalCode === null) {
    if (await answers(url)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

for (const server of SERVERS) {
  if (await answers(server.health)) {
    console.error(`start-servers: ${server.health} is already used: stop what is running there`);
    process.exit(1);
  }
}

const children = SERVERS.map((server) => {
  const child = spawn(server.command, { shell: true, stdio: 'inherit', env: { ...process.env, ...server.env } });
  child.on('exit', (code, signal) => {
    console.error(`start-servers: ${server.name} exited (${signal ?? code})`);
    process.exit(code || 1);
  });
  return child;
});

await Promise.all(SERVERS.map((server, i) => answered(server.health, children[i]!)));
console.log('e2e servers ready');
