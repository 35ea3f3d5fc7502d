import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createReportWorker, rerunReport, type ReportWorker } from '../domains/reports/index.ts';
import type { TenantScope } from '../domains/tenancy.ts';

export type ReportsService = {
  /** The in-process worker. main.ts starts it when WORKERS=true; tests call `drain()` instead. */
  worker: ReportWorker;
  /** Call after committing new PENDING reports: the worker looks at once instead of at its next poll. */
  wake(): void;
  /** Runs every PENDING report to its end, right now (tests, scripts). */
  drain(opts?: { timeoutMs?: number }): Promise<void>;
  /** `rerunReport` + its events + wake: what a "run again" route needs. */
  rerun(scope: TenantScope, reportId: string): ReturnType<typeof rerunReport>;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Report jobs: see domains/reports (enqueueReports inside your transaction, then `app.reports.wake()`). */
    reports: ReportsService;
  }
}

export default fp(
  async function reports(app: FastifyInstance) {
    const worker = createReportWorker(app.config, app.database, app.events, { log: app.log });
    const service: ReportsService = {
      worker,
      wake: () => worker.wake(),
      drain: (opts) => worker.drain(opts),
      rerun: async (scope, reportId) => {
        const result = await rerunReport(app.db, scope, reportId);
        const { report, ownerId, profile } = result;
        app.events.publish('report.updated', ownerId, { profileId: report.profileId, reportId: report.id, status: report.status });
        if (profile?.changed) app.events.publish('profile.updated', ownerId, { profileId: profile.profileId, status: profile.status });
        worker.wake();
        return result;
      },
    };
    app.decorate('reports', service);
    // preClose: before the database plugin's onClose closes the connection the in-flight jobs write with.
    app.addHook('preClose', async () => {
      await worker.stop();
    });
  },
  { name: 'reports', dependencies: ['db'] },
);
