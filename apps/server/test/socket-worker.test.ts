import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildApp } from '../src/app.ts';
import { freshDatabase } from './database.ts';
import { createUser, login } from './factories.ts';
import { describe, expect, test, testConfig } from './helper.ts';
import { personWithReports } from './reports/support.ts';
import {
  connect,
  connected,
  disconnectAll,
  listen,
  nextEvent,
  REDIS_URL,
  redisReachable,
} from './support/socket-client.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const hasRedis = await redisReachable();

/** `npm run worker -- --until-idle` as its own process; resolves with its exit code and output. */
function runWorker(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['apps/server/src/worker.ts', '--until-idle'], {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'warn', ...env },
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

// A separate process needs a database it can open too: PostgreSQL (PGlite is one process's).
describe.skipIf(!hasRedis || process.env.TEST_DB !== 'postgres')('a separate worker process', () => {
  test("its report events reach the owner's browsers through Redis", { timeout: 60_000 }, async ({ skip }) => {
    const fresh = await freshDatabase();
    if (!fresh?.url) return skip('PostgreSQL unreachable: see the banner above');
    // The worker publishes on the default channel prefix; rooms of this test's fresh owner keep it apart.
    const app = await buildApp({ config: testConfig({ REDIS_URL, WORKERS: 'false' }), database: fresh.database });
    try {
      const { ownerId, profile } = await personWithReports(app.db, {
        documentId: '1020304050',
        types: ['news_search'],
      });
      const user = await createUser(app.db, { ownerId, roles: ['analyst'] });
      const client = connect(await listen(app), (await login(app, user.username)).token);
      await connected(client);

      const worker = await runWorker({ DATABASE_URL: fresh.url, REDIS_URL, SANDBOX_LATENCY_MS: '0' });
      expect(worker.code, worker.output).toBe(0);
      expect(await nextEvent(client, 'report.updated')).toMatchObject({
        profileId: profile.id,
        status: expect.not.stringMatching(/^PENDING$/),
      });
      disconnectAll(client);
    } finally {
      await app.close();
      await fresh.drop();
    }
  });
});
