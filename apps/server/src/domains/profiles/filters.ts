import { and, eq, gte, ilike, inArray, lt, lte, or, type SQL } from 'drizzle-orm';
import type { TProfileFilter } from '@centinela/shared';
import { profiles } from '../../db/schema/index.ts';
import { ownedBy, type TenantScope } from '../tenancy.ts';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Deferred API sync (SPEC §9): hidden on the dashboard until `visible_from`; API-key callers see them at once. */
export const visibleTo = (scope: TenantScope, now: Date): SQL | undefined => (scope.seesDeferred ? undefined : lte(profiles.visibleFrom, now));

/**
 * The WHERE of a list, counts, bulk delete or export: the tenant, the deferred-API-sync visibility
 * (API-created persons stay hidden until `visible_from`), then the user's filter.
 */
export function profileConditions(scope: TenantScope, filter: TProfileFilter, now: Date, opts: { ignoreStatus?: boolean } = {}): SQL | undefined {
  const conditions: (SQL | undefined)[] = [ownedBy(scope, profiles.ownerId), visibleTo(scope, now)];
  if (filter.status && !opts.ignoreStatus) conditions.push(inArray(profiles.status, filter.status));
  if (filter.country) conditions.push(eq(profiles.country, filter.country));
  if (filter.pipelineId) conditions.push(eq(profiles.pipelineId, filter.pipelineId));
  if (filter.createdAs) conditions.push(eq(profiles.createdAs, filter.createdAs));
  if (filter.createdFrom) conditions.push(gte(profiles.createdAt, new Date(filter.createdFrom)));
  if (filter.createdTo) conditions.push(lt(profiles.createdAt, new Date(filter.createdTo)));
  if (filter.q) {
    const pattern = `%${escapeLike(filter.q)}%`;
    conditions.push(
      or(ilike(profiles.name, pattern), ilike(profiles.documentId, pattern), ilike(profiles.email, pattern), ilike(profiles.phone, pattern)),
    );
  }
  return and(...conditions);
}
