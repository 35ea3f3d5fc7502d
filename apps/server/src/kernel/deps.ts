import type { Database, Db } from '../db/client.ts';
import type { Config } from '../lib/config.ts';
import type { JobLog } from '../lib/jobs/index.ts';
import type { EventBus } from './events.ts';

/**
 * What a changing domain function needs: the database, the bus it publishes on after commit, and the
 * reports runner's wake-up (look for queued reports now rather than at the next poll).
 */
export type Deps = { db: Db; events: EventBus; wake?: () => void };

/**
 * What every queue's factory (`<name>QueueFor` in domains/<d>/<name>-queue.ts) is given by the process that
 * runs it (plugins/jobs/build-jobs.ts). A queue that needs more says so in its own signature
 * (`QueueDeps & { … }`), and the process provides it.
 */
export type QueueDeps = {
  config: Config;
  database: Database;
  events: EventBus;
  log?: JobLog;
  /** Wakes another queue's runner in this process, by the queue's name (an import wakes `reports`). */
  wake?: (queue: string) => void;
};
