import { and, count, desc, eq } from 'drizzle-orm';
import type { TListProfileViewsQuery, TListProfileViewsResponse } from '@centinela/shared';
import type { Db } from '../../db/client.ts';
import { profiles, profileViews } from '../../db/schema/index.ts';
import { ApiError } from '../../lib/api-error.ts';
import { ownedBy, type TenantScope } from '../../kernel/index.ts';

/**
 * Who saw one person's data, newest first. The person must be in the caller's scope (another owner's
 * person answers 404, as any other read of it does); listing the views is not itself recorded.
 */
export async function listProfileViews(
  db: Db,
  scope: TenantScope,
  profileId: string,
  query: TListProfileViewsQuery,
): Promise<TListProfileViewsResponse> {
  const [person] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.id, profileId), ownedBy(scope, profiles.ownerId)));
  if (!person) throw new ApiError(404, 'not_found');
  const where = eq(profileViews.profileId, person.id);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(profileViews)
      .where(where)
      .orderBy(desc(profileViews.at), desc(profileViews.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(profileViews).where(where),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      lastAt: r.lastAt.toISOString(),
      count: r.count,
      what: r.what,
      channel: r.channel,
      viewer: { userId: r.viewerUserId, apiKeyId: r.viewerApiKeyId, label: r.viewerLabel },
    })),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}
