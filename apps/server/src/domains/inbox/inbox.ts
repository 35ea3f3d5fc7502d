import {
  PLATFORM_ROLES,
  ROLE_SCOPES,
  ROLES,
  WATCHLIST_SOURCE_IDS,
  type Role,
  type Country,
  type InboxKind,
  type TAssignInboxItem,
  type TAssignInboxResponse,
  type TInboxCount,
  type TInboxItem,
  type TInboxQuery,
  type TInboxResponse,
} from '@centinela/shared';
import { and, arrayOverlaps, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { inboxAssignments, users } from '../../db/schema/index.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { Actor, TenantScope } from '../../kernel/index.ts';
import { audit } from '../audit/record.ts';

/**
 * The review inbox (docs/inbox.md): what an owner's reviewers must settle, read where it
 * lives — a watch-list report's finding nobody ruled on, a monitoring alert not reviewed, a correction
 * request still open, an identity report waiting for a person — in one list, oldest due first. A match
 * with an open alert about the same entry shows once, as the alert (ruling either closes both).
 * Assignments (inbox_assignment) name an item by kind and `ref`.
 */

/** The owner roles that review (reports:review: analyst, manager), whom an item may be assigned to. */
const REVIEWER_ROLES: Role[] = ROLES.filter(
  (r) => !PLATFORM_ROLES.includes(r) && ROLE_SCOPES[r].includes('reports:review'),
);

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** `ownedBy` for raw SQL: one owner's rows, or every owner's (platform staff). */
const owned = (scope: TenantScope, column: SQL): SQL =>
  scope.ownerId === null ? sql`true` : sql`${column} = ${scope.ownerId}`;

/** Every open item of the scope, as rows of (kind, ref, owner, person, dates, detail, alert kind). */
function openItems(scope: TenantScope): SQL {
  return sql`
    select 'match'::text as kind,
      r.profile_id::text || ':' || (f->'record'->>'source') || ':' || (f->'record'->>'entryId') as ref,
      r.owner_id, r.profile_id, coalesce(r.completed_at, r.updated_at) as created_at,
      null::timestamptz as due_at, f->'record'->>'name' as detail, null::text as alert_kind
    from report r cross join lateral jsonb_array_elements(r.findings) f
    where ${owned(scope, sql`r.owner_id`)} and r.type = 'watchlists'
      and r.findings @> '[{"kind":"watchlist_entry"}]'::jsonb
      and f->>'kind' = 'watchlist_entry' and not (f ? 'ruling')
      and not exists (
        select 1 from watchlist_alert a
        where a.profile_id = r.profile_id and a.source_id = f->'record'->>'source'
          and a.entry_id = f->'record'->>'entryId' and a.kind = 'match' and a.reviewed_at is null)
    union all
    select 'alert', a.id::text, a.owner_id, a.profile_id, a.created_at, null::timestamptz,
      a.finding->'record'->>'name', a.kind::text
    from watchlist_alert a
    where ${owned(scope, sql`a.owner_id`)} and a.reviewed_at is null
    union all
    select 'correction', q.id::text, q.owner_id, q.profile_id, q.created_at, q.due_at, null, null
    from privacy_request q
    where ${owned(scope, sql`q.owner_id`)} and q.kind = 'correction' and q.status = 'open'
    union all
    select 'identity', r.id::text, r.owner_id, r.profile_id, coalesce(r.completed_at, r.updated_at), null::timestamptz,
      null, null
    from report r
    where ${owned(scope, sql`r.owner_id`)} and r.type = 'identity_document' and r.status = 'PENDING_MANUAL_REVIEW'`;
}

type Filters = { kind?: InboxKind; assignee: TInboxQuery['assignee']; country?: Country };

/** The items joined to their person and assignee, filtered (`me` is the calling user, none for a key). */
function filtered(scope: TenantScope, q: Filters, me: string | null, now: Date): SQL {
  const where: SQL[] = [sql`true`];
  // Deferred API sync (SPEC §9): the dashboard does not see a person before `visible_from`.
  if (!scope.seesDeferred) where.push(sql`p.visible_from <= ${now.toISOString()}::timestamptz`);
  if (q.kind) where.push(sql`i.kind = ${q.kind}`);
  if (q.country) where.push(sql`p.country = ${q.country}`);
  if (q.assignee === 'unassigned') where.push(sql`ia.assignee_id is null`);
  if (q.assignee === 'me') where.push(me ? sql`ia.assignee_id = ${me}` : sql`false`);
  return sql`
    from (${openItems(scope)}) i
    join profile p on p.id = i.profile_id
    left join inbox_assignment ia on ia.owner_id = i.owner_id and ia.kind = i.kind and ia.ref = i.ref
    left join "user" u on u.id = ia.assignee_id
    where ${sql.join(where, sql` and `)}`;
}

type Row = {
  kind: InboxKind;
  ref: string;
  profile_id: string;
  name: string;
  country: Country;
  created_at: Date | string;
  due_at: Date | string | null;
  detail: string | null;
  alert_kind: 'match' | 'delisted' | null;
  assignee_id: string | null;
  assignee_name: string | null;
  total: number | string;
};

const iso = (d: Date | string) => new Date(d).toISOString();

const toItem = (r: Row): TInboxItem => ({
  kind: r.kind,
  ref: r.ref,
  person: { id: r.profile_id, name: r.name, country: r.country },
  createdAt: iso(r.created_at),
  dueAt: r.due_at === null ? null : iso(r.due_at),
  detail: r.detail,
  alertKind: r.kind === 'alert' ? r.alert_kind : null,
  assignee: r.assignee_id && r.assignee_name ? { id: r.assignee_id, username: r.assignee_name } : null,
});

/** The owner's reviewers (active analysts and managers), whom an item may go to. */
async function reviewersOf(db: Db, ownerId: string) {
  return db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(eq(users.ownerId, ownerId), eq(users.status, 'active'), arrayOverlaps(users.roles, REVIEWER_ROLES)))
    .orderBy(asc(users.username));
}

