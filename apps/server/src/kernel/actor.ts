import type { Caller } from './caller.ts';

/**
 * Who made a change, for the audit trail. An owner's API key is no user: `userId` is null
 * and `apiKeyId` says which key it was.
 */
export type Actor = { userId: string | null; ip: string | null; apiKeyId?: string };

export function actorOf(caller: Caller, ip: string | null): Actor {
  if (caller.apiKey) return { userId: caller.apiKey.userId, ip, apiKeyId: caller.apiKey.id };
  return { userId: caller.user.id, ip };
}
