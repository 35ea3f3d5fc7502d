import { csvRowToCandidate, type CsvMapping, type CsvRowIssue, type CsvRowPlan, type TCandidateInput } from '@centinela/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { csvJobFailures, csvJobs } from '../../db/schema/index.ts';
import type { CreditChange } from '../credits/charge.ts';
import { createCandidates } from '../profiles/create-batch.ts';
import type { Actor } from '../profiles/actor.ts';
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

/**
 * Commits one batch: the valid rows become persons (reports queued), the others failure rows, and the
 * job's resume point moves past the batch — all in one transaction, guarded by the lease and by the
 * resume point the batch started from. A crash before commit leaves nothing; after it, nothing is
 * redone: a file line becomes a person at most once.
 */
export async function commitBatch(
  db: Db,
  job: CsvJobRow,
  opts: { runnerId: string; leaseMs: number; fromRow: number; records: CsvRecord[]; plan: CsvRowPlan; beforeCommit?: () => void | Promise<void> },
): Promise<{ job: CsvJobRow; credits: CreditChange | null }> {
  const outcomes = opts.records.map((r) => judgeRow(job, opts.plan, r));
  const good = outcomes.filter((o): o is Extract<RowOutcome, { candidate: unknown }> => 'candidate' in o);
  const bad = outcomes.filter((o): o is Extract<RowOutcome, { issues: unknown }> => 'issues' in o);
  const actor: Actor = { userId: job.createdBy as string, ip: null };
  return db.transaction(async (tx) => {
    // The job row first: it serialises batches of one job and refuses a stale runner before any work.
    const [held] = await tx
      .select({ id: csvJobs.id })
      .from(csvJobs)
      .where(and(eq(csvJobs.id, job.id), eq(csvJobs.lockedBy, opts.runnerId), eq(csvJobs.committedRows, opts.fromRow)))
      .for('update');
    if (!held) throw new LeaseLost(`csv job ${job.id}: lease lost or batch already committed`);
    const { credits } = await createCandidates(tx, {
      ownerId: job.ownerId,
      actor,
      createdAs: 'csv',
      pipelineId: job.pipelineId,
      reportTypes: job.reportTypes,
      candidates: good.map((g) => g.candidate),
      audit: good.map((g) => ({ csvJobId: job.id, line: g.line })),
    });
    const failures = bad.flatMap((b) => b.issues.map((issue, seq) => ({ jobId: job.id, line: b.line, seq, field: issue.field, code: issue.code })));
    if (failures.length > 0) await tx.insert(csvJobFailures).values(failures);
    await opts.beforeCommit?.();
    const [row] = await tx
      .update(csvJobs)
      .set({
        committedRows: opts.fromRow + opts.records.length,
        processed: sql`${csvJobs.processed} + ${opts.records.length}`,
        succeeded: sql`${csvJobs.succeeded} + ${good.length}`,
        failed: sql`${csvJobs.failed} + ${bad.length}`,
        lockedUntil: sql`now() + ${`${opts.leaseMs} milliseconds`}::interval`,
      })
      .where(and(eq(csvJobs.id, job.id), eq(csvJobs.lockedBy, opts.runnerId)))
      .returning();
    if (!row) throw new LeaseLost(`csv job ${job.id}: lease lost`);
    return { job: row, credits };
  });
}
