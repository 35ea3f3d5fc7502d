import type { Db } from '../db/client.ts';
import type { EventBus } from './events.ts';

/**
 * What a changing domain function needs: the database, the bus it publishes on after commit, and the
 * reports runner's wake-up (look for queued reports now rather than at the next poll).
 */
export type Deps = { db: Db; events: EventBus; wake?: () => void };
