import { PLATFORM_ROLES, scopesForRoles, type Role, type Scope } from '@centinela/shared';
import { owners, users } from '../../db/schema/index.ts';

/** The columns a request needs about its caller (never the password hash). */
export const callerUserColumns = {
  id: users.id,
  ownerId: users.ownerId,
  username: users.username,
  roles: users.roles,
  status: users.status,
  defaultLocale: users.defaultLocale,
  defaultCountry: users.defaultCountry,
  availableCountries: users.availableCountries,
};
export const callerOwnerColumns = {
  id: owners.id,
  codeName: owners.codeName,
  name: owners.name,
  plan: owners.plan,
  active: owners.active,
};

type UserRow = { [K in keyof typeof callerUserColumns]: (typeof users.$inferSelect)[K] };
type OwnerRow = { [K in keyof typeof callerOwnerColumns]: (typeof owners.$inferSelect)[K] };

/** Who is calling: resolved once per request, the only input tenancy and scope checks use. */
export type Caller = {
  user: UserRow;
  owner: OwnerRow | null;
  roles: Role[];
  scopes: Scope[];
  /** Platform staff act across owners; a client user only ever inside `user.ownerId`. */
  platform: boolean;
  sessionId: string | null;
  /**
   * Set when the caller is a client system with an `x-api-key` (issue #7): `userId` null for the
   * owner's key. Such a caller holds API_KEY_SCOPES at most and sees deferred persons at once.
   */
  apiKey: { id: string; userId: string | null } | null;
};

export function buildCaller(user: UserRow, owner: OwnerRow | null, sessionId: string | null): Caller {
  const roles = user.roles;
  return {
    user,
    owner,
    roles,
    scopes: scopesForRoles(roles),
    platform: roles.some((r) => PLATFORM_ROLES.includes(r)),
    sessionId,
    apiKey: null,
  };
}

/** A user may act only while they are active and (for client users) their owner is active. */
export function isAuthorized(user: UserRow, owner: OwnerRow | null): boolean {
  if (user.status !== 'active') return false;
  if (user.ownerId === null) return user.roles.some((r) => PLATFORM_ROLES.includes(r));
  return owner !== null && owner.active;
}

export function toAuthUser(caller: Caller) {
  const { user, owner } = caller;
  return {
    id: user.id,
    username: user.username,
    owner: owner && { id: owner.id, codeName: owner.codeName, name: owner.name, plan: owner.plan },
    roles: caller.roles,
    scope: caller.scopes,
    status: user.status,
    defaultLocale: user.defaultLocale,
    defaultCountry: user.defaultCountry,
    availableCountries: user.availableCountries,
  };
}
