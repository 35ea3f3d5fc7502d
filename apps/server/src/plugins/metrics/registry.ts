import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../../db/client.ts';
import { listSyncAges, queueStats, type LedgerOf, type QueueStats } from '../../domains/observability/queue-stats.ts';

type Runner = { queue: LedgerOf; inFlight: number };

export type MetricsOptions = {
  database: Database;
  /** This process's job runners: every queue's state is read through their ledgers, and their items in flight. */
  runners: readonly Runner[];
  /** `api` (the server) or `worker`: a label on every series, so one dashboard tells them apart. */
  role: 'api' | 'worker';
};

/**
 * One process's metrics (a registry of its own: tests build several apps in one process). Gauges read at
 * scrape time: the queue tables (every process reads the same rows: aggregate them with max(), not sum()),
 * the watch lists' sync age, the database pool, this process's runners; plus prom-client's default
 * process metrics (memory, CPU, event-loop lag, GC, handles).
 */
export function createMetrics({ database, runners, role }: MetricsOptions) {
  const registry = new Registry();
  registry.setDefaultLabels({ role });
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

  // One read of the queue tables per scrape (see `scrape`), shared by its five gauges.
  let reading: Promise<QueueStats[]> | null = null;
  const queues = runners.map((r) => r.queue);
  const stats = () => (reading ??= queueStats(database.db, queues));
  const queueGauge = (name: string, help: string, pick: (s: QueueStats) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['kind'],
      registers: [registry],
      async collect() {
        this.reset();
        for (const s of await stats()) this.set({ kind: s.kind }, pick(s));
      },
    });
  queueGauge('centinela_job_queue_due', 'Items a runner may claim now (due, unleased), per job kind', (s) => s.due);
  queueGauge(
    'centinela_job_queue_running',
    'Items held under a live lease by some process, per job kind',
    (s) => s.running,
  );
  queueGauge(
    'centinela_job_queue_oldest_due_age_seconds',
    'Seconds since the oldest due item became due (0: none due), per job kind',
    (s) => s.oldestDueSeconds,
  );
  queueGauge('centinela_job_queue_attempts', 'Claims so far of the unfinished items, per job kind', (s) => s.attempts);
  queueGauge('centinela_job_queue_failed', 'Items that ended failed and stay so, per job kind', (s) => s.failed);

  new Gauge({
    name: 'centinela_watchlist_sync_age_seconds',
    help: "Seconds since each watch list's publisher last answered (or its current version was loaded)",
    labelNames: ['source'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const { source, ageSeconds } of await listSyncAges(database.db)) this.set({ source }, ageSeconds);
    },
  });

  new Gauge({
    name: 'centinela_jobs_in_flight',
    help: "Items this process's runners are running now, per job kind",
    labelNames: ['kind'],
    registers: [registry],
    collect() {
      for (const r of runners) this.set({ kind: r.queue.name }, r.inFlight);
    },
  });

  const pool = database.poolStats;
  if (pool) {
    new Gauge({
      name: 'centinela_db_pool_connections',
      help: "This process's PostgreSQL connections, in use or idle",
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const p = pool();
        this.set({ state: 'in_use' }, p.total - p.idle);
        this.set({ state: 'idle' }, p.idle);
      },
    });
    new Gauge({
      name: 'centinela_db_pool_waiting',
      help: 'Queries waiting for a free PostgreSQL connection in this process',
      registers: [registry],
      collect() {
        this.set(pool().waiting);
      },
    });
    new Gauge({
      name: 'centinela_db_pool_max',
      help: "The pool's size (DATABASE_POOL_SIZE)",
      registers: [registry],
      collect() {
        this.set(pool().max);
      },
    });
  }

  return {
    registry,
    /** The exposition text, every gauge read afresh. */
    scrape: async (): Promise<string> => {
      reading = null;
      try {
        return await registry.metrics();
      } finally {
        reading = null;
      }
    },
  };
}

/** The API process's own series: HTTP requests by route pattern and status, in flight, sockets, draining. */
export function httpMetrics(registry: Registry, opts: { sockets: () => number; draining: () => boolean }) {
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern (not the raw URL; "unmatched" for 404s) and status',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const inFlight = new Gauge({
    name: 'http_requests_in_flight',
    help: 'HTTP requests received and not yet answered',
    registers: [registry],
  });
  const aborted = new Counter({
    name: 'http_requests_aborted_total',
    help: 'HTTP requests the client closed before the answer',
    registers: [registry],
  });
  new Gauge({
    name: 'socketio_connections',
    help: 'socket.io clients connected to this process',
    registers: [registry],
    collect() {
      this.set(opts.sockets());
    },
  });
  new Gauge({
    name: 'centinela_draining',
    help: '1 from SIGTERM until the process exits (readiness answers 503)',
    registers: [registry],
    collect() {
      this.set(opts.draining() ? 1 : 0);
    },
  });
  return { duration, inFlight, aborted };
}
