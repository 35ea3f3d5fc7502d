/**
 * The monitoring kill test's child: the watch-list monitoring queue, as the worker runs it, on the
 * database the environment names, with WATCHLIST_MONITOR_BATCH entries a batch and a LEASE_MS lease.
 * Says on stdout (JSON lines) each alert it raised, once the batch that raised it has committed.
 */
import { openDatabase } from '../../src/db/client.ts';
import { watchlistMonitorQueue } from '../../src/domains/watchlists/watchlist-monitor-queue.ts';
import { EventBus } from '../../src/kernel/index.ts';
import { JobRunner } from '../../src/lib/jobs/index.ts';

const say = (msg: string, fields: object = {}) => console.log(JSON.stringify({ msg, ...fields }));

const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL,
  dataDir: process.env.DATA_DIR ?? 'memory://',
});
const events = new EventBus();
events.subscribe((event) => {
  if (event.name === 'watchlist.alert') say('alert raised', event.payload);
});
const queue = watchlistMonitorQueue({
  db: database.db,
  events,
  batchSize: Number(process.env.WATCHLIST_MONITOR_BATCH),
  pollMs: 50,
  leaseMs: Number(process.env.LEASE_MS),
});
const runner = new JobRunner(queue, { listen: database.listen });
await runner.start();
say('runner started', { runner: runner.id });
