import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { TenantScope } from '../../kernel/index.ts';

/** Rows of a raw aggregate: both drivers answer `{ rows }` (the common drizzle type says unknown). */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  try {
    return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  } catch (error) {
    // A zone the JS runtime knows but this PostgreSQL's tz database does not: bad input, not a crash.
    if ((error as { code?: string }).code === '22023' && /time zone/i.test(String((error as Error).message)))
      throw new ApiError(400, 'validation_failed');
    throw error;
  }
}

/** The tenant condition on an aliased table's owner_id (`alias.owner_id = …`, or nothing for all owners). */
export function ownerIs(scope: TenantScope, alias: string): SQL {
  return scope.ownerId === null ? sql`true` : sql`${sql.raw(alias)}.owner_id = ${scope.ownerId}::uuid`;
}
