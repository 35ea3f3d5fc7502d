import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { profiles, reports } from '../../db/schema/index.ts';
import type { QueueDeps } from '../../kernel/index.ts';
import type { Config } from '../../lib/config.ts';
import type { Queue, QueueLedger } from '../../lib/jobs/index.ts';
import { claimReports, nextDueInMs, REPORTS_CHANNEL, type ClaimedJob } from './jobs.ts';
import type { ReportProvider } from './provider.ts';
import { reportHandler, type ReportHandlerOptions, type ReportItem, type SolHandoff } from './run-report.ts';
import { SandboxProvider } from './sandbox.ts';

export type ReportQueueOptions = ReportHandlerOptions & { concurrency: number; pollMs: number; leaseMs: number };

/** A report is PENDING until it runs, due at `run_after`; ERROR is final. */
const ledger: QueueLedger = {
  table: reports,
  unfinished: eq(reports.status, 'PENDING'),
  dueAt: reports.runAfter,
  lockedUntil: reports.lockedUntil,
  attempts: reports.attempts,
  failed: eq(reports.status, 'ERROR'),
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

/** The configured source of reports: the sandbox until a real connector is added to REPORT_PROVIDER. */
export function createProvider(config: Config): ReportProvider {
  switch (config.REPORT_PROVIDER) {
    case 'sandbox':
      return new SandboxProvider({ latency: config.SANDBOX_LATENCY_MS });
  }
}

/**
 * The reports queue wired from configuration. The process gives it the sources by report type (watch lists
 * and identity documents answer their own, from domains that depend on this one) and Sol's hand-over;
 * without them, every type goes to the configured provider. Sources are slow and I/O-bound, so many
 * reports wait on them at once; their results are written in batches (one transaction each), so PGlite's
 * single session is no bottleneck.
 */
export function reportsQueueFor(
  deps: QueueDeps & { reportProvider?: ReportProvider; solHandoff?: SolHandoff },
): Queue<ReportItem> {
  const { config, database } = deps;
  return reportsQueue({
    db: database.db,
    provider: deps.reportProvider ?? createProvider(config),
    events: deps.events,
    log: deps.log,
    sol: deps.solHandoff,
    concurrency: config.WORKER_CONCURRENCY ?? (database.kind === 'postgres' ? 32 : 8),
    pollMs: config.WORKER_POLL_MS,
    leaseMs: config.REPORT_LEASE_SECONDS * 1000,
    maxAttempts: config.REPORT_MAX_ATTEMPTS,
    backoffMs: config.REPORT_BACKOFF_MS,
    backoffMaxMs: config.REPORT_BACKOFF_MAX_MS,
  });
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
