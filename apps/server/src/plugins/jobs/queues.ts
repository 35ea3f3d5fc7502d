import { privacyExportsQueueFor } from '../../domains/candidate/privacy-exports-queue.ts';
import { csvQueueFor } from '../../domains/csv/csv-queue.ts';
import { reportsQueueFor } from '../../domains/reports/reports-queue.ts';
import { solQueueFor } from '../../domains/sol/sol-queue.ts';
import { watchlistMonitorQueueFor } from '../../domains/watchlists/watchlist-monitor-queue.ts';
import { watchlistSyncQueueFor } from '../../domains/watchlists/watchlist-sync-queue.ts';
import { webhooksQueueFor } from '../../domains/webhooks/webhooks-queue.ts';
import type { QueueDeps } from '../../kernel/index.ts';
import type { ReportProvider } from '../../domains/reports/provider.ts';
import type { SolHandoff } from '../../domains/reports/index.ts';
import type { Queue } from '../../lib/jobs/index.ts';

/** What a process gives every queue's factory (build-jobs.ts): the kernel's QueueDeps, and what some queues need besides. */
export type JobQueueDeps = QueueDeps & {
  /** The report sources by type (watch lists and identity documents answer their own). */
  reportProvider: ReportProvider;
  /** How the reports queue hands employment_references reports over to Sol's. */
  solHandoff: SolHandoff;
};

/** A queue's factory as this list holds it: `<name>QueueFor` in domains/<d>/<name>-queue.ts. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each queue's item type is its own
export type QueueFactory = (deps: JobQueueDeps) => Queue<any>;

/**
 * Every job queue, keyed by its name, in the order `npm run worker -- --until-idle` runs them to their end
 * (imports queue reports, reports emit webhooks). Each gets its runner in every process that runs jobs,
 * its series in /metrics (observability/queue-stats.ts reads its ledger) and `app.jobs.runner[name]`.
 * A new queue is one file (domains/<d>/<name>-queue.ts) and one line here.
 */
export const QUEUES = {
  csv: csvQueueFor,
  reports: reportsQueueFor,
  'watchlist-monitor': watchlistMonitorQueueFor,
  webhooks: webhooksQueueFor,
  'privacy-exports': privacyExportsQueueFor,
  sol: solQueueFor,
  'watchlist-sync': watchlistSyncQueueFor,
} satisfies Record<string, QueueFactory>;

export type QueueRegistry = Record<string, QueueFactory>;
