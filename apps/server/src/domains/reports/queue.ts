import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { profiles } from '../../db/schema/index.ts';
import type { Queue, QueueLedger } from '../../lib/jobs/index.ts';
import { claimReports, nextDueInMs, REPORTS_CHANNEL, type ClaimedJob } from './jobs.ts';
import { reportHandler, type ReportHandlerOptions, type ReportItem } from './run-report.ts';

export type ReportQueueOptions = ReportHandlerOptions & { concurrency: number; pollMs: number; leaseMs: number };

/** A report is PENDING until it runs, due at `run_after`; ERROR is final. */
const ledger: QueueLedger = {
  rows: sql`report`,
  unfinished: sql`status = 'PENDING'`,
  dueAt: sql`run_after`,
  lockedUntil: sql`locked_until`,
  attempts: sql`attempts`,
  failed: sql`status = 'ERROR'`,
};

/**
 * The reports queue: a PENDING report row is the job (jobs.ts claims it with a lease), run by
 * run-report.ts. New reports are announced on REPORTS_CHANNEL when their transaction commits.
 */
export function reportsQueue(o: ReportQueueOptions): Queue<ReportItem> {
  return {
    name: 'reports',
    concurrency: o.concurrency,
    leaseMs: o.leaseMs,
    pollMs: o.pollMs,
    channel: REPORTS_CHANNEL,
    claim: async ({ runnerId, leaseMs, limit }) => {
      const jobs = await claimReports(o.db, { workerId: runnerId, leaseMs, limit });
      const people = await profilesOf(o.db, jobs);
      return jobs.map((job) => ({ id: job.id, job, profile: people.get(job.profileId) }));
    },
    run: reportHandler(o),
    nextDueInMs: () => nextDueInMs(o.db),
    ledger,
  };
}

/** The claimed reports' profiles in one query (a report whose profile is gone meanwhile finds none). */
async function profilesOf(db: Db, jobs: ClaimedJob[]) {
  if (jobs.length === 0) return new Map<string, typeof profiles.$inferSelect>();
  const rows = await db
    .select()
    .from(profiles)
    .where(inArray(profiles.id, [...new Set(jobs.map((j) => j.profileId))]));
  return new Map(rows.map((p) => [p.id, p]));
}
