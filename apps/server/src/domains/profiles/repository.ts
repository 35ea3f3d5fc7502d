import { and, desc, eq, ilike, lt, lte, or, type SQL } from 'drizzle-orm';
import type { TListProfilesQuery, TProfileSummary } from '@centinela/shared';
import type { Db } from '../../db/client.ts';
import { profiles } from '../../db/schema/index.ts';
import { ApiError } from '../../lib/api-error.ts';
import { ownedBy, type TenantScope } from '../tenancy.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';

type ProfileRow = typeof profiles.$inferSelect;

export function toProfileSummary(row: ProfileRow): TProfileSummary {
  return {
    id: row.id,
    country: row.country,
    documentType: row.documentType,
    documentId: row.documentId,
    name: row.name,
    email: row.email,
    phone: row.phone,
    status: row.status,
    createdAs: row.createdAs,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Newest first, keyset-paginated; persons hidden by deferred API sync stay out until visible. */
export async function listProfiles(db: Db, scope: TenantScope, query: TListProfilesQuery, now = new Date()) {
  const conditions: (SQL | undefined)[] = [ownedBy(scope, profiles.ownerId), lte(profiles.visibleFrom, now)];
  if (query.country) conditions.push(eq(profiles.country, query.country));
  if (query.status) conditions.push(eq(profiles.status, query.status));
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    conditions.push(or(ilike(profiles.name, pattern), ilike(profiles.documentId, pattern)));
  }
  if (query.cursor) {
    const cursor = decodeCursor(query.cursor);
    if (!cursor) throw new ApiError(400, 'validation_failed');
    conditions.push(
      or(lt(profiles.createdAt, cursor.createdAt), and(eq(profiles.createdAt, cursor.createdAt), lt(profiles.id, cursor.id))),
    );
  }
  const rows = await db
    .select()
    .from(profiles)
    .where(and(...conditions))
    .orderBy(desc(profiles.createdAt), desc(profiles.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(toProfileSummary),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last.createdAt, last.id) : null,
  };
}

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
