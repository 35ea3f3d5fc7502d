import { and, inArray } from 'drizzle-orm';
import type { TProfileFilter } from '@centinela/shared';
import type { Db } from '../../db/client.ts';
import { profiles } from '../../db/schema/index.ts';
import { ApiError } from '../../lib/api-error.ts';
import { ownedBy, type TenantScope } from '../../kernel/index.ts';
import { profileConditions } from './filters.ts';
import type { SQL } from 'drizzle-orm';

/**
 * Profiles picked by id, or every one a filter matches (what the list shows), or a condition the server
 * itself builds (retention's expired persons: never from a request). Only picked ids answer 404 when some
 * are missing; a condition simply matches what it matches when the delete runs.
 */
export type Selection = { ids: string[] } | { filter: TProfileFilter } | { condition: SQL };

/**
 * The WHERE for a selection. Picked ids must all be the caller's: one unknown (or another owner's)
 * id answers 404 and nothing is touched, so a bulk action never half-happens on a bad selection.
 */
export async function selectionCondition(
  db: Db,
  scope: TenantScope,
  selection: Selection,
  now: Date,
): Promise<SQL | undefined> {
  if ('filter' in selection) return profileConditions(scope, selection.filter, now);
  if ('condition' in selection) return and(ownedBy(scope, profiles.ownerId), selection.condition);
  const { where, assertAllFound } = pickedIds(scope, selection.ids);
  assertAllFound(await db.select({ id: profiles.id }).from(profiles).where(where));
  return where;
}

/** Picked ids in the caller's scope: the WHERE, and the 404 when the rows it found are not all of them. */
export function pickedIds(
  scope: TenantScope,
  ids: readonly string[],
): { where: SQL | undefined; assertAllFound: (rows: readonly unknown[]) => void } {
  const unique = [...new Set(ids)];
  return {
    where: and(ownedBy(scope, profiles.ownerId), inArray(profiles.id, unique)),
    assertAllFound: (rows) => {
      if (rows.length !== unique.length) throw new ApiError(404, 'not_found');
    },
  };
}
