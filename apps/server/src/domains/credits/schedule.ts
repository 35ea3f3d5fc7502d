import type { Db } from '../../db/client.ts';
import type { EventBus } from '../events/bus.ts';
import { refillFreePlans } from './refill.ts';

type Log = { error(obj: object, msg: string): void; info(obj: object, msg: string): void };

/**
 * Runs the monthly refill now and then every `everyMs` (hourly by default): idempotent per month, so
 * every worker process may run it and a restart at any moment is harmless. Returns the stop function.
 */
export function startRefillSchedule(db: Db, events: EventBus, log?: Log, everyMs = 3_600_000): () => Promise<void> {
  let stopped = false;
  let running: Promise<void> | null = null;
  // (`running` is awaited by stop(); it never rejects.)
  const run = () => {
    if (stopped || running) return;
    running = refillFreePlans(db)
      .then((changes) => {
        for (const c of changes) events.publish('credits.updated', c.ownerId, { creditsAvailable: c.creditsAvailable });
        if (changes.length > 0) log?.info({ owners: changes.length }, 'monthly credits refilled');
      })
      .catch((err: unknown) => log?.error({ err }, 'monthly credit refill failed'))
      .finally(() => {
        running = null;
      });
  };
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running; // never close the database under a refill in flight
  };
}
