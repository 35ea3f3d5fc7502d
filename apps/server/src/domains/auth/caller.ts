import { PLATFORM_ROLES } from '@centinela/shared';
import type { Caller, CallerOwner, CallerUser } from '../../kernel/index.ts';

/** A user may act only while they are active and (for client users) their owner is active. */
export function isAuthorized(user: CallerUser, owner: CallerOwner | null): boolean {
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
