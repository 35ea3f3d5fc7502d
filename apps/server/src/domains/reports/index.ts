export { enqueueReports, rerunReport, type QueuedReport } from './enqueue.ts';
export { refreshProfileStatus, type ProfileStatusChange } from './profile-status.ts';
export { REPORTS_CHANNEL } from './jobs.ts';
export { createProvider, reportsQueue, reportsQueueFor } from './reports-queue.ts';
export type { ReportItem, SolHandoff } from './run-report.ts';
