import { eq } from 'drizzle-orm';
import type { TManagedUser } from '@centinela/shared';
import type { Db } from '../../db/client.ts';
import { owners, users } from '../../db/schema/index.ts';

export const managedUserColumns = {
  user: {
    id: users.id,
    username: users.username,
    ownerId: users.ownerId,
    roles: users.roles,
    status: users.status,
    availableCountries: users.availableCountries,
    defaultCountry: users.defaultCountry,
    defaultLocale: users.defaultLocale,
    apiKeyMode: users.apiKeyMode,
    lastLoginAt: users.lastLoginAt,
    createdAt: users.createdAt,
  },
  owner: { id: owners.id, codeName: owners.codeName, name: owners.name, active: owners.active },
};

export const selectManagedUsers = (db: Db) =>
  db.select(managedUserColumns).from(users).leftJoin(owners, eq(owners.id, users.ownerId));

type Row = Awaited<ReturnType<ReturnType<typeof selectManagedUsers>['execute']>>[number];

export function toManagedUser({ user, owner }: Row): TManagedUser {
  return {
    id: user.id,
    username: user.username,
    owner,
    roles: user.roles,
    status: user.status,
    availableCountries: user.availableCountries,
    defaultCountry: user.defaultCountry,
    defaultLocale: user.defaultLocale,
    apiKeyMode: user.apiKeyMode,
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
  };
}
