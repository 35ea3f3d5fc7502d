import { sql, type SQL } from 'drizzle-orm';
import type { Country, ProfileStatus, ReportType, TAnalyticsRequest, TAnalyticsResponse } from '@centinela/shared';
import type { Db } from '../../db/client.ts';
import type { TenantScope } from '../../kernel/index.ts';
import { periodsOf, resolveRange, type Range } from './range.ts';
import {
  addPairs,
  dayOffsets,
  factsOf,
  histogramPercentile,
  Metric,
  rollupSpans,
  sortedHistogram,
  staleExpr,
  windowBounds,
  type MetricId,
} from './rollups.ts';
import { ownerIs, rowsOf } from './sql.ts';

type Parts = {
  lo: SQL;
  hi: SQL;
  perPeriod: (column: SQL, from: SQL, where: SQL) => SQL;
  profileFilter: SQL;
  needsProfile: boolean;
};

/** The range's bounds as instants (midnight in the zone), the bucket expression and the person filter. */
function parts(range: Range, query: TAnalyticsRequest): Parts {
  const { timeZone, bucket } = range;
  const filters: SQL[] = [];
  if (query.country) filters.push(sql`p.country = ${query.country}::country`);
  if (query.pipelineId) filters.push(sql`p.pipeline_id = ${query.pipelineId}::uuid`);
  return {
    lo: sql`(${range.from}::date::timestamp AT TIME ZONE ${timeZone})`,
    hi: sql`((${range.to}::date + 1)::timestamp AT TIME ZONE ${timeZone})`,
    // Rows are counted per calendar day first (one cheap zone conversion each), the days then folded into periods.
    perPeriod: (column, from, where) =>
      sql`SELECT to_char(date_trunc(${bucket}, d.day::timestamp), 'YYYY-MM-DD') AS period, sum(d.n)::int AS n
          FROM (SELECT (${column} AT TIME ZONE ${timeZone})::date AS day, count(*) AS n FROM ${from} WHERE ${where} GROUP BY 1) d
          GROUP BY 1`,
    profileFilter: filters.length > 0 ? sql.join(filters, sql` AND `) : sql`true`,
    needsProfile: filters.length > 0,
  };
}

const metricList = (metrics: readonly MetricId[]) => sql.raw(metrics.join(', '));
const seconds = (v: number | string | null) => (v === null ? null : Math.round(Number(v)));

/**
 * The analytics page of one owner, from the daily rollups (rollups.ts) when the request's zone allows it,
 * else from the source tables (analyticsFromSource). Counts are exact either way; turnaround and review
 * wait percentiles from the rollups are within the histogram's ±4.4 % (see rollups.ts).
 */
export async function analytics(
  db: Db,
  scope: TenantScope,
  query: TAnalyticsRequest,
  now = new Date(),
): Promise<TAnalyticsResponse> {
  const range = resolveRange(query, now);
  const offsets = scope.ownerId === null ? null : dayOffsets(range.timeZone, range.from, range.to);
  if (scope.ownerId === null || offsets === null) return analyticsFromSource(db, scope, query, now);
  return analyticsFromRollups(db, scope.ownerId, query, range, offsets);
}

type Histograms = Map<string, { head: Record<string, unknown>; total: number; histogram: Map<number, number> }>;
/** Rows (key columns, n, histogram pairs) in key order → one entry per key, first-seen order, histograms merged. */
function histograms<T extends { n: number | string; buckets: string | null; counts: string | null }>(
  rows: T[],
  keyOf: (row: T) => string,
  head: (row: T) => Record<string, unknown>,
): Histograms {
  const out: Histograms = new Map();
  for (const row of rows) {
    const key = keyOf(row);
    let entry = out.get(key);
    if (!entry) out.set(key, (entry = { head: head(row), total: 0, histogram: new Map() }));
    entry.total += Number(row.n);
    addPairs(entry.histogram, intsOf(row.buckets), intsOf(row.counts));
  }
  return out;
}
/** A PostgreSQL int array's text ("{1,2}") as its elements. */
const intsOf = (text: string | null) => (text === null ? null : text.slice(1, -1).split(','));
const percentiles = (histogram: Map<number, number>) => {
  const sorted = sortedHistogram(histogram);
  return { p50: seconds(histogramPercentile(sorted, 0.5)), p90: seconds(histogramPercentile(sorted, 0.9)) };
};

