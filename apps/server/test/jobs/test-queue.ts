import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import type { Queue, RunContext } from '../../src/lib/jobs/index.ts';

/**
 * A queue of the runner tests' own, in their fresh database: `test_job` rows are the jobs, with the
 * usual lease (locked_by, locked_until) and attempt fencing; `test_job_run` gets one row per finished
 * run, written with the job's end, so "exactly once" is a count.
 */
export const TEST_CHANNEL = 'centinela_test_jobs';

export type TestItem = { id: string; attempt: number; lockedBy: string };

/** What a test's work decides: the job is done, or its lease is given back (due again at once). */
export type Outcome = 'done' | 'release';

const rows = async <T>(db: Db, query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

export async function createTestJobs(db: Db, ids: string[], opts: { notify?: boolean } = {}): Promise<void> {
  await db.execute(sql`CREATE TABLE IF NOT EXISTS test_job (
    id text PRIMARY KEY, run_after timestamptz NOT NULL DEFAULT now(), locked_by text, locked_until timestamptz,
    attempts int NOT NULL DEFAULT 0, done_at timestamptz)`);
  await db.execute(
    sql`CREATE TABLE IF NOT EXISTS test_job_run (job_id text NOT NULL, attempt int NOT NULL, runner text NOT NULL)`,
  );
  if (ids.length === 0) return;
  await db.transaction(async (tx) => {
    for (const id of ids) await tx.execute(sql`INSERT INTO test_job (id) VALUES (${id})`);
    if (opts.notify) await tx.execute(sql`SELECT pg_notify(${TEST_CHANNEL}, '')`);
  });
}

export const testJobs = (db: Db) =>
  rows<{ id: string; attempts: number; locked_by: string | null; done: boolean }>(
    db,
    sql`SELECT id, attempts, locked_by, done_at IS NOT NULL AS done FROM test_job ORDER BY id`,
  );

export const testRuns = (db: Db) =>
  rows<{ job_id: string; attempt: number; runner: string }>(
    db,
    sql`SELECT job_id, attempt, runner FROM test_job_run ORDER BY job_id, attempt`,
  );

export async function claimTestJobs(
  db: Db,
  { runnerId, leaseMs, limit }: { runnerId: string; leaseMs: number; limit: number },
): Promise<TestItem[]> {
  const claimed = await rows<{ id: string; attempt: number }>(
    db,
    sql`UPDATE test_job SET locked_by = ${runnerId}, locked_until = now() + (${leaseMs}::double precision * interval '1 millisecond'), attempts = attempts + 1
        WHERE id IN (SELECT id FROM test_job WHERE done_at IS NULL AND run_after <= now() AND (locked_until IS NULL OR locked_until < now())
                     ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
        RETURNING id, attempts AS attempt`,
  );
  return claimed.map((r) => ({ ...r, lockedBy: runnerId }));
}

/** Writes a run's outcome under its lease: false when another runner took the job over meanwhile. */
export async function settleTestJob(db: Db, item: TestItem, outcome: Outcome): Promise<boolean> {
  const held = sql`id = ${item.id} AND locked_by = ${item.lockedBy} AND attempts = ${item.attempt} AND done_at IS NULL`;
  if (outcome === 'release') {
    return (
      (
        await rows(
          db,
          sql`UPDATE test_job SET locked_by = NULL, locked_until = NULL, attempts = attempts - 1 WHERE ${held} RETURNING id`,
        )
      ).length > 0
    );
  }
  return db.transaction(async (tx) => {
    const [row] = await rows(
      tx,
      sql`UPDATE test_job SET locked_by = NULL, locked_until = NULL, done_at = now() WHERE ${held} RETURNING id`,
    );
    if (!row) return false;
    await tx.execute(
      sql`INSERT INTO test_job_run (job_id, attempt, runner) VALUES (${item.id}, ${item.attempt}, ${item.lockedBy})`,
    );
    return true;
  });
}

export async function nextTestJobInMs(db: Db): Promise<number | null> {
  const [row] = await rows<{ in_ms: number | null }>(
    db,
    sql`SELECT (extract(epoch from min(greatest(run_after, coalesce(locked_until, run_after))) - now()) * 1000)::double precision AS in_ms FROM test_job WHERE done_at IS NULL`,
  );
  return row?.in_ms === null || row?.in_ms === undefined ? null : Math.max(0, Number(row.in_ms));
}

/** The test queue: `work` decides each run's outcome, which is then settled under the lease. */
export function testQueue(
  db: Db,
  o: {
    leaseMs?: number;
    pollMs?: number;
    concurrency?: number;
    channel?: string;
    work?: (item: TestItem, context: RunContext) => Promise<Outcome>;
  },
): Queue<TestItem> {
  const work = o.work ?? (async () => 'done' as const);
  return {
    name: 'test',
    concurrency: o.concurrency ?? 2,
    leaseMs: o.leaseMs ?? 60_000,
    pollMs: o.pollMs ?? 60_000,
    ...(o.channel && { channel: o.channel }),
    claim: (opts) => claimTestJobs(db, opts),
    run: async (item, context) => void (await settleTestJob(db, item, await work(item, context))),
    nextDueInMs: () => nextTestJobInMs(db),
    ledger: {
      table: sql`test_job`,
      unfinished: sql`done_at is null`,
      dueAt: sql`run_after`,
      lockedUntil: sql`locked_until`,
      attempts: sql`attempts`,
      failed: sql`false`,
    },
  };
}
