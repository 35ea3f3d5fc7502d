export { backoffMs } from './backoff.ts';
export type { JobLog, Queue, QueueLedger, RunContext } from './queue.ts';
export { JobRunner, type Listen } from './runner.ts';
export { Scheduler, type Schedule } from './scheduler.ts';