async function analyticsFromRollups(
  db: Db,
  ownerId: string,
  query: TAnalyticsRequest,
  range: Range,
  offsets: number[],
): Promise<TAnalyticsResponse> {
  const owner = sql`${ownerId}::uuid`;
  const days = offsets.map((_, i) =>
    new Date(Date.parse(`${range.from}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10),
  );
  const filters: SQL[] = [];
  if (query.country) filters.push(sql`f.country = ${query.country}::country`);
  if (query.pipelineId) filters.push(sql`f.pipeline_id = ${query.pipelineId}::uuid`);
  const filter = filters.length > 0 ? sql.join(filters, sql` AND `) : sql`true`;
  // One snapshot for the whole page (REPEATABLE READ): the days a dirty mark touches, read first, are
  // recomputed from the source tables, the others read from the rollups (by week, whole clean weeks from
  // the week rollups: a year is 52 rows per key, not 365). JIT off: the plans are small
  // index range scans whose generic estimates would otherwise cost a JIT compilation (~1 s) per statement.
  return db.transaction(
    async (tx) => {
      const t = tx as unknown as Db;
      await t.execute(sql`SET LOCAL jit = off`);
      const staleRows = await rowsOf<{ day: string; o: number }>(
        t,
        sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, o
            FROM unnest(string_to_array(${days.join(',')}, ',')::date[], string_to_array(${offsets.join(',')}, ',')::int[]) AS c(day, o)
            WHERE ${staleExpr(owner, sql`c.day`, sql`c.o`)}`,
      );
      const staleDays = staleRows.map((r) => r.day);
      const staleOffsets = staleRows.map((r) => Number(r.o));
      const { weeks, runs } = rollupSpans(days, offsets, range.bucket === 'week' ? new Set(staleDays) : null);
      const inRuns =
        runs.length === 0
          ? sql`false`
          : sql.join(
              runs.map(
                (r) =>
                  sql`(x.utc_offset = ${sql.raw(String(Math.trunc(r.o)))} AND x.day BETWEEN ${r.from}::date AND ${r.to}::date)`,
              ),
              sql` OR `,
            );
      const inWeeks = sql.join(
        weeks.map(
          (w) =>
            sql`(x.utc_offset = ${sql.raw(String(Math.trunc(w.o)))} AND x.day = ANY (string_to_array(${w.mondays.join(',')}, ',')::date[]))`,
        ),
        sql` OR `,
      );
      const columns = sql`x.day, x.metric, x.country, x.pipeline_id, x.dim, x.bucket, x.n, x.total, x.buckets, x.counts`;
      // The facts of the range: rollup rows of the clean days, rows recomputed from the source tables for the stale ones.
      const facts = (metrics: readonly MetricId[], select: SQL) => {
        const fromDays = sql`SELECT ${columns}
          FROM analytics_rollup x
          WHERE x.owner_id = ${owner} AND x.metric IN (${metricList(metrics)}) AND (${inRuns})
            ${staleDays.length > 0 ? sql`AND x.day <> ALL (string_to_array(${staleDays.join(',')}, ',')::date[])` : sql``}`;
        const fromRollups =
          weeks.length === 0
            ? fromDays
            : sql`${fromDays} UNION ALL SELECT ${columns} FROM analytics_rollup_week x
                  WHERE x.owner_id = ${owner} AND x.metric IN (${metricList(metrics)}) AND (${inWeeks})`;
        if (staleDays.length === 0) return sql`WITH f AS NOT MATERIALIZED (${fromRollups}) ${select}`;
        return sql`WITH w AS (
            SELECT ${owner} AS owner_id, o, day, ${windowBounds}
            FROM unnest(string_to_array(${staleDays.join(',')}, ',')::date[], string_to_array(${staleOffsets.join(',')}, ',')::int[]) AS c(day, o)
          ),
          f AS NOT MATERIALIZED (${fromRollups} UNION ALL SELECT day, metric, country, pipeline_id, dim, bucket, n, total, buckets, counts FROM (${factsOf(metrics)}) raw)
          ${select}`;
      };
      return pageOf(t, range, filter, facts);
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

type Facts = (metrics: readonly MetricId[], select: SQL) => SQL;

async function pageOf(db: Db, range: Range, filter: SQL, facts: Facts): Promise<TAnalyticsResponse> {
  // Every figure in one statement over the same facts (CTE f, read once): kind-tagged rows, in order.
  // Arrays come as text: splitting "{1,2}" costs a fraction of the driver's array parser (node was the bottleneck).
  type Row = {
    kind: string;
    k1: string;
    k2: string | null;
    n: number | string;
    x: number | string | null;
    buckets: string | null;
    counts: string | null;
  };
  const rows = await rowsOf<Row>(
    db,
    facts(
      Object.values(Metric),
      sql`SELECT kind, k1, k2, n, x, buckets::text AS buckets, counts::text AS counts FROM (
            SELECT 'v' AS kind, row_number() OVER (ORDER BY v.period, v.metric) AS ord, v.period AS k1, v.metric::text AS k2, v.n,
                   NULL::numeric AS x, NULL::smallint[] AS buckets, NULL::int[] AS counts
            FROM (
              SELECT to_char(date_trunc(${range.bucket}, d.day::timestamp), 'YYYY-MM-DD') AS period, d.metric, sum(d.n) AS n
              FROM (SELECT f.day, f.metric, sum(f.n) AS n FROM f WHERE f.metric IN (${metricList([Metric.profile, Metric.report])}) AND ${filter} GROUP BY 1, 2) d
              GROUP BY 1, 2
            ) v
            UNION ALL
            SELECT 's', row_number() OVER (ORDER BY sum(f.n) DESC, f.dim::profile_status), f.dim, NULL, sum(f.n), NULL, NULL, NULL
            FROM f WHERE f.metric = ${metricList([Metric.profile])} AND ${filter} GROUP BY f.dim
            UNION ALL
            SELECT 't', row_number() OVER (ORDER BY f.dim, f.country), f.dim, f.country::text, f.n, NULL, f.buckets, f.counts
            FROM f WHERE f.metric = ${metricList([Metric.turnaround])} AND ${filter}
            UNION ALL
            SELECT 'm', row_number() OVER (ORDER BY f.dim), f.dim, NULL, sum(f.n), coalesce(sum(f.n) FILTER (WHERE f.bucket = 1), 0), NULL, NULL
            FROM f WHERE f.metric = ${metricList([Metric.report])} AND ${filter} GROUP BY f.dim
            UNION ALL
            SELECT 'r', row_number() OVER (ORDER BY g.total DESC, u.username, g.dim), g.dim, u.username, g.n, NULL, g.buckets, g.counts
            FROM (SELECT f.dim, f.n, f.buckets, f.counts, sum(f.n) OVER (PARTITION BY f.dim) AS total FROM f WHERE f.metric = ${metricList([Metric.review])} AND ${filter}) g
            LEFT JOIN "user" u ON u.id = nullif(g.dim, '')::uuid
            UNION ALL
            SELECT 'c', row_number() OVER (ORDER BY -sum(f.total) DESC, f.dim), f.dim, NULL, sum(f.n), -sum(f.total), NULL, NULL
            FROM f WHERE f.metric = ${metricList([Metric.credit])} AND ${filter} GROUP BY f.dim
          ) q ORDER BY kind, ord`,
    ),
  );
  const of = (kind: string) => rows.filter((r) => r.kind === kind);
  const volume = of('v');
  const profilesBy = new Map(volume.filter((r) => Number(r.k2) === Metric.profile).map((r) => [r.k1, Number(r.n)]));
  const reportsBy = new Map(volume.filter((r) => Number(r.k2) === Metric.report).map((r) => [r.k1, Number(r.n)]));
  const turnaroundBy = histograms(
    of('t'),
    (r) => `${r.k1}/${r.k2}`,
    (r) => ({ type: r.k1, country: r.k2 }),
  );
  const reviewersBy = histograms(
    of('r'),
    (r) => r.k1,
    (r) => ({ userId: r.k1 === '' ? null : r.k1, username: r.k2 }),
  );
  return {
    range,
    volume: periodsOf(range).map((p) => ({
      period: p,
      profiles: profilesBy.get(p) ?? 0,
      reports: reportsBy.get(p) ?? 0,
    })),
    statuses: of('s').map((r) => ({ status: r.k1 as ProfileStatus, count: Number(r.n) })),
    turnaround: [...turnaroundBy.values()].map(({ head, total, histogram }) => ({
      ...(head as { type: ReportType; country: Country }),
      reports: total,
      ...percentiles(histogram),
    })),
    manualReview: of('m').map((r) => ({ type: r.k1 as ReportType, reports: Number(r.n), review: Number(r.x) })),
    reviewers: [...reviewersBy.values()].map(({ head, total, histogram }) => ({
      ...(head as { userId: string | null; username: string | null }),
      reviews: total,
      ...percentiles(histogram),
    })),
    credits: of('c').map((r) => ({ type: r.k1 as ReportType, reports: Number(r.n), credits: Number(r.x) })),
  };
}

/**
 * The analytics page from the source tables (any zone, any owner scope): volumes over time, status distribution, turnaround percentiles, manual-review
 * share, reviewer workload and credits spent. Each is one GROUP BY over an (owner, time) index range
 * (profile_owner_created_idx, report_owner_created_idx, report_owner_completed_idx,
 * audit_event_owner_at_idx, credit_ledger_owner_idx); only the aggregates reach the server.
 */
export async function analyticsFromSource(
  db: Db,
  scope: TenantScope,
  query: TAnalyticsRequest,
  now = new Date(),
): Promise<TAnalyticsResponse> {
  const range = resolveRange(query, now);
  const { lo, hi, perPeriod, profileFilter, needsProfile } = parts(range, query);
  const reportJoin = needsProfile ? sql`JOIN profile p ON p.id = r.profile_id` : sql``;
  const [profileVolume, reportVolume, statuses, turnaround, manualReview, reviewers, credits] = await Promise.all([
    rowsOf<{ period: string; n: number }>(
      db,
      perPeriod(
        sql`p.created_at`,
        sql`profile p`,
        sql`${ownerIs(scope, 'p')} AND p.created_at >= ${lo} AND p.created_at < ${hi} AND ${profileFilter}`,
      ),
    ),
    rowsOf<{ period: string; n: number }>(
      db,
      perPeriod(
        sql`r.created_at`,
        sql`report r ${reportJoin}`,
        sql`${ownerIs(scope, 'r')} AND r.created_at >= ${lo} AND r.created_at < ${hi} AND ${profileFilter}`,
      ),
    ),
    rowsOf<{ status: ProfileStatus; n: number }>(
      db,
      sql`SELECT p.status, count(*)::int AS n FROM profile p
          WHERE ${ownerIs(scope, 'p')} AND p.created_at >= ${lo} AND p.created_at < ${hi} AND ${profileFilter}
          GROUP BY 1 ORDER BY 2 DESC, 1`,
    ),
    rowsOf<{ type: ReportType; country: Country; n: number; p50: number | null; p90: number | null }>(
      db,
      sql`SELECT r.type, p.country, count(*)::int AS n,
                 percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM r.completed_at - r.created_at)::float8) AS p50,
                 percentile_cont(0.9) WITHIN GROUP (ORDER BY extract(epoch FROM r.completed_at - r.created_at)::float8) AS p90
          FROM report r JOIN profile p ON p.id = r.profile_id
          WHERE ${ownerIs(scope, 'r')} AND r.completed_at >= ${lo} AND r.completed_at < ${hi} AND ${profileFilter}
          GROUP BY 1, 2 ORDER BY 1, 2`,
    ),
    rowsOf<{ type: ReportType; n: number; review: number }>(
      db,
      sql`SELECT r.type, count(*)::int AS n, count(*) FILTER (WHERE r.status = 'PENDING_MANUAL_REVIEW')::int AS review
          FROM report r ${reportJoin}
          WHERE ${ownerIs(scope, 'r')} AND r.created_at >= ${lo} AND r.created_at < ${hi} AND ${profileFilter}
          GROUP BY 1 ORDER BY 1`,
    ),
    // A decision is the 'profile.review' audit event (domains/profiles/review.ts); the wait starts when
    // the last report needing review finished before it.
    rowsOf<{ user_id: string | null; username: string | null; n: number; p50: number | null; p90: number | null }>(
      db,
      sql`SELECT a.actor_user_id AS user_id, u.username, count(*)::int AS n,
                 percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM a.at - w.ready_at)::float8) AS p50,
                 percentile_cont(0.9) WITHIN GROUP (ORDER BY extract(epoch FROM a.at - w.ready_at)::float8) AS p90
          FROM audit_event a
          JOIN profile p ON p.id = CASE WHEN a.entity_id ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN a.entity_id::uuid END
          LEFT JOIN "user" u ON u.id = a.actor_user_id
          LEFT JOIN LATERAL (
            SELECT max(r.completed_at) AS ready_at FROM report r
            WHERE r.profile_id = p.id AND r.status = 'PENDING_MANUAL_REVIEW' AND r.completed_at <= a.at
          ) w ON true
          WHERE ${ownerIs(scope, 'a')} AND a.action = 'profile.review' AND a.entity_type = 'profile'
            AND a.at >= ${lo} AND a.at < ${hi} AND ${profileFilter}
          GROUP BY 1, 2 ORDER BY 3 DESC, 2`,
    ),
    rowsOf<{ type: ReportType; n: number; credits: number }>(
      db,
      sql`SELECT r.type, count(DISTINCT r.id) FILTER (WHERE l.kind = 'debit')::int AS n, (-sum(l.amount))::int AS credits
          FROM credit_ledger l JOIN report r ON r.id = l.report_id ${needsProfile ? sql`JOIN profile p ON p.id = r.profile_id` : sql``}
          WHERE ${ownerIs(scope, 'l')} AND l.kind IN ('debit', 'refund') AND l.created_at >= ${lo} AND l.created_at < ${hi} AND ${profileFilter}
          GROUP BY 1 ORDER BY 3 DESC, 1`,
    ),
  ]);
  const profilesBy = new Map(profileVolume.map((r) => [r.period, Number(r.n)]));
  const reportsBy = new Map(reportVolume.map((r) => [r.period, Number(r.n)]));
  return {
    range,
    volume: periodsOf(range).map((p) => ({
      period: p,
      profiles: profilesBy.get(p) ?? 0,
      reports: reportsBy.get(p) ?? 0,
    })),
    statuses: statuses.map((r) => ({ status: r.status, count: Number(r.n) })),
    turnaround: turnaround.map((r) => ({
      type: r.type,
      country: r.country,
      reports: Number(r.n),
      p50: seconds(r.p50),
      p90: seconds(r.p90),
    })),
    manualReview: manualReview.map((r) => ({ type: r.type, reports: Number(r.n), review: Number(r.review) })),
    reviewers: reviewers.map((r) => ({
      userId: r.user_id,
      username: r.username,
      reviews: Number(r.n),
      p50: seconds(r.p50),
      p90: seconds(r.p90),
    })),
    credits: credits.map((r) => ({ type: r.type, reports: Number(r.n), credits: Number(r.credits) })),
  };
}