/**
 * GET /api/v1/inbox: the open items, oldest due first — a deadline where the law sets one (a correction),
 * the arrival otherwise — then by kind and ref, so a page never reshuffles.
 */
export async function listInbox(
  db: Db,
  { scope, query, me }: { scope: TenantScope; query: TInboxQuery; me: string | null },
  now = new Date(),
): Promise<TInboxResponse> {
  const rows = rowsOf<Row>(
    await db.execute(sql`
      select i.kind, i.ref, i.profile_id, p.name, p.country, i.created_at, i.due_at, i.detail, i.alert_kind,
        ia.assignee_id, u.username as assignee_name, count(*) over () as total
      ${filtered(scope, query, me, now)}
      order by coalesce(i.due_at, i.created_at) asc, i.kind asc, i.ref asc
      limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`),
  );
  let total = rows[0] ? Number(rows[0].total) : 0;
  if (!rows[0] && query.page > 1) total = (await countOf(db, scope, query, me, now)).n;
  return {
    items: rows.map(toItem),
    total,
    page: query.page,
    pageSize: query.pageSize,
    reviewers: scope.ownerId === null ? [] : await reviewersOf(db, scope.ownerId),
  };
}

async function countOf(db: Db, scope: TenantScope, q: Filters, me: string | null, now: Date) {
  const [row] = rowsOf<{ n: number | string; mine: number | string }>(
    await db.execute(sql`
      select count(*) as n, count(*) filter (where ia.assignee_id = ${me ?? '00000000-0000-0000-0000-000000000000'}) as mine
      ${filtered(scope, q, me, now)}`),
  );
  return { n: Number(row?.n ?? 0), mine: Number(row?.mine ?? 0) };
}

