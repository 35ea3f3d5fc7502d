import type { Column, SQL, Table } from 'drizzle-orm';

/** What the runner and the schedules log with (a pino logger fits). */
export type JobLog = {
  debug(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

/** What a handler is given with its item. */
export type RunContext = {
  /**
   * Fires when the runner stops and the grace period is over (reason: 'runner stopping'), or shortly
   * before the item's lease runs out (reason: 'lease expired'): stop waiting and settle, or give back.
   */
  signal: AbortSignal;
  /** Whether the runner was asked to stop: a long job stops between its steps and gives its lease back. */
  stopping(): boolean;
  /** The lease holder this runner writes on the rows it claims. */
  runnerId: string;
};

/**
 * How a queue's table reads as a ledger of its items, for /metrics (domains/observability/queue-stats.ts):
 * its table (the schema's, db/schema) and the columns and conditions its claim reads, so the figures follow
 * the queue's own definition and a renamed column fails the typecheck, not the scrape.
 */
export type QueueLedger = {
  /** The table whose rows are the items (a test's own table: its name as SQL). */
  table: Table | SQL;
  /** Only these rows are items (privacy requests of the export kind); every row when absent. */
  where?: SQL;
  /** The item is not finished yet (its claim may still take it). */
  unfinished: SQL;
  /** When it became (or becomes) due. */
  dueAt: Column | SQL;
  /** Its lease's end (null when unleased). */
  lockedUntil: Column | SQL;
  /** Claims so far (each retry adds one); `sql\`0\`` for a queue that does not count them. */
  attempts: Column | SQL;
  /** It ended failed and stays so. */
  failed: SQL;
};

/**
 * A queue as the runner sees it: how its items are claimed, how one is run, how often to look. The items
 * are rows of a table that carry their own lease (locked_by, locked_until) and attempt count; see
 * runner.ts for how to add one.
 */
export type Queue<Item extends { id: string }> = {
  /** Names the queue in logs and in the runner's id. */
  name: string;
  /** Most items run at once by one runner. */
  concurrency: number;
  /** How long a claim holds an item: a runner that dies is taken over once it has run out. */
  leaseMs: number;
  /** How often an idle runner looks for due items; `wake()` (and a NOTIFY on `channel`) skip the wait. */
  pollMs: number;
  /** The NOTIFY channel committed new work is announced on, from any process. */
  channel?: string;
  /** The handler renews the lease as it goes (CSV batches): no abort when the first lease would end. */
  renewsLease?: boolean;
  /** After a look, look again when the next item is due if that is sooner than `pollMs` (Sol's timed steps). */
  pollWhenDue?: boolean;
  /**
   * false: `npm run worker -- --until-idle` leaves this queue to a started runner (work that takes days, or
   * downloads on their own schedule). The others it runs to their end, in the order they are listed.
   */
  untilIdle?: boolean;
  /** Takes up to `limit` due items (or ones whose lease ran out), held by `runnerId` for `leaseMs`. */
  claim(opts: { runnerId: string; leaseMs: number; limit: number }): Promise<Item[]>;
  /** Runs one claimed item to its end and settles it under its lease. Idempotent: a re-run after a crash changes nothing twice. */
  run(item: Item, context: RunContext): Promise<void>;
  /** Milliseconds until the next item is due or its lease runs out; null when none is left (drain). */
  nextDueInMs(): Promise<number | null>;
  /** How /metrics reads this queue's state from its table (due, leased, attempts, failed). */
  ledger: QueueLedger;
};
