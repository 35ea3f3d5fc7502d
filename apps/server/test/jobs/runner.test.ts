import { setImmediate as nextTurn } from 'node:timers/promises';
import { test as base, describe, expect } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { JobRunner, type Queue } from '../../src/lib/jobs/index.ts';
import { freshDatabase } from '../database.ts';
import {
  createTestJobs,
  settleTestJob,
  TEST_CHANNEL,
  testJobs,
  testQueue,
  testRuns,
  type TestItem,
} from './test-queue.ts';

/** A promise a test resolves by hand. */
function signal<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** The runner's own tests get a fresh database each, with no app around it. */
const test = base.extend<{ database: Database }>({
  database: async ({ skip }, use) => {
    const fresh = await freshDatabase();
    if (!fresh) return skip('PostgreSQL unreachable: see the banner above');
    await use(fresh.database);
    await fresh.database.close();
    await fresh.drop();
  },
});

describe('the job runner (lib/jobs)', () => {
  test('drain runs every item once, up to `concurrency` at a time', async ({ database }) => {
    const { db } = database;
    await createTestJobs(db, ['a', 'b', 'c', 'd', 'e']);
    let running = 0;
    let most = 0;
    const runner = new JobRunner(
      testQueue(db, {
        concurrency: 2,
        work: async () => {
          most = Math.max(most, ++running);
          await nextTurn();
          running--;
          return 'done';
        },
      }),
    );
    await runner.drain();
    expect(await testRuns(db)).toEqual(
      ['a', 'b', 'c', 'd', 'e'].map((id) => ({ job_id: id, attempt: 1, runner: runner.id })),
    );
    expect(most).toBe(2);
  });

  test('an item whose runner hangs past its lease is taken over; the stale holder can no longer write', async ({
    database,
  }) => {
    const { db } = database;
    await createTestJobs(db, ['a']);
    const hung = signal();
    const started = signal();
    const aborted = signal<{ reason: string; takenOver: boolean }>();
    let takenOver = false;
    const stale = new JobRunner(
      testQueue(db, {
        leaseMs: 400,
        work: async (_item, { signal: abort }) => {
          started.resolve();
          abort.addEventListener('abort', () =>
            aborted.resolve({ reason: (abort.reason as Error).message, takenOver }),
          );
          await hung.promise; // ignores its signal: a hung source
          return 'done';
        },
      }),
    );
    const staleRun = stale.runOnce();
    await started.promise;
    const next = new JobRunner(
      testQueue(db, {
        work: async () => {
          takenOver = true;
          return 'done';
        },
      }),
    );
    // drain waits out the stale lease, then claims the item (attempt 2).
    await next.drain();
    // The stale holder was told before its lease ran out, before anyone took the item over.
    expect(await aborted.promise).toEqual({ reason: 'lease expired', takenOver: false });
    expect(await testRuns(db)).toEqual([{ job_id: 'a', attempt: 2, runner: next.id }]);

    hung.resolve();
    await staleRun;
    expect(await settleTestJob(db, { id: 'a', attempt: 1, lockedBy: stale.id }, 'done')).toBe(false);
    expect(await testRuns(db)).toEqual([{ job_id: 'a', attempt: 2, runner: next.id }]);
    expect(await testJobs(db)).toEqual([{ id: 'a', attempts: 2, locked_by: null, done: true }]);
  });

  describe('graceful stop', () => {
    test('waits for a claim under way, and runs what it claimed', async ({ database }) => {
      const { db } = database;
      await createTestJobs(db, ['a', 'b']);
      const claiming = signal();
      const proceed = signal();
      const queue = testQueue(db, {});
      const runner = new JobRunner<TestItem>({
        ...queue,
        claim: async (opts) => {
          claiming.resolve();
          await proceed.promise;
          return queue.claim(opts);
        },
      });
      void runner.start();
      await claiming.promise;
      let stopped = false;
      const stopping = runner.stop(60_000).then(() => (stopped = true));
      for (let i = 0; i < 20; i++) await nextTurn();
      expect(stopped).toBe(false);
      proceed.resolve();
      await stopping;
      expect((await testRuns(db)).map((r) => r.job_id)).toEqual(['a', 'b']);
    });

    test('lets in-flight items finish within the grace period', async ({ database }) => {
      const { db } = database;
      await createTestJobs(db, ['a']);
      const started = signal();
      const finish = signal();
      let signalled = false;
      const runner = new JobRunner(
        testQueue(db, {
          work: async (_item, { signal: abort }) => {
            started.resolve();
            await finish.promise;
            signalled = abort.aborted;
            return 'done';
          },
        }),
      );
      await runner.start();
      await started.promise;
      const stopping = runner.stop(60_000);
      finish.resolve();
      await stopping;
      expect(signalled).toBe(false);
      expect(await testJobs(db)).toEqual([{ id: 'a', attempts: 1, locked_by: null, done: true }]);
    });

    test('past the grace period aborts in-flight items, which give their leases back', async ({ database }) => {
      const { db } = database;
      await createTestJobs(db, ['a', 'b']);
      const started = signal();
      const seen: { reason: string; stopping: boolean }[] = [];
      const runner = new JobRunner(
        testQueue(db, {
          work: async (_item, { signal: abort, stopping }) => {
            started.resolve();
            await new Promise((resolve) => abort.addEventListener('abort', resolve));
            seen.push({ reason: (abort.reason as Error).message, stopping: stopping() });
            return stopping() ? 'release' : 'done';
          },
        }),
      );
      await runner.start();
      await started.promise;
      await runner.stop(10);
      expect(seen).toEqual([
        { reason: 'runner stopping', stopping: true },
        { reason: 'runner stopping', stopping: true },
      ]);
      expect(await testJobs(db)).toEqual([
        { id: 'a', attempts: 0, locked_by: null, done: false },
        { id: 'b', attempts: 0, locked_by: null, done: false },
      ]);
      // The next runner finishes them, as first attempts.
      await new JobRunner(testQueue(db, {})).drain();
      expect((await testRuns(db)).map((r) => [r.job_id, r.attempt])).toEqual([
        ['a', 1],
        ['b', 1],
      ]);
    });
  });

  test('a started runner that would not poll for a minute runs work announced by NOTIFY at once', async ({
    database,
  }) => {
    const { db } = database;
    await createTestJobs(db, []);
    const looked = signal();
    const ran = signal<string>();
    const queue: Queue<TestItem> = testQueue(db, {
      pollMs: 60_000,
      channel: TEST_CHANNEL,
      work: async (item) => {
        ran.resolve(item.id);
        return 'done';
      },
    });
    const runner = new JobRunner<TestItem>(
      {
        ...queue,
        claim: async (opts) => {
          const items = await queue.claim(opts);
          looked.resolve();
          return items;
        },
      },
      { listen: database.listen },
    );
    await runner.start();
    try {
      await looked.promise; // its first look found nothing: the next poll is a minute away
      await createTestJobs(db, ['a'], { notify: true });
      expect(await ran.promise).toBe('a');
    } finally {
      await runner.stop();
    }
    expect(await testRuns(db)).toEqual([{ job_id: 'a', attempt: 1, runner: runner.id }]);
  });
});
