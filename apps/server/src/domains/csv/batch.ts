import { csvRowToCandidate, type CsvMapping, type CsvRowIssue, type CsvRowPlan, type TCandidateInput } from '@centinela/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { csvJobFailures, csvJobs } from '../../db/schema/index.ts';
import type { CreditChange } from '../credits/charge.ts';
import { insertCandidates, prepareCandidates, type PreparedCandidates } from '../profiles/create-batch.ts';
import { cellsByHeader } from './inspect.ts';
import type { CsvRecord } from './read.ts';
import type { CsvJobRow } from './view.ts';

/** The runner no longer holds the job (its lease ran out and another runner took it): the batch must not commit. */
export class LeaseLost extends Error {}

export type RowOutcome = { line: number; candidate: TCandidateInput } | { line: number; issues: CsvRowIssue[] };

/** One row's fate, by the shared rules (the same schema as the single-person form). */
export function judgeRow(job: Pick<CsvJobRow, 'headers' | 'mapping'>, plan: CsvRowPlan, record: CsvRecord): RowOutcome {
  const cells = cellsByHeader(job.headers, record.cells);
  if (!cells) return { line: record.line, issues: [{ field: null, code: 'column_count' }] };
  const result = csvRowToCandidate(cells, job.mapping as CsvMapping, plan);
  return result.ok ? { line: record.line, candidate: result.input } : { line: record.line, issues: result.issues };
}

/** A batch judged and its persons prepared (CPU only): the runner prepares the next batch while one commits. */
export type PreparedBatch = {
  records: number;
  succeeded: number;
  failed: number;
  candidates: PreparedCandidates;
  failures: (typeof csvJobFailures.$inferInsert)[];
};

export function prepareBatch(job: CsvJobRow, plan: CsvRowPlan, records: readonly CsvRecord[]): PreparedBatch {
  const outcomes = records.map((r) => judgeRow(job, plan, r));
  const good = outcomes.filter((o): o is Extract<RowOutcome, { candidate: unknown }> => 'candidate' in o);
  const bad = outcomes.filter((o): o is Extract<RowOutcome, { issues: unknown }> => 'issues' in o);
  const candidates = prepareCandidates({
    ownerId: job.ownerId,
    actor: { userId: job.createdBy as string, ip: null },
    createdAs: 'csv',
    pipelineId: job.pipelineId,
    reportTypes: job.reportTypes,
    candidates: good.map((g) => g.candidate),
    audit: good.map((g) => ({ csvJobId: job.id, line: g.line })),
  });
  const failures = bad.flatMap((b) => b.issues.map((issue, seq) => ({ jobId: job.id, line: b.line, seq, field: issue.field, code: issue.code })));
  return { records: records.length, succeeded: good.length, failed: bad.length, candidates, failures };
}

/**
 * Commits one batch: the valid rows become persons (reports queued), the others failure rows, and the
 * job's resume point moves past the batch — all in one transaction, guarded by the lease and by the
 * resume point the batch started from. A crash before commit leaves nothing; after it, nothing is
 * redone: a file line becomes a person at most once.
 *
 * With `after` (the previous batch's commit), the rows are written while that batch still commits, and
 * only then is the job row locked and the resume point checked: two batches use the database at once,
 * yet they commit in file order, and a batch whose predecessor failed rolls back.
 */
export async function commitBatch(
  db: Db,
  job: CsvJobRow,
  opts: { runnerId: string; leaseMs: number; fromRow: number; after?: Promise<unknown>; beforeCommit?: () => void | Promise<void> } & (
    | { batch: PreparedBatch }
    | { records: CsvRecord[]; plan: CsvRowPlan }
  ),
): Promise<{ job: CsvJobRow; credits: CreditChange | null }> {
  const batch = 'batch' in opts ? opts.batch : prepareBatch(job, opts.plan, opts.records);
  return db.transaction(async (tx) => {
    const { credits } = await insertCandidates(tx, batch.candidates);
    if (batch.failures.length > 0) await tx.insert(csvJobFailures).values(batch.failures);
    await opts.after;
    // The job row serialises the batches of one job and refuses a stale runner, or a batch already committed.
    // FOR NO KEY UPDATE, not FOR UPDATE: the next batch's failure rows hold a key-share lock on this row
    // (their foreign key) while that batch waits for this one, and FOR UPDATE would wait for it in turn.
    const [held] = await tx
      .select({ id: csvJobs.id })
      .from(csvJobs)
      .where(and(eq(csvJobs.id, job.id), eq(csvJobs.lockedBy, opts.runnerId), eq(csvJobs.committedRows, opts.fromRow)))
      .for('no key update');
    if (!held) throw new LeaseLost(`csv job ${job.id}: lease lost or batch already committed`);
    await opts.beforeCommit?.();
    const [row] = await tx
      .update(csvJobs)
      .set({
        committedRows: opts.fromRow + batch.records,
        processed: sql`${csvJobs.processed} + ${batch.records}`,
        succeeded: sql`${csvJobs.succeeded} + ${batch.succeeded}`,
        failed: sql`${csvJobs.failed} + ${batch.failed}`,
        lockedUntil: sql`now() + ${`${opts.leaseMs} milliseconds`}::interval`,
      })
      .where(eq(csvJobs.id, job.id))
      .returning();
    return { job: row!, credits };
  });
}
