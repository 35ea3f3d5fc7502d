import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ClaimedDelivery } from '../domains/webhooks/jobs.ts';
import { rerunReport, type ReportItem } from '../domains/reports/index.ts';
import type { CsvJobRow } from '../domains/csv/view.ts';
import type { SolSettings } from '../domains/sol/engine.ts';
import type { ClaimedCheck } from '../domains/sol/jobs.ts';
import type { TenantScope } from '../kernel/index.ts';
import type { JobRunner } from '../lib/jobs/index.ts';
import type { ListSource } from '../domains/watchlists/sources.ts';
import { buildJobs, type Jobs } from './jobs/build-jobs.ts';

export type ReportsService = {
  /** The reports queue's runner. Tests call `drain()` or `runner.runOnce()` instead of starting it. */
  runner: JobRunner<ReportItem>;
  /** Call after committing new PENDING reports: the runner looks at once instead of at its next poll. */
  wake(): void;
  /** Runs every PENDING report to its end, right now (tests, scripts). */
  drain(opts?: { timeoutMs?: number }): Promise<void>;
  /** `rerunReport` + its events + wake: what a "run again" route needs. */
  rerun(scope: TenantScope, reportId: string): ReturnType<typeof rerunReport>;
  /** Sol's reference checks: their runner, and the clock and settings its webhook routes share. */
  sol: { runner: JobRunner<ClaimedCheck>; now: () => Date; settings: SolSettings; wake(): void };
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Every job runner and schedule of this process (plugins/jobs/build-jobs.ts); main.ts starts them when WORKERS=true. */
    jobs: Jobs;
    /** Report jobs: see domains/reports (enqueueReports inside your transaction, then `app.reports.wake()`). */
    reports: ReportsService;
    /** Webhook deliveries: domains/webhooks (emitWebhookEvent inside your transaction). */
    webhooks: { runner: JobRunner<ClaimedDelivery>; wake(): void };
    /** CSV imports: tests call `runner.drain()`. */
    csv: { runner: JobRunner<CsvJobRow>; wake(): void };
    /** Watch lists: the lists, their sync and the monitoring of each new version. */
    watchlists: { sources: readonly ListSource[]; wakeSync(): void; wakeMonitor(): void };
  }
}

export default fp(
  async function jobs(app: FastifyInstance) {
    const jobs = buildJobs({ config: app.config, database: app.database, events: app.events, log: app.log });
    app.decorate('jobs', jobs);
    const { reports, sol, webhooks, csv } = jobs.runner;
    app.decorate('reports', {
      runner: reports,
      wake: () => reports.wake(),
      drain: (opts) => reports.drain(opts),
      rerun: async (scope, reportId) => {
        const result = await rerunReport(app.db, scope, reportId);
        const { report, ownerId, profile } = result;
        app.events.publish('report.updated', ownerId, {
          profileId: report.profileId,
          reportId: report.id,
          status: report.status,
        });
        if (profile?.changed)
          app.events.publish('profile.updated', ownerId, { profileId: profile.profileId, status: profile.status });
        if (result.credits)
          app.events.publish('credits.updated', ownerId, { creditsAvailable: result.credits.creditsAvailable });
        reports.wake();
        return result;
      },
      sol: { runner: sol, now: sol.queue.now, settings: sol.queue.settings, wake: () => sol.wake() },
    } satisfies ReportsService);
    app.decorate('webhooks', { runner: webhooks, wake: () => webhooks.wake() });
    app.decorate('csv', { runner: csv, wake: () => csv.wake() });
    app.decorate('watchlists', {
      sources: jobs.sources,
      wakeSync: () => jobs.runner['watchlist-sync'].wake(),
      wakeMonitor: () => jobs.runner['watchlist-monitor'].wake(),
    });
    // preClose: before the database plugin's onClose closes the connection the in-flight jobs write with.
    app.addHook('preClose', () => jobs.stop());
  },
  { name: 'jobs', dependencies: ['db'] },
);
