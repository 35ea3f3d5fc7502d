import type { Config } from '../../lib/config.ts';
import type { Database } from '../../db/client.ts';
import type { EventBus } from '../../kernel/index.ts';
import type { Queue } from '../../lib/jobs/index.ts';
import type { ReportProvider } from './provider.ts';
import { SandboxProvider } from './sandbox.ts';
import { reportsQueue, type ReportQueueOptions } from './queue.ts';
import type { ReportItem } from './run-report.ts';

export { enqueueReports, rerunReport, type QueuedReport } from './enqueue.ts';
export { refreshProfileStatus, type ProfileStatusChange } from './profile-status.ts';
export { REPORTS_CHANNEL } from './jobs.ts';
export { reportsQueue } from './queue.ts';
export type { ReportItem, SolHandoff } from './run-report.ts';

/** The configured source of reports: the sandbox until a real connector is added to REPORT_PROVIDER. */
export function createProvider(config: Config): ReportProvider {
  switch (config.REPORT_PROVIDER) {
    case 'sandbox':
      return new SandboxProvider({ latency: config.SANDBOX_LATENCY_MS });
  }
}

/** The reports queue wired from configuration. Sources are slow and I/O-bound, so many reports wait on them at once; their results are written in batches (one transaction each), so PGlite's single session is no bottleneck. */
export function reportsQueueFor(
  config: Config,
  database: Database,
  events: EventBus,
  extra: Partial<Pick<ReportQueueOptions, 'provider' | 'log' | 'sol'>> = {},
): Queue<ReportItem> {
  return reportsQueue({
    db: database.db,
    provider: extra.provider ?? createProvider(config),
    events,
    log: extra.log,
    sol: extra.sol,
    concurrency: config.WORKER_CONCURRENCY ?? (database.kind === 'postgres' ? 32 : 8),
    pollMs: config.WORKER_POLL_MS,
    leaseMs: config.REPORT_LEASE_SECONDS * 1000,
    maxAttempts: config.REPORT_MAX_ATTEMPTS,
    backoffMs: config.REPORT_BACKOFF_MS,
    backoffMaxMs: config.REPORT_BACKOFF_MAX_MS,
  });
}
