import { and, arrayContains, asc, count, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import {
  checkEmails,
  PLATFORM_ROLES,
  type TCreateUsersResponse,
  type TListUsersRequest,
  type TListUsersResponse,
  type TManagedUser,
  type TNewUserSettings,
  type TUpdateUsersRequest,
  type UserRejection,
} from '@centinela/shared';
import type { Db } from '../../db/client.ts';
import { owners, users } from '../../db/schema/index.ts';
import { ApiError } from '../../lib/api-error.ts';
import { type Caller, type Actor, ownedBy, tenantScope, type TenantScope } from '../../kernel/index.ts';
import { hashPassword } from '../auth/password.ts';
import { audit } from '../audit/record.ts';
import { assertGrantable, assertManageable, assertRolesFitOwner } from './rules.ts';
import { selectManagedUsers, toManagedUser } from './view.ts';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listUsers(db: Db, scope: TenantScope, query: TListUsersRequest): Promise<TListUsersResponse> {
  const conditions: (SQL | undefined)[] = [ownedBy(scope, users.ownerId)];
  if (query.role) conditions.push(arrayContains(users.roles, [query.role]));
  if (query.status) conditions.push(eq(users.status, query.status));
  if (query.country) conditions.push(arrayContains(users.availableCountries, [query.country]));
  if (query.q) conditions.push(ilike(users.username, `%${escapeLike(query.q)}%`));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    selectManagedUsers(db)
      .where(where)
      .orderBy(asc(users.username))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { items: rows.map(toManagedUser), total: total?.n ?? 0, page: query.page, pageSize: query.pageSize };
}

export async function getUser(db: Db, scope: TenantScope, id: string): Promise<TManagedUser> {
  const [row] = await selectManagedUsers(db).where(and(ownedBy(scope, users.ownerId), eq(users.id, id)));
  // Another owner's user is indistinguishable from a missing one.
  if (!row) throw new ApiError(404, 'not_found');
  return toManagedUser(row);
}

export type NewUser = { email: string; externalSubject?: string | null };
export type NewUserSettings = Omit<TNewUserSettings, 'ownerId'> & { password?: string | undefined };

/**
 * Creates one or several users with the same settings. Each email is checked on its own (SPEC §5): an
 * invalid one, a second copy in the list, or one that is already a user is rejected with its reason;
 * the rest are created. Role and owner rules refuse the whole request.
 */
export async function createUsers(
  db: Db,
  {
    caller,
    ownerId: requestedOwnerId,
    settings,
    entries,
    actor,
    action = 'user.create',
  }: {
    caller: Caller;
    ownerId?: string | undefined;
    settings: NewUserSettings;
    entries: NewUser[];
    actor: Actor;
    action?: string;
  },
): Promise<TCreateUsersResponse> {
  const scope = tenantScope(caller, requestedOwnerId);
  const ownerId = scope.ownerId;
  assertGrantable(caller, settings.roles);
  // Staff acting across owners who make client users must say for which owner.
  if (ownerId === null && !settings.roles.some((r) => PLATFORM_ROLES.includes(r)))
    throw new ApiError(400, 'owner_required');
  assertRolesFitOwner(settings.roles, ownerId);
  if (ownerId) {
    const [owner] = await db.select({ id: owners.id }).from(owners).where(eq(owners.id, ownerId));
    if (!owner) throw new ApiError(404, 'not_found');
  }
  const checked = checkEmails(entries.map((e) => e.email));
  const candidates = checked.flatMap((c, i) => (c.problem ? [] : [{ ...entries[i]!, email: c.email }]));
  const existing = candidates.length
    ? new Set(
        (
          await db
            .select({ username: users.username })
            .from(users)
            .where(
              inArray(
                users.username,
                candidates.map((c) => c.email),
              ),
            )
        ).map((r) => r.username),
      )
    : new Set<string>();
  const rejected: { email: string; reason: UserRejection }[] = checked.flatMap((c) =>
    c.problem ? [{ email: c.email, reason: c.problem }] : [],
  );
  for (const c of candidates) if (existing.has(c.email)) rejected.push({ email: c.email, reason: 'exists' });
  const fresh = candidates.filter((c) => !existing.has(c.email));
  if (fresh.length === 0) return { created: [], rejected };

  const availableCountries = settings.availableCountries ?? [];
  const passwordHash = settings.password ? await hashPassword(settings.password) : null;
  const ids = await db.transaction(async (tx) => {
    const rows = await tx
      .insert(users)
      .values(
        fresh.map((c) => ({
          ownerId,
          username: c.email,
          externalSubject: c.externalSubject ?? null,
          roles: settings.roles,
          availableCountries,
          defaultCountry: settings.defaultCountry ?? availableCountries[0] ?? null,
          defaultLocale: settings.defaultLocale ?? 'en',
          apiKeyMode: settings.apiKeyMode ?? 'owner',
          status: settings.status ?? 'active',
          passwordHash,
        })),
      )
      // Created meanwhile by someone else: reported as existing below.
      .onConflictDoNothing()
      .returning({ id: users.id, username: users.username });
    await audit(
      tx,
      actor,
      ...rows.map((r) => ({
        ownerId,
        action,
        entityType: 'user',
        entityId: r.id,
        changes: { username: r.username, roles: settings.roles, status: settings.status ?? 'active' },
      })),
    );
    return rows;
  });
  const made = new Set(ids.map((r) => r.username));
  for (const c of fresh) if (!made.has(c.email)) rejected.push({ email: c.email, reason: 'exists' });
  const created = ids.length
    ? (
        await selectManagedUsers(db)
          .where(
            inArray(
              users.id,
              ids.map((r) => r.id),
            ),
          )
          .orderBy(asc(users.username))
      ).map(toManagedUser)
    : [];
  return { created, rejected };
}

type Target = typeof users.$inferSelect;

/** The targets of a bulk change, all reachable and all manageable, or the whole change is refused. */
async function targetsOf(tx: Db, caller: Caller, ids: string[]): Promise<Target[]> {
  const unique = [...new Set(ids)];
  const rows = await tx
    .select()
    .from(users)
    .where(and(ownedBy(tenantScope(caller), users.ownerId), inArray(users.id, unique)))
    .orderBy(asc(users.id))
    .for('update');
  if (rows.length !== unique.length) throw new ApiError(404, 'not_found');
  for (const row of rows) assertManageable(caller, row);
  return rows;
}

/** Edits several users at once (roles, countries, locale, API key mode, status), all or none. */
export async function updateUsers(
  db: Db,
  { caller, input, actor }: { caller: Caller; input: TUpdateUsersRequest; actor: Actor },
): Promise<{ items: TManagedUser[] }> {
  const changes = Object.fromEntries(
    Object.entries(input.changes).filter(([, v]) => v !== undefined),
  ) as TUpdateUsersRequest['changes'];
  if (changes.roles) assertGrantable(caller, changes.roles);
  const ids = await db.transaction(async (tx) => {
    const targets = await targetsOf(tx, caller, input.ids);
    for (const target of targets) {
      const roles = changes.roles ?? target.roles;
      if (changes.roles) assertRolesFitOwner(roles, target.ownerId);
      const self = target.id === caller.user.id;
      if (
        self &&
        ((changes.status && changes.status !== target.status) ||
          (changes.roles && changes.roles.join() !== target.roles.join()))
      ) {
        throw new ApiError(422, 'user_self_change');
      }
      const available = changes.availableCountries ?? target.availableCountries;
      let defaultCountry = changes.defaultCountry !== undefined ? changes.defaultCountry : target.defaultCountry;
      // A default outside the available countries falls back to the first of them.
      if (defaultCountry && available.length > 0 && !available.includes(defaultCountry)) {
        if (changes.defaultCountry) throw new ApiError(400, 'validation_failed');
        defaultCountry = available[0] ?? null;
      }
      const set = { ...changes, defaultCountry };
      await tx.update(users).set(set).where(eq(users.id, target.id));
      const action =
        changes.status && changes.status !== target.status
          ? changes.status === 'active'
            ? 'user.activate'
            : 'user.deactivate'
          : 'user.update';
      await audit(tx, actor, {
        ownerId: target.ownerId,
        action,
        entityType: 'user',
        entityId: target.id,
        changes: set,
      });
    }
    return targets.map((t) => t.id);
  });
  const rows = await selectManagedUsers(db).where(inArray(users.id, ids)).orderBy(asc(users.username));
  return { items: rows.map(toManagedUser) };
}

/** Deletes several users, all or none; nobody deletes their own account. */
export async function deleteUsers(
  db: Db,
  { caller, ids, actor }: { caller: Caller; ids: string[]; actor: Actor },
): Promise<{ deleted: number }> {
  return db.transaction(async (tx) => {
    const targets = await targetsOf(tx, caller, ids);
    if (targets.some((t) => t.id === caller.user.id)) throw new ApiError(422, 'user_self_change');
    await tx.delete(users).where(
      inArray(
        users.id,
        targets.map((t) => t.id),
      ),
    );
    await audit(
      tx,
      actor,
      ...targets.map((t) => ({
        ownerId: t.ownerId,
        action: 'user.delete',
        entityType: 'user',
        entityId: t.id,
        changes: { username: t.username },
      })),
    );
    return { deleted: targets.length };
  });
}
