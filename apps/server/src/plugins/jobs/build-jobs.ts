import type { Database } from '../../db/client.ts';
import { idempotencyPurge } from '../../domains/api-keys/idempotency.ts';
import { exportExpiry } from '../../domains/candidate/export-expiry.ts';
import { closeIdentityEngine } from '../../domains/identity-report/engine.ts';
import { unsubmittedPictureExpiry } from '../../domains/identity-report/expiry.ts';
import { IdentityProvider } from '../../domains/identity-report/provider.ts';
import { privacyExportsQueue } from '../../domains/candidate/export-queue.ts';
import { creditRefill } from '../../domains/credits/schedule.ts';
import { uploadExpiry } from '../../domains/csv/expiry.ts';
import { csvQueue } from '../../domains/csv/queue.ts';
import { summaryCompaction } from '../../domains/metrics/summaries.ts';
import { filePurge } from '../../domains/profiles/file-purge.ts';
import { reportsQueueFor } from '../../domains/reports/index.ts';
import { retentionPurge } from '../../domains/retention/purge.ts';
import { solQueueFor, solHandoff } from '../../domains/sol/index.ts';
import { storageFor } from '../../domains/uploads/storage.ts';
import { webhooksQueueFor } from '../../domains/webhooks/index.ts';
import { providerByType } from '../../domains/reports/provider.ts';
import { createProvider } from '../../domains/reports/index.ts';
import { watchlistMonitorQueue } from '../../domains/watchlists/monitor-queue.ts';
import { WatchlistProvider } from '../../domains/watchlists/provider.ts';
import { listSources } from '../../domains/watchlists/sources.ts';
import { watchlistSyncQueue } from '../../domains/watchlists/sync-queue.ts';
import type { EventBus } from '../../kernel/index.ts';
import { jobGraceMs, type Config } from '../../lib/config.ts';
import { JobRunner, Scheduler, type JobLog, type Queue } from '../../lib/jobs/index.ts';

export type JobsDeps = { config: Config; database: Database; events: EventBus; log?: JobLog };

/**
 * Every job runner and schedule of one process, built in one place: the server with WORKERS=true
 * (plugins/jobs.ts) and `npm run worker` (worker.ts). A new queue gets its runner here, in `runners`.
 */
export function buildJobs({ config, database, events, log }: JobsDeps) {
  const runner = <Item extends { id: string }>(queue: Queue<Item>) =>
    new JobRunner(queue, { log, listen: database.listen });
  // Sol's reference checks (issue #9): employment_references reports are handed over to them.
  const solQueue = solQueueFor(config, database, events, { log });
  const sol = runner(solQueue);
  // Watch lists (issue #21) answer their own report type; every other type goes to the configured provider.
  const watchlists = new WatchlistProvider(database.db, { maxAgeDays: config.WATCHLIST_MAX_AGE_DAYS });
  // Identity documents (issue #38) are read and compared here, from the person's stored pictures.
  const identity_document = new IdentityProvider({ db: database.db, storage: storageFor(config) });
  const provider = providerByType({ watchlists, identity_document }, createProvider(config));
  const reports = runner(
    reportsQueueFor(config, database, events, { log, provider, sol: solHandoff(config, () => sol.wake()) }),
  );
  // Webhook deliveries (issue #7): the outbox rows any process commits.
  const webhooks = runner(webhooksQueueFor(config, database.db, log));
  // CSV imports (issue #5): each batch queues reports, which the reports runner then runs.
  const csv = runner(
    csvQueue({
      db: database.db,
      events,
      batchSize: config.CSV_BATCH_SIZE,
      leaseMs: config.CSV_LEASE_SECONDS * 1000,
      pollMs: config.WORKER_POLL_MS,
      wakeReports: () => reports.wake(),
      log,
    }),
  );
  // The lists' scheduled downloads (off with WATCHLIST_SYNC=false), and monitoring of each new version's delta.
  const sources = listSources(config);
  const listSync = runner(
    watchlistSyncQueue({
      db: database.db,
      sources: config.WATCHLIST_SYNC ? sources : [],
      pollMs: config.WORKER_POLL_MS,
      log,
    }),
  );
  const listMonitor = runner(
    watchlistMonitorQueue({
      db: database.db,
      events,
      batchSize: config.WATCHLIST_MONITOR_BATCH,
      pollMs: config.WORKER_POLL_MS,
      log,
    }),
  );
  // Candidates' copies of their data (issue #25), kept in upload storage until they expire.
  const storage = storageFor(config);
  const privacyExports = runner(
    privacyExportsQueue({
      db: database.db,
      storage,
      baseUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
      pollMs: config.WORKER_POLL_MS,
      log,
    }),
  );
  const runners = { reports, sol, webhooks, csv, listSync, listMonitor, privacyExports };
  const scheduler = new Scheduler(
    [
      // The free plan's monthly refill (idempotent per month).
      creditRefill(database.db, events),
      // The navbar's status counters fold in their deltas, and the analytics rollups their dirty days.
      summaryCompaction(database.db),
      // Client API keys past their 24 h window are forgotten (their stored answers hold personal data).
      idempotencyPurge(database.db),
      // CSV uploads the wizard never started.
      uploadExpiry(database.db, config.CSV_UPLOAD_TTL_HOURS * 3_600_000),
      // Retention (issue #25): persons past their owner's retention, through the one person-deletion path.
      retentionPurge({
        db: database.db,
        events,
        purge: filePurge(config, (failed) => log?.error({ failed }, 'retention: some files could not be removed')),
      }),
      // Candidates' copies past their download window lose their files.
      exportExpiry(database.db, storage),
      // Identity pictures from forms never submitted (biometric data with no person to keep it for).
      unsubmittedPictureExpiry(database.db, storage),
    ],
    log,
  );
  const all = Object.values(runners);
  return {
    ...runners,
    runners: all,
    /** Sol's clock and settings, which its webhook routes share with its runner. */
    solQueue,
    /** The watch lists this process screens against and syncs. */
    sources,
    scheduler,
    /** Every runner (woken by NOTIFY of new work from any process) and every schedule. */
    start: async () => {
      scheduler.start();
      await Promise.all(all.map((r) => r.start()));
    },
    /**
     * `--until-idle`: imports, then the reports they queued, then the monitoring runs of new list
     * versions, then the deliveries, each to its end. Sol's checks are left to a started runner (they take
     * up to 48 hours), and the lists' downloads to their schedule.
     */
    runUntilIdle: async (timeoutMs: number) => {
      for (const r of [csv, reports, listMonitor, webhooks, privacyExports]) await r.drain({ timeoutMs });
    },
    /**
     * The schedules' runs in flight end; in-flight items finish, or are given back after the grace period
     * (by default what SHUTDOWN_DEADLINE_MS leaves: `jobGraceMs`).
     */
    stop: async (graceMs = jobGraceMs(config)) => {
      await scheduler.stop();
      await Promise.all(all.map((r) => r.stop(graceMs)));
      // The reports have stopped: the identity engine's worker (and its face models) can go.
      await closeIdentityEngine();
    },
  };
}

export type Jobs = ReturnType<typeof buildJobs>;
