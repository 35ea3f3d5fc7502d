import { and, count, sql, type SQL } from 'drizzle-orm';
import {
  PROFILE_STATUSES,
  type ProfileStatus,
  type TListProfilesQuery,
  type TListProfilesResponse,
  type TProfileSummary,
  type TProfileCountsRequest,
  type TProfileCountsResponse,
} from '@centinela/shared';
import type { Db } from '../../db/client.ts';
import { profiles } from '../../db/schema/index.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { TenantScope } from '../../kernel/index.ts';
import { decodeCursor, encodeCursor, type Cursor } from './cursor.ts';
import { profileConditions } from './filters.ts';
import { statusCounts } from '../metrics/summaries.ts';

const SORT_COLUMN = { created_at: profiles.createdAt, name: profiles.name, status: profiles.status } as const;

/** ISO 8601 in UTC with milliseconds (the column's precision): what `Date#toISOString` writes. */
const iso = (column: typeof profiles.createdAt) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A list row exactly as the API returns it (TProfileSummary): PostgreSQL names the fields and writes the
 * timestamps, so a page goes out without a Date parsed, mapped or formatted per row — the list is the
 * hottest read of the product (bench/profiles).
 */
const LIST_COLUMNS = sql`${profiles.id} as "id", ${profiles.country} as "country", ${profiles.documentType} as "documentType",
  ${profiles.documentId} as "documentId", ${profiles.name} as "name", ${profiles.email} as "email", ${profiles.phone} as "phone",
  ${profiles.status} as "status", ${profiles.createdAs} as "createdAs", ${profiles.pipelineId} as "pipelineId",
  ${profiles.manuallyReviewed} as "manuallyReviewed", ${profiles.outcome} as "outcome",
  ${iso(profiles.createdAt)} as "createdAt", ${iso(profiles.updatedAt)} as "updatedAt"`;

const sortValue = (row: TProfileSummary, sort: Cursor['sort']) =>
  sort === 'created_at' ? row.createdAt : sort === 'name' ? row.name : row.status;

/**
 * Rows after the cursor: (sort value, id) strictly past the last row, in the page's direction. A row
 * comparison, not `a < x OR (a = x AND id < y)`: PostgreSQL turns it into an index range on
 * (owner, sort column, id), so a page 100,000 rows deep costs what the first one does (bench/profiles).
 */
function afterCursor(cursor: Cursor): SQL {
  const column = SORT_COLUMN[cursor.sort];
  const value = cursor.sort === 'created_at' ? new Date(cursor.value) : cursor.value;
  return sql`(${column}, ${profiles.id}) ${sql.raw(cursor.order === 'desc' ? '<' : '>')} (${column.mapToDriverValue(value as never)}, ${cursor.id})`;
}

/** One page, sorted by `sort` then id (the tie-break keeps keyset paging exact). */
export async function listProfiles(
  db: Db,
  scope: TenantScope,
  query: TListProfilesQuery,
  now = new Date(),
): Promise<TListProfilesResponse> {
  const conditions = [profileConditions(scope, query, now)];
  if (query.cursor) {
    const cursor = decodeCursor(query.cursor, query.sort, query.order);
    if (!cursor) throw new ApiError(400, 'validation_failed');
    conditions.push(afterCursor(cursor));
  }
  const direction = sql.raw(query.order === 'desc' ? 'desc' : 'asc');
  const result = (await db.execute(sql`
    select ${LIST_COLUMNS} from ${profiles}
    where ${and(...conditions) ?? sql`true`}
    order by ${SORT_COLUMN[query.sort]} ${direction}, ${profiles.id} ${direction}
    limit ${query.limit + 1}`)) as unknown as { rows: TProfileSummary[] };
  const rows = result.rows;
  const page = rows.length > query.limit ? rows.slice(0, query.limit) : rows;
  const last = page.at(-1);
  const more = rows.length > query.limit && last;
  return {
    items: page,
    nextCursor: more
      ? encodeCursor({ sort: query.sort, order: query.order, value: sortValue(last, query.sort), id: last.id })
      : null,
  };
}

/** Per-status counts for the filter; its own `status` is ignored so every status shows its number. */
export async function countProfiles(
  db: Db,
  scope: TenantScope,
  filter: TProfileCountsRequest,
  now = new Date(),
): Promise<TProfileCountsResponse> {
  const byStatus = Object.fromEntries(PROFILE_STATUSES.map((s) => [s, 0])) as Record<ProfileStatus, number>;
  if (unfiltered(filter)) {
    // The whole list (what the screen opens on): the maintained counters, not a count over every person.
    for (const [status, n] of await statusCounts(db, scope, scope.seesDeferred ? null : now)) byStatus[status] = n;
  } else {
    const rows = await db
      .select({ status: profiles.status, n: count() })
      .from(profiles)
      .where(profileConditions(scope, filter, now, { ignoreStatus: true }))
      .groupBy(profiles.status);
    for (const row of rows) byStatus[row.status] = Number(row.n);
  }
  return { total: Object.values(byStatus).reduce((sum, n) => sum + n, 0), byStatus };
}

/** No filter but the status (which counts ignore): every person of the scope. */
const unfiltered = (f: TProfileCountsRequest) =>
  !f.country && !f.pipelineId && !f.createdAs && !f.createdFrom && !f.createdTo && !f.q;
