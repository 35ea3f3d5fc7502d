import { inArray, sql } from 'drizzle-orm';
import type { ProfileViewKind } from '@centinela/shared';
import type { Db } from '../../db/client.ts';
import { profiles, profileViews } from '../../db/schema/index.ts';
import type { Viewer } from '../../kernel/index.ts';

/**
 * Repeated reads of the same kind by the same viewer within this window are one record (a recording's
 * byte ranges, a flyout refreshed by live updates): the first time, the last time and how many.
 */
export const VIEW_WINDOW_MS = 10 * 60_000;

/**
 * Records that `viewer` read these persons' data, in one statement whatever the number of
 * persons: each person's owner is taken from its own row, so a record can never name the wrong tenant.
 * Called after the read succeeded (a 404 records nothing) and before the data is sent.
 */
export async function recordViews(
  db: Db,
  viewer: Viewer,
  what: ProfileViewKind,
  profileIds: readonly string[],
  now = new Date(),
): Promise<void> {
  // One row per person: ON CONFLICT DO UPDATE cannot touch the same row twice in one statement.
  const ids = [...new Set(profileIds)];
  if (ids.length === 0) return;
  const windowStart = new Date(Math.floor(now.getTime() / VIEW_WINDOW_MS) * VIEW_WINDOW_MS);
  // Every column in the table's order (drizzle's insert-select checks it).
  const rows = db
    .select({
      id: sql<string>`gen_random_uuid()`.as('id'),
      ownerId: profiles.ownerId,
      profileId: profiles.id,
      viewerUserId: sql<string | null>`${viewer.userId}::uuid`.as('viewer_user_id'),
      viewerApiKeyId: sql<string | null>`${viewer.apiKeyId}::uuid`.as('viewer_api_key_id'),
      viewerLabel: sql<string>`${viewer.label}::varchar`.as('viewer_label'),
      what: sql<ProfileViewKind>`${what}::profile_view_kind`.as('what'),
      channel: sql<Viewer['channel']>`${viewer.channel}::profile_view_channel`.as('channel'),
      windowStart: sql<Date>`${windowStart.toISOString()}::timestamptz`.as('window_start'),
      at: sql<Date>`${now.toISOString()}::timestamptz`.as('at'),
      lastAt: sql<Date>`${now.toISOString()}::timestamptz`.as('last_at'),
      count: sql<number>`1`.as('count'),
    })
    .from(profiles)
    .where(inArray(profiles.id, ids));
  await db
    .insert(profileViews)
    .select(rows)
    .onConflictDoUpdate({
      target: [
        profileViews.profileId,
        profileViews.viewerUserId,
        profileViews.viewerApiKeyId,
        profileViews.what,
        profileViews.channel,
        profileViews.windowStart,
      ],
      set: {
        lastAt: sql`greatest(${profileViews.lastAt}, excluded.last_at)`,
        count: sql`${profileViews.count} + 1`,
      },
    });
}
