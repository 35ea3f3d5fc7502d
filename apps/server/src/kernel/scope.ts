import { eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { ApiError } from '../lib/api-error.ts';
import type { Caller } from './caller.ts';

/** Which owner's rows a caller may touch: one owner, or every owner (platform staff only). */
export type TenantScope =
  | { readonly ownerId: string; readonly seesDeferred?: boolean }
  | { readonly ownerId: null; readonly allOwners: true; readonly seesDeferred?: undefined };

/**
 * The single rule of tenancy: a client user is always confined to their own owner; platform staff
 * see every owner unless they ask for one. Repositories take a TenantScope, never a bare owner id.
 */
export function tenantScope(caller: Caller, requestedOwnerId?: string): TenantScope {
  if (caller.platform) return requestedOwnerId ? { ownerId: requestedOwnerId } : { ownerId: null, allOwners: true };
  const own = caller.user.ownerId;
  if (!own) throw new ApiError(403, 'forbidden');
  if (requestedOwnerId && requestedOwnerId !== own) throw new ApiError(403, 'forbidden');
  // A client system sees the persons it created at once; the dashboard waits for `visible_from` (SPEC §9).
  return caller.apiKey ? { ownerId: own, seesDeferred: true } : { ownerId: own };
}

/** The WHERE condition confining a table's owner column to the scope. */
export function ownedBy(scope: TenantScope, column: PgColumn): SQL | undefined {
  return scope.ownerId === null ? undefined : eq(column, scope.ownerId);
}

/** Creating needs one owner: platform staff acting across owners must name it (`ownerId`). */
export function requireOwner(scope: TenantScope): string {
  if (scope.ownerId === null) throw new ApiError(400, 'owner_required');
  return scope.ownerId;
}