/** GET /api/v1/inbox/count: the navbar's badge. */
export async function inboxCount(
  db: Db,
  scope: TenantScope,
  me: string | null,
  now = new Date(),
): Promise<TInboxCount> {
  const { n, mine } = await countOf(db, scope, { assignee: 'any' }, me, now);
  return { open: n, mine };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The item a kind and ref name, if it is open in the scope: its owner and person. */
async function openItem(db: Db, scope: TenantScope, kind: InboxKind, ref: string) {
  if (kind === 'match') {
    const [profileId, source, ...rest] = ref.split(':');
    const entryId = rest.join(':');
    if (!profileId || !UUID.test(profileId) || !(WATCHLIST_SOURCE_IDS as readonly string[]).includes(source ?? ''))
      return null;
    if (!entryId) return null;
  } else if (!UUID.test(ref)) return null;
  const [row] = rowsOf<{ owner_id: string; profile_id: string }>(
    await db.execute(sql`
      select i.owner_id, i.profile_id from (${openItems(scope)}) i where i.kind = ${kind} and i.ref = ${ref}`),
  );
  return row ? { ownerId: row.owner_id, profileId: row.profile_id } : null;
}

/** Whether a settled item's subject is in the scope (409 then, rather than 404). */
async function existed(db: Db, scope: TenantScope, kind: InboxKind, ref: string): Promise<boolean> {
  const id = ref.split(':')[0]!;
  if (!UUID.test(id)) return false;
  const table = { match: 'profile', alert: 'watchlist_alert', correction: 'privacy_request', identity: 'report' }[kind];
  const rows = rowsOf<unknown>(
    await db.execute(
      sql`select 1 from ${sql.identifier(table)} t where t.id = ${id} and ${owned(scope, sql`t.owner_id`)}`,
    ),
  );
  return rows.length > 0;
}

/**
 * POST /api/v1/inbox/assign: an open item to one of its owner's reviewers, or to nobody. 404 for an item
 * outside the scope, 409 once it is settled, 422 for an assignee who is not a reviewer of that owner.
 * Audited on the person.
 */
export async function assignInboxItem(
  db: Db,
  { scope, input, actor }: { scope: TenantScope; input: TAssignInboxItem; actor: Actor },
): Promise<TAssignInboxResponse> {
  return db.transaction(async (tx) => {
    const item = await openItem(tx, scope, input.kind, input.ref);
    if (!item)
      throw (await existed(tx, scope, input.kind, input.ref))
        ? new ApiError(409, 'inbox_item_closed')
        : new ApiError(404, 'not_found');
    let assignee: TAssignInboxResponse['assignee'] = null;
    if (input.assigneeId) {
      const reviewers = await reviewersOf(tx, item.ownerId);
      assignee = reviewers.find((r) => r.id === input.assigneeId) ?? null;
      if (!assignee) throw new ApiError(422, 'inbox_assignee');
    }
    const key = { ownerId: item.ownerId, kind: input.kind, ref: input.ref };
    const [before] = await tx
      .select({ assigneeId: inboxAssignments.assigneeId })
      .from(inboxAssignments)
      .where(
        and(
          eq(inboxAssignments.ownerId, key.ownerId),
          eq(inboxAssignments.kind, key.kind),
          eq(inboxAssignments.ref, key.ref),
        ),
      );
    const values = { assigneeId: assignee?.id ?? null, assignedBy: actor.userId, assignedAt: new Date() };
    await tx
      .insert(inboxAssignments)
      .values({ ...key, profileId: item.profileId, ...values })
      .onConflictDoUpdate({
        target: [inboxAssignments.ownerId, inboxAssignments.kind, inboxAssignments.ref],
        set: values,
      });
    await audit(tx, actor, {
      ownerId: item.ownerId,
      action: 'inbox.assign',
      entityType: 'profile',
      entityId: item.profileId,
      changes: { kind: input.kind, ref: input.ref, from: before?.assigneeId ?? null, to: assignee?.id ?? null },
    });
    return { kind: input.kind, ref: input.ref, assignee };
  });
}
