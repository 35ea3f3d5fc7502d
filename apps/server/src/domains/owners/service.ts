import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  OWNER_SUPPORT_FIELDS,
  type TCreateOwnerRequest,
  type TListOwnersRequest,
  type TListOwnersResponse,
  type TOwner,
  type TUpdateOwnerRequest,
  type TUpdateOwnersRequest,
} from '@centinela/shared';
import type { Db } from '../../db/client.ts';
import { creditLedger, owners, pipelines, profiles, users } from '../../db/schema/index.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { Caller, Actor } from '../../kernel/index.ts';
import { audit } from '../audit/record.ts';

type OwnerRow = typeof owners.$inferSelect;
type OwnerFields = Partial<Omit<TCreateOwnerRequest, 'codeName' | 'name'>> & { codeName?: string; name?: string };

// Drizzle writes the columns of a raw fragment without their table, so `owner_id = id` would compare two
// columns of users (always 0): the inner table gets an alias and the outer column its table name.
const userCount = sql<number>`(select count(*)::int from ${users} as counted where counted.owner_id = ${owners}.id)`;

export function toOwner(row: OwnerRow, users = 0): TOwner {
  return {
    id: row.id,
    codeName: row.codeName,
    name: row.name,
    active: row.active,
    plan: row.plan,
    creditsInitial: row.creditsInitial,
    creditsAvailable: row.creditsAvailable,
    deferredApiSync: row.deferredApiSync,
    country: row.country,
    taxId: row.taxId,
    billingEmail: row.billingEmail,
    supportNotes: row.supportNotes,
    retentionMonths: row.retentionMonths,
    consentAttestationRequired: row.consentAttestationRequired,
    candidateFindingsVisible: row.candidateFindingsVisible,
    identityMinimumAge: row.identityMinimumAge,
    correctionDeadlineDays: row.correctionDeadlineDays,
    userCount: Number(users),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const SORT_COLUMNS = {
  name: owners.name,
  codeName: owners.codeName,
  createdAt: owners.createdAt,
  plan: owners.plan,
} as const;

export async function listOwners(db: Db, query: TListOwnersRequest): Promise<TListOwnersResponse> {
  const conditions: (SQL | undefined)[] = [];
  if (query.active) conditions.push(eq(owners.active, query.active === 'true'));
  if (query.q) {
    const like = `%${escapeLike(query.q)}%`;
    conditions.push(or(ilike(owners.codeName, like), ilike(owners.name, like)));
  }
  const where = and(...conditions);
  const direction = query.order === 'desc' ? desc : asc;
  const [rows, [total]] = await Promise.all([
    db
      .select({ owner: owners, users: userCount })
      .from(owners)
      .where(where)
      .orderBy(direction(SORT_COLUMNS[query.sort]), asc(owners.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(owners).where(where),
  ]);
  return {
    items: rows.map((r) => toOwner(r.owner, r.users)),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export async function getOwner(db: Db, id: string): Promise<TOwner> {
  const [row] = await db.select({ owner: owners, users: userCount }).from(owners).where(eq(owners.id, id));
  if (!row) throw new ApiError(404, 'not_found');
  return toOwner(row.owner, row.users);
}

/** Plan, credits and the support fields are support's (scope owners:support); refused for anyone else. */
function checkSupportFields(caller: Caller, fields: object) {
  const touched = OWNER_SUPPORT_FIELDS.filter((f) => (fields as Record<string, unknown>)[f] !== undefined);
  if (touched.length > 0 && !caller.scopes.includes('owners:support')) throw new ApiError(403, 'owner_support_only');
}

const defined = <T extends object>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

async function assertCodeNameFree(db: Db, codeName: string, exceptId?: string) {
  const [taken] = await db.select({ id: owners.id }).from(owners).where(eq(owners.codeName, codeName));
  if (taken && taken.id !== exceptId) throw new ApiError(409, 'owner_code_taken', { codeName });
}

/** A unique violation that slipped past the check (two creates at once) reads the same as the check. */
async function withCodeNameGuard<T>(codeName: string | undefined, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const code =
      (error as { code?: string; cause?: { code?: string } }).code ??
      (error as { cause?: { code?: string } }).cause?.code;
    if (code === '23505' && codeName) throw new ApiError(409, 'owner_code_taken', { codeName });
    throw error;
  }
}

/** A change of available credits always leaves its ledger row (DESIGN.md: never without one). */
async function recordCredits(db: Db, actor: Actor, ownerId: string, before: number, after: number) {
  if (before === after) return;
  await db.insert(creditLedger).values({
    ownerId,
    kind: 'adjustment',
    amount: after - before,
    balanceAfter: after,
    reason: 'management',
    createdBy: actor.userId,
  });
}

export async function createOwner(
  db: Db,
  { caller, input, actor }: { caller: Caller; input: TCreateOwnerRequest; actor: Actor },
): Promise<TOwner> {
  checkSupportFields(caller, input);
  return withCodeNameGuard(input.codeName, () =>
    db.transaction(async (tx) => {
      await assertCodeNameFree(tx, input.codeName);
      const [row] = await tx
        .insert(owners)
        .values(defined(input) as typeof owners.$inferInsert)
        .returning();
      await recordCredits(tx, actor, row!.id, 0, row!.creditsAvailable);
      await audit(tx, actor, {
        ownerId: row!.id,
        action: 'owner.create',
        entityType: 'owner',
        entityId: row!.id,
        changes: defined(input),
      });
      return toOwner(row!);
    }),
  );
}

async function applyChanges(tx: Db, actor: Actor, current: OwnerRow, changes: OwnerFields): Promise<OwnerRow> {
  const [row] = await tx.update(owners).set(changes).where(eq(owners.id, current.id)).returning();
  await recordCredits(tx, actor, current.id, current.creditsAvailable, row!.creditsAvailable);
  const action =
    changes.active === undefined || changes.active === current.active
      ? 'owner.update'
      : changes.active
        ? 'owner.activate'
        : 'owner.deactivate';
  await audit(tx, actor, { ownerId: current.id, action, entityType: 'owner', entityId: current.id, changes });
  return row!;
}

export async function updateOwner(
  db: Db,
  { caller, id, input, actor }: { caller: Caller; id: string; input: TUpdateOwnerRequest; actor: Actor },
): Promise<TOwner> {
  checkSupportFields(caller, input);
  const changes = defined(input) as OwnerFields;
  return withCodeNameGuard(changes.codeName, () =>
    db.transaction(async (tx) => {
      const [current] = await tx.select().from(owners).where(eq(owners.id, id)).for('update');
      if (!current) throw new ApiError(404, 'not_found');
      if (changes.codeName) await assertCodeNameFree(tx, changes.codeName, id);
      await applyChanges(tx, actor, current, changes);
      return getOwner(tx, id);
    }),
  );
}

/** Several owners at once, all or none: one unknown id refuses the whole change. */
export async function updateOwners(
  db: Db,
  { caller, input, actor }: { caller: Caller; input: TUpdateOwnersRequest; actor: Actor },
): Promise<{ items: TOwner[] }> {
  checkSupportFields(caller, input.changes);
  const ids = [...new Set(input.ids)];
  const changes = defined(input.changes) as OwnerFields;
  return db.transaction(async (tx) => {
    const current = await tx.select().from(owners).where(inArray(owners.id, ids)).orderBy(asc(owners.id)).for('update');
    if (current.length !== ids.length) throw new ApiError(404, 'not_found');
    for (const row of current) await applyChanges(tx, actor, row, changes);
    const rows = await tx
      .select({ owner: owners, users: userCount })
      .from(owners)
      .where(inArray(owners.id, ids))
      .orderBy(asc(owners.name));
    return { items: rows.map((r) => toOwner(r.owner, r.users)) };
  });
}

/**
 * Deleting an owner deletes everything it holds, so while it still has persons, users or pipelines the
 * delete is refused (409, with the counts) unless the caller purges on purpose.
 */
export async function deleteOwner(
  db: Db,
  { id, purge, actor }: { id: string; purge: boolean; actor: Actor },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(owners).where(eq(owners.id, id)).for('update');
    if (!current) throw new ApiError(404, 'not_found');
    const [[persons], [members], [flows]] = await Promise.all([
      tx.select({ n: count() }).from(profiles).where(eq(profiles.ownerId, id)),
      tx.select({ n: count() }).from(users).where(eq(users.ownerId, id)),
      tx.select({ n: count() }).from(pipelines).where(eq(pipelines.ownerId, id)),
    ]);
    const held = { persons: persons?.n ?? 0, users: members?.n ?? 0, pipelines: flows?.n ?? 0 };
    if (!purge && held.persons + held.users + held.pipelines > 0) {
      throw new ApiError(409, 'owner_has_data', { persons: String(held.persons), users: String(held.users) });
    }
    await tx.delete(owners).where(eq(owners.id, id));
    // The owner's own audit rows go with it; this one stays, outside any owner.
    await audit(tx, actor, {
      ownerId: null,
      action: purge ? 'owner.purge' : 'owner.delete',
      entityType: 'owner',
      entityId: id,
      changes: { codeName: current.codeName, name: current.name, ...held },
    });
  });
}

/** Whether an owner with this id exists (platform staff may name any owner: one that does not is a 404). */
export async function ownerExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: owners.id }).from(owners).where(eq(owners.id, id)).limit(1);
  return Boolean(row);
}
