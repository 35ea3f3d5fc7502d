import type { Db } from '../../db/client.ts';
import type { EventBus } from '../events/bus.ts';
import { runEvery } from '../../lib/every.ts';
import { refillFreePlans } from './refill.ts';

type Log = { error(obj: object, msg: string): void; info(obj: object, msg: string): void };

/**
 * Runs the monthly refill now and then every `everyMs` (hourly by default): idempotent per month, so
 * every worker process may run it and a restart at any moment is harmless. Returns the stop function.
 */
export function startRefillSchedule(db: Db, events: EventBus, log?: Log, everyMs = 3_600_000): () => Promise<void> {
  return runEvery(
    async () => {
      const changes = await refillFreePlans(db);
      for (const c of changes) events.publish('credits.updated', c.ownerId, { creditsAvailable: c.creditsAvailable });
      if (changes.length > 0) log?.info({ owners: changes.length }, 'monthly credits refilled');
    },
    everyMs,
    (err) => log?.error({ err }, 'monthly credit refill failed'),
  );
}
