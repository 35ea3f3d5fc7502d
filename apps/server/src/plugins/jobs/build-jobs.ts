import type { Database } from '../../db/client.ts';
import { idempotencyPurge } from '../../domains/api-keys/idempotency.ts';
import { exportExpiry } from '../../domains/candidate/export-expiry.ts';
import { closeIdentityEngine, configureIdentityEngine } from '../../domains/identity-report/engine.ts';
import { unsubmittedPictureExpiry } from '../../domains/identity-report/expiry.ts';
import { IdentityProvider } from '../../domains/identity-report/provider.ts';
import { creditRefill } from '../../domains/credits/schedule.ts';
import { uploadExpiry } from '../../domains/csv/expiry.ts';
import { summaryCompaction } from '../../domains/metrics/summaries.ts';
import { filePurge } from '../../domains/profiles/file-purge.ts';
import { createProvider } from '../../domains/reports/index.ts';
import { providerByType } from '../../domains/reports/provider.ts';
import { retentionPurge } from '../../domains/retention/purge.ts';
import { solHandoff } from '../../domains/sol/index.ts';
import { storageFor } from '../../domains/uploads/storage.ts';
import { WatchlistProvider } from '../../domains/watchlists/provider.ts';
import { listSources } from '../../domains/watchlists/sources.ts';
import type { EventBus } from '../../kernel/index.ts';
import { jobGraceMs, type Config } from '../../lib/config.ts';
import { JobRunner, Scheduler, type JobLog, type Queue } from '../../lib/jobs/index.ts';
import { QUEUES, type JobQueueDeps, type QueueRegistry } from './queues.ts';

export type JobsDeps = { config: Config; database: Database; events: EventBus; log?: JobLog };

/** The runner of each listed queue, under the queue's name, typed by what its factory builds. */
export type RunnersOf<R extends QueueRegistry> = {
  [K in keyof R]: JobRunner<ItemOf<ReturnType<R[K]>>> & { readonly queue: ReturnType<R[K]> };
};
type ItemOf<Q> = Q extends Queue<infer I extends { id: string }> ? I : never;

/**
 * Every job runner and schedule of one process, built in one place: the server with WORKERS=true
 * (plugins/jobs.ts) and `npm run worker` (worker.ts). The queues are the ones listed in queues.ts (a test
 * may pass its own list); a new schedule gets its line in the scheduler's list below.
 */
export function buildJobs<R extends QueueRegistry = typeof QUEUES>(
  { config, database, events, log }: JobsDeps,
  queues: R = QUEUES as unknown as R,
) {
  // Watch lists answer their own report type, identity documents theirs, read from
  // the person's stored pictures; every other type goes to the configured provider.
  const watchlists = new WatchlistProvider(database.db, { maxAgeDays: config.WATCHLIST_MAX_AGE_DAYS });
  // The same engine serves the report job and the candidates' uploads of this process.
  configureIdentityEngine({
    taskTimeoutMs: config.IDENTITY_TASK_TIMEOUT_MS,
    onWorkerError: (error) => log?.error({ err: error }, 'identity engine: a worker died between tasks'),
  });
  const identity_document = new IdentityProvider({ db: database.db, storage: storageFor(config) });
  const wake = (name: string) => (runner as Record<string, JobRunner<{ id: string }>>)[name]?.wake();
  const deps: JobQueueDeps = {
    config,
    database,
    events,
    log,
    wake,
    reportProvider: providerByType({ watchlists, identity_document }, createProvider(config)),
    solHandoff: solHandoff(config, () => wake('sol')),
  };
  const runner = {} as RunnersOf<R>;
  for (const [name, factory] of Object.entries(queues)) {
    const queue = factory(deps);
    if (queue.name !== name) throw new Error(`queues.ts lists ${queue.name} as ${name}: list it under its name`);
    (runner as Record<string, unknown>)[name] = new JobRunner(queue, { log, listen: database.listen });
  }
  const all: JobRunner<{ id: string }>[] = Object.values(runner);
  // The lists this process screens against (routes show them); the sync queue downloads them unless WATCHLIST_SYNC=false.
  const sources = listSources(config);
  const storage = storageFor(config);
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
      // Retention: persons past their owner's retention, through the one person-deletion path.
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
  return {
    /** The runner of each queue, by the queue's name (`runner['watchlist-monitor'].drain()`). */
    runner,
    /** Every runner, in the order queues.ts lists them. */
    runners: all,
    /** The watch lists this process screens against and syncs. */
    sources,
    scheduler,
    /** Every runner (woken by NOTIFY of new work from any process) and every schedule. */
    start: async () => {
      scheduler.start();
      await Promise.all(all.map((r) => r.start()));
    },
    /**
     * `--until-idle`: each queue to its end, in the order queues.ts lists them (imports, then the reports
     * they queued, the monitoring runs of new list versions, the deliveries, the candidates' copies). Queues
     * with `untilIdle: false` are left to a started runner: Sol's checks (they take up to 48 hours) and the
     * lists' downloads (their own schedule).
     */
    runUntilIdle: async (timeoutMs: number) => {
      for (const r of all) if (r.queue.untilIdle !== false) await r.drain({ timeoutMs });
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

export type Jobs = ReturnType<typeof buildJobs<typeof QUEUES>>;
