import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { startIdempotencyPurge } from '../domains/api-keys/idempotency.ts';
import { startRefillSchedule } from '../domains/credits/schedule.ts';
import { startSummaryCompaction } from '../domains/metrics/summaries.ts';
import { createReportWorker, REPORTS_CHANNEL, rerunReport, type ReportWorker } from '../domains/reports/index.ts';
import { createSolWorker, solHandoff, type SolWorker } from '../domains/sol/index.ts';
import type { TenantScope } from '../domains/tenancy.ts';

export type ReportsService = {
  /** The in-process worker. Tests call `drain()` or `worker.runOnce()` instead of starting it. */
  worker: ReportWorker;
  /** Starts the worker and wakes it on every NOTIFY of new work, from any process (main.ts, WORKERS=true). */
  start(): Promise<void>;
  /** Call after committing new PENDING reports: the worker looks at once instead of at its next poll. */
  wake(): void;
  /** Runs every PENDING report to its end, right now (tests, scripts). */
  drain(opts?: { timeoutMs?: number }): Promise<void>;
  /** `rerunReport` + its events + wake: what a "run again" route needs. */
  rerun(scope: TenantScope, reportId: string): ReturnType<typeof rerunReport>;
  /** Sol's reference-check worker (issue #9): employment_references reports are handed to it. */
  sol: SolWorker;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Report jobs: see domains/reports (enqueueReports inside your transaction, then `app.reports.wake()`). */
    reports: ReportsService;
  }
}

export default fp(
  async function reports(app: FastifyInstance) {
    const sol = createSolWorker(app.config, app.database, app.events, { log: app.log });
    const worker = createReportWorker(app.config, app.database, app.events, { log: app.log, sol: solHandoff(app.config, () => sol) });
    let unlisten: (() => Promise<void>) | undefined;
    let stopRefills: (() => Promise<void>) | undefined;
    let stopCompaction: (() => Promise<void>) | undefined;
    let stopPurge: (() => Promise<void>) | undefined;
    const service: ReportsService = {
      worker,
      sol,
      start: async () => {
        worker.start();
        sol.start();
        unlisten ??= await app.database.listen(REPORTS_CHANNEL, () => worker.wake());
        // The free plan's monthly refill rides along with the workers (idempotent per month).
        stopRefills ??= startRefillSchedule(app.db, app.events, app.log);
        // The navbar's status counters fold in their deltas (domains/metrics/summaries.ts).
        stopCompaction ??= startSummaryCompaction(app.db, app.log);
        // Client API keys past their 24 h window are forgotten (their stored answers hold personal data).
        stopPurge ??= startIdempotencyPurge(app.db, app.log);
      },
      wake: () => worker.wake(),
      drain: (opts) => worker.drain(opts),
      rerun: async (scope, reportId) => {
        const result = await rerunReport(app.db, scope, reportId);
        const { report, ownerId, profile } = result;
        app.events.publish('report.updated', ownerId, { profileId: report.profileId, reportId: report.id, status: report.status });
        if (profile?.changed) app.events.publish('profile.updated', ownerId, { profileId: profile.profileId, status: profile.status });
        if (result.credits) app.events.publish('credits.updated', ownerId, { creditsAvailable: result.credits.creditsAvailable });
        worker.wake();
        return result;
      },
    };
    app.decorate('reports', service);
    // preClose: before the database plugin's onClose closes the connection the in-flight jobs write with.
    app.addHook('preClose', async () => {
      await stopRefills?.();
      await stopCompaction?.();
      await stopPurge?.();
      await unlisten?.();
      await worker.stop();
      await sol.stop();
    });
  },
  { name: 'reports', dependencies: ['db'] },
);
