import type { Db } from '../../db/client.ts';
import type { EventBus } from '../../kernel/index.ts';
import type { Schedule } from '../../lib/jobs/index.ts';
import { refillFreePlans } from './refill.ts';

/**
 * The free plan's monthly refill, hourly by default: idempotent per month, so every worker process may
 * run it and a restart at any moment is harmless.
 */
export const creditRefill = (db: Db, events: EventBus, everyMs = 3_600_000): Schedule => ({
  name: 'credits.refill',
  everyMs,
  run: async (log) => {
    const changes = await refillFreePlans(db);
    for (const c of changes) events.publish('credits.updated', c.ownerId, { creditsAvailable: c.creditsAvailable });
    if (changes.length > 0) log?.info({ owners: changes.length }, 'monthly credits refilled');
  },
});
