import { inArray } from 'drizzle-orm';
import type {
  TCreateUsersResponse,
  TImportUsersRequest,
  TListExternalUsersRequest,
  TListExternalUsersResponse,
} from '@centinela/shared';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { Caller, Actor } from '../../kernel/index.ts';
import { createUsers } from '../users/service.ts';
import type { IdentityDirectory } from './scim.ts';

function required(directory: IdentityDirectory | null): IdentityDirectory {
  if (!directory) throw new ApiError(409, 'identity_not_configured');
  return directory;
}

/** The provider's users, each marked when a dashboard user with that email already exists. */
export async function listExternalUsers(
  db: Db,
  directory: IdentityDirectory | null,
  query: TListExternalUsersRequest,
): Promise<TListExternalUsersResponse> {
  const { items, total } = await required(directory).listUsers(query.page, query.pageSize);
  const emails = items.flatMap((i) => (i.email ? [i.email] : []));
  const existing = emails.length
    ? new Set(
        (await db.select({ u: users.username }).from(users).where(inArray(users.username, emails))).map((r) => r.u),
      )
    : new Set<string>();
  return {
    items: items.map((i) => ({ ...i, imported: i.email !== null && existing.has(i.email) })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * Imports the chosen provider users as dashboard users with the given settings. Each is read back from
 * the provider (the browser's list is not trusted); one the provider no longer has, or without an
 * email, is rejected as invalid; the usual rules (SPEC §5, roles, owner) apply as for a typed list.
 */
export async function importExternalUsers(
  db: Db,
  directory: IdentityDirectory | null,
  { caller, input, actor }: { caller: Caller; input: TImportUsersRequest; actor: Actor },
): Promise<TCreateUsersResponse> {
  const dir = required(directory);
  const { externalIds, ownerId, ...settings } = input;
  const found = await Promise.all(
    [...new Set(externalIds)].map(async (id) => ({ id, identity: await dir.getUser(id) })),
  );
  const missing = found
    .filter((f) => !f.identity?.email)
    .map((f) => ({ email: f.identity?.email ?? f.id, reason: 'invalid' as const }));
  const entries = found.flatMap((f) => (f.identity?.email ? [{ email: f.identity.email }] : []));
  if (entries.length === 0) return { created: [], rejected: missing };
  const result = await createUsers(db, { caller, ownerId, settings, entries, actor, action: 'user.import' });
  return { created: result.created, rejected: [...missing, ...result.rejected] };
}
