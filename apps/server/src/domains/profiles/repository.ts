import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { profiles, reports } from '../../db/schema/index.ts';
import { ApiError } from '../../lib/api-error.ts';
import { ownedBy, type TenantScope } from '../tenancy.ts';
import type { ProfileRow } from './view.ts';

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
  return db.select().from(reports).where(eq(reports.profileId, profileId)).orderBy(asc(reports.createdAt), asc(reports.type));
}
