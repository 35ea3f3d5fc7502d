import { and, eq, gte, ilike, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { TProfileFilter } from '@centinela/shared';
import { profiles } from '../../db/schema/index.ts';
import { ownedBy, type TenantScope } from '../../kernel/index.ts';

/** Joins the fields in `profile.search_text` (schema/profiles.ts). */
const FIELD_SEPARATOR = '\u001f';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Deferred API sync (SPEC §9): hidden on the dashboard until `visible_from`; API-key callers see them at once. */
export const visibleTo = (scope: TenantScope, now: Date): SQL | undefined =>
  scope.seesDeferred ? undefined : lte(profiles.visibleFrom, now);

/**
 * The WHERE of a list, counts, bulk delete or export: the tenant, the deferred-API-sync visibility
 * (API-created persons stay hidden until `visible_from`), then the user's filter.
 */
export function profileConditions(
  scope: TenantScope,
  filter: TProfileFilter,
  now: Date,
  opts: { ignoreStatus?: boolean } = {},
): SQL | undefined {
  const conditions: (SQL | undefined)[] = [ownedBy(scope, profiles.ownerId), visibleTo(scope, now)];
  if (filter.status && !opts.ignoreStatus) conditions.push(inArray(profiles.status, filter.status));
  if (filter.country) conditions.push(eq(profiles.country, filter.country));
  if (filter.pipelineId) conditions.push(eq(profiles.pipelineId, filter.pipelineId));
  if (filter.createdAs) conditions.push(eq(profiles.createdAs, filter.createdAs));
  if (filter.createdFrom) conditions.push(gte(profiles.createdAt, new Date(filter.createdFrom)));
  if (filter.createdTo) conditions.push(lt(profiles.createdAt, new Date(filter.createdTo)));
  if (filter.q) conditions.push(textSearch(filter.q));
  return and(...conditions);
}

/**
 * `q` anywhere in the name, document, email or phone, case-insensitively: `search_text` holds the four
 * lowercased and joined by U+001F, so `lower(x) LIKE lower('%q%')` — what ILIKE does on each — over it
 * is the same test as the four ILIKEs ORed. Only a `q` holding U+001F itself could match across two
 * fields there: it takes the four ILIKEs.
 */
function textSearch(q: string): SQL | undefined {
  const pattern = `%${escapeLike(q)}%`;
  if (!q.includes(FIELD_SEPARATOR)) return sql`${profiles.searchText} like lower(${pattern})`;
  return or(
    ilike(profiles.name, pattern),
    ilike(profiles.documentId, pattern),
    ilike(profiles.email, pattern),
    ilike(profiles.phone, pattern),
  );
}
