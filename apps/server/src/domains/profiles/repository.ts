import { and, asc, eq } from 'drizzle-orm';
import type { TGetProfileResponse } from '@centinela/shared';
import type { Db } from '../../db/client.ts';
import { profiles, reports, users } from '../../db/schema/index.ts';
import { ApiError } from '../../lib/api-error.ts';
import { ownedBy, type TenantScope } from '../../kernel/index.ts';
import { visibleTo } from './filters.ts';
import { consentOf } from './consent.ts';
import { toProfileDetail, type ProfileRow } from './view.ts';

export { listProfiles } from './list.ts';
export { toProfileSummary } from './view.ts';

export async function getProfile(db: Db, scope: TenantScope, id: string): Promise<ProfileRow> {
  const [row] = await db
    .select()
    .from(profiles)
    .where(and(ownedBy(scope, profiles.ownerId), eq(profiles.id, id)))
    .limit(1);
  // Another owner's profile is indistinguishable from a missing one.
  if (!row) throw new ApiError(404, 'not_found');
  return row;
}

export async function reportsOf(db: Db, profileId: string) {
  return db
    .select()
    .from(reports)
    .where(eq(reports.profileId, profileId))
    .orderBy(asc(reports.createdAt), asc(reports.type));
}

/** GET one person: the row with its creator's username (one left join), then the reports. 404 outside the scope. */
export async function getProfileDetail(
  db: Db,
  scope: TenantScope,
  id: string,
  now = new Date(),
): Promise<TGetProfileResponse> {
  const [found] = await db
    .select({ profile: profiles, createdByUsername: users.username })
    .from(profiles)
    .leftJoin(users, eq(users.id, profiles.createdBy))
    .where(and(ownedBy(scope, profiles.ownerId), eq(profiles.id, id), visibleTo(scope, now)))
    .limit(1);
  if (!found) throw new ApiError(404, 'not_found');
  const [reports, consent] = await Promise.all([reportsOf(db, id), consentOf(db, found.profile)]);
  return toProfileDetail(found.profile, reports, found.createdByUsername, consent);
}

/** The detail of a row already in hand (after a change): its reports and its creator's username. */
export async function profileDetail(db: Db, row: ProfileRow): Promise<TGetProfileResponse> {
  const creator = row.createdBy
    ? (await db.select({ username: users.username }).from(users).where(eq(users.id, row.createdBy)).limit(1))[0]
    : undefined;
  const [reports, consent] = await Promise.all([reportsOf(db, row.id), consentOf(db, row)]);
  return toProfileDetail(row, reports, creator?.username ?? null, consent);
}
