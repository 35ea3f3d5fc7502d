import type { THoldsQuery, THoldsResponse, TExpiringQuery, TExpiringResponse } from '@centinela/shared';
import { RETENTION_NOTICE_DAYS } from '@centinela/shared';
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { profiles, users } from '../../db/schema/index.ts';
import { ApiError } from '../../lib/api-error.ts';
import { DAY, addMs } from '../../lib/time.ts';
import { requireOwner, type TenantScope } from '../../kernel/index.ts';
import { expiredBy, expiresAt, lastActivity } from './expiry.ts';
import { retentionOf } from './settings.ts';

const cursorOf = (at: Date, id: string) => Buffer.from(`${at.toISOString()}|${id}`).toString('base64url');
function parseCursor(cursor: string): { at: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const date = new Date(at ?? '');
  if (!id || Number.isNaN(date.getTime()) || !/^[0-9a-f-]{36}$/.test(id)) throw new ApiError(400, 'validation_failed');
  return { at: date, id };
}

const personRef = { profileId: profiles.id, name: profiles.name, country: profiles.country, status: profiles.status };

/**
 * The owner's persons (not on hold) that expire within the notice period, soonest first, a page at a
 * time; persons already past their expiry (the job has yet to run) come first. Empty without a retention.
 */
export async function listExpiring(
  db: Db,
  scope: TenantScope,
  q: TExpiringQuery,
  now: Date,
): Promise<TExpiringResponse> {
  const ownerId = requireOwner(scope);
  const months = await retentionOf(db, ownerId);
  if (months === null) return { items: [], nextCursor: null };
  const after = q.cursor ? parseCursor(q.cursor) : null;
  const expiry = expiresAt(months);
  const rows = await db
    .select({
      ...personRef,
      lastActivityAt: sql<Date>`${lastActivity}`.mapWith(profiles.createdAt),
      expiresAt: sql<Date>`${expiry}`.mapWith(profiles.createdAt),
    })
    .from(profiles)
    .where(
      and(
        eq(profiles.ownerId, ownerId),
        expiredBy(months, addMs(now, RETENTION_NOTICE_DAYS * DAY)),
        after
          ? sql`(${expiry}, ${profiles}.id) > (${after.at.toISOString()}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(sql`${expiry}`, profiles.id)
    .limit(q.limit + 1);
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  return {
    items: page.map((r) => ({
      ...r,
      lastActivityAt: r.lastActivityAt.toISOString(),
      expiresAt: r.expiresAt.toISOString(),
    })),
    nextCursor: rows.length > q.limit && last ? cursorOf(last.expiresAt, last.profileId) : null,
  };
}

/** The owner's persons on legal hold, most recently held first, with who held them and why. */
export async function listHolds(db: Db, scope: TenantScope, q: THoldsQuery): Promise<THoldsResponse> {
  const ownerId = requireOwner(scope);
  const after = q.cursor ? parseCursor(q.cursor) : null;
  const rows = await db
    .select({
      ...personRef,
      at: profiles.legalHoldAt,
      reason: profiles.legalHoldReason,
      byId: users.id,
      byName: users.username,
    })
    .from(profiles)
    .leftJoin(users, eq(users.id, profiles.legalHoldBy))
    .where(
      and(
        eq(profiles.ownerId, ownerId),
        isNotNull(profiles.legalHoldAt),
        after
          ? sql`(${profiles.legalHoldAt}, ${profiles.id}) < (${after.at.toISOString()}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(profiles.legalHoldAt), desc(profiles.id))
    .limit(q.limit + 1);
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  return {
    items: page.map(({ at, reason, byId, byName, ...person }) => ({
      ...person,
      hold: { at: at!.toISOString(), reason: reason ?? '', by: byId && byName ? { id: byId, username: byName } : null },
    })),
    nextCursor: rows.length > q.limit && last ? cursorOf(last.at!, last.profileId) : null,
  };
}
