import { PLATFORM_ROLES, scopesForRoles, type Role, type Scope } from '@centinela/shared';
import { owners, users } from '../db/schema/index.ts';

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

export type CallerUser = { [K in keyof typeof callerUserColumns]: (typeof users.$inferSelect)[K] };
export type CallerOwner = { [K in keyof typeof callerOwnerColumns]: (typeof owners.$inferSelect)[K] };

/** Who is calling: resolved once per request, the only input tenancy and scope checks use. */
export type Caller = {
  user: CallerUser;
  owner: CallerOwner | null;
  roles: Role[];
  scopes: Scope[];
  /** Platform staff act across owners; a client user only ever inside `user.ownerId`. */
  platform: boolean;
  sessionId: string | null;
  /**
   * Set when the caller is a client system with an `x-api-key`: `userId` null for the
   * owner's key; `name` is the key's label (the view record names it). Such a caller holds
   * API_KEY_SCOPES at most and sees deferred persons at once.
   */
  apiKey: { id: string; userId: string | null; name: string } | null;
};

export function buildCaller(user: CallerUser, owner: CallerOwner | null, sessionId: string | null): Caller {
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
