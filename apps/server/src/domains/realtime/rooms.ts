import { REALTIME_EVENTS, type RealtimeEventName } from '@centinela/shared';
import type { Caller, DomainEvent } from '../../kernel/index.ts';

/**
 * Rooms are the whole tenancy rule of the socket layer (the same rule as tenancy.ts, applied to pushes):
 * a client user's socket joins only `owner:<ownerId>`; platform staff (who act across owners, with or
 * without an owner of their own) join only `platform`, which receives every owner's events. No other
 * room exists and clients cannot join rooms themselves.
 */
export const PLATFORM_ROOM = 'platform';
export const ownerRoom = (ownerId: string) => `owner:${ownerId}`;

/** The one room a signed-in caller's socket joins, or null when it may not receive anything. */
export function roomFor(caller: Caller): string | null {
  if (caller.platform) return PLATFORM_ROOM;
  return caller.user.ownerId ? ownerRoom(caller.user.ownerId) : null;
}

export type RealtimeMessage = { rooms: string[]; name: RealtimeEventName; payload: unknown };

/**
 * What to send for a domain event: its owner's room plus the platform room, with the payload parsed by
 * REALTIME_EVENTS (unknown keys stripped), so nothing beyond ids and statuses ever leaves the server.
 * `{ error }` when the event is malformed: publishers are our code, so that is a bug to log, never to send.
 */
export function realtimeMessage(event: DomainEvent): RealtimeMessage | { error: string } {
  const schema = Object.hasOwn(REALTIME_EVENTS, event.name) ? REALTIME_EVENTS[event.name] : undefined;
  if (!schema) return { error: `unknown realtime event ${String(event.name)}` };
  if (typeof event.ownerId !== 'string' || event.ownerId === '')
    return { error: `realtime event ${event.name} without ownerId` };
  const parsed = schema.safeParse(event.payload);
  if (!parsed.success) return { error: `invalid ${event.name} payload: ${parsed.error.message}` };
  return { rooms: [ownerRoom(event.ownerId), PLATFORM_ROOM], name: event.name, payload: parsed.data };
}
