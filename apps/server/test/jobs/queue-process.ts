/**
 * The runner kill test's child: runs the test queue (test-queue.ts) on the database the environment
 * names, each job taking JOB_MS, and says on stdout (JSON lines) when a job starts and when it is done.
 */
import { openDatabase } from '../../src/db/client.ts';
import { JobRunner } from '../../src/lib/jobs/index.ts';
import { testQueue } from './test-queue.ts';

const say = (msg: string, fields: object = {}) => console.log(JSON.stringify({ msg, ...fields }));

const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL,
  dataDir: process.env.DATA_DIR ?? 'memory://',
});
const runner = new JobRunner(
  testQueue(database.db, {
    leaseMs: Number(process.env.LEASE_MS),
    pollMs: 50,
    work: async (item) => {
      say('job started', { id: item.id });
      await new Promise((resolve) => setTimeout(resolve, Number(process.env.JOB_MS)));
      say('job done', { id: item.id });
      return 'done';
    },
  }),
);
await runner.start();
say('runner started', { runner: runner.id });
