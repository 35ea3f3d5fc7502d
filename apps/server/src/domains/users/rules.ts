import { highestRank, PLATFORM_ROLES, ROLE_RANK, type Role } from '@centinela/shared';
import { ApiError } from '../../lib/api-error.ts';
import type { Caller } from '../../kernel/index.ts';

/**
 * The role rules, enforced here whatever the UI shows: nobody grants a role above their own
 * highest (a manager never makes a support or admin, support never an admin), nor touches a user
 * whose role is above theirs.
 */
export function assertGrantable(caller: Caller, roles: readonly Role[]) {
  const rank = highestRank(caller.roles);
  if (roles.some((r) => ROLE_RANK[r] > rank)) throw new ApiError(403, 'role_not_grantable');
}

export function assertManageable(caller: Caller, target: { roles: readonly Role[] }) {
  if (highestRank(target.roles) > highestRank(caller.roles)) throw new ApiError(403, 'role_not_grantable');
}

/** Platform roles belong to staff without an owner; every client role needs an owner (the DB checks half of it). */
export function assertRolesFitOwner(roles: readonly Role[], ownerId: string | null) {
  const platform = roles.some((r) => PLATFORM_ROLES.includes(r));
  if (platform !== (ownerId === null)) throw new ApiError(422, 'user_roles_invalid');
}
