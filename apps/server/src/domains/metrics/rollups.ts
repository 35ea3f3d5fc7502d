import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from './sql.ts';

/**
 * Daily rollups of the analytics page: table analytics_rollup, one row per owner, UTC offset,
 * calendar day at that offset, metric, country, pipeline, dimension and bucket, with a count (and a sum
 * for credits). They are not kept by deltas but recomputed a day at a time from the source tables:
 * statement-level triggers (migration 0008) append the UTC days a write touched to analytics_dirty and
 * compactAnalytics() rewrites every rollup day that overlaps them. A reader trusts a rollup day only if
 * no dirty mark overlaps it and recomputes the others from the source tables in the same statement (one
 * snapshot), so counts are exact at any instant, before or after a compaction.
 *
 * Time zones: a day is kept for each fixed offset of ANALYTICS_OFFSETS (minutes east of UTC). A request
 * whose zone has, on every day of its range, one of these offsets for the whole day (America/Bogota,
 * Lima, Mexico City, Buenos Aires, São Paulo, UTC, Santiago away from its two switch days…) is answered
 * from the rollups; any other zone or range (Asia/Tokyo, a DST switch day) from the source tables as
 * before. Adding an offset needs a migration that marks every day dirty (as 0008's backfill does).
 *
 * Percentiles (turnaround, review wait) come from a log-scale histogram: bucket b holds durations s with
 * 2^(b/8) ≤ 1 + s < 2^((b+1)/8) and stands for its geometric middle, so a p50/p90 is within a factor
 * 2^(1/16) of the exact percentile_cont in (1 + seconds), i.e. ±4.4 %, plus rounding to a second.
 */
export const ANALYTICS_OFFSETS: readonly number[] = [0, -180, -240, -300, -360];
export const BUCKETS_PER_DOUBLING = 8;

export const Metric = { profile: 1, report: 2, turnaround: 3, review: 4, credit: 5 } as const;
export type MetricId = (typeof Metric)[keyof typeof Metric];

/** The histogram bucket of a duration in seconds (SQL, float8; NULL stays NULL). */
export const bucketOf = (seconds: SQL) =>
  sql`(CASE WHEN ${seconds} IS NOT NULL THEN floor(${sql.raw(String(BUCKETS_PER_DOUBLING))} * ln(1 + greatest(${seconds}, 0)) / ln(2)) END)::smallint`;

/** The duration a bucket stands for: the geometric middle of its bounds in (1 + seconds). */
export const bucketSeconds = (bucket: number) => 2 ** ((bucket + 0.5) / BUCKETS_PER_DOUBLING) - 1;

/**
 * percentile_cont over a histogram (buckets ascending, with counts): linear interpolation between the
 * closest ranks, each rank standing for its bucket's middle. Null with no values.
 */
export function histogramPercentile(
  histogram: ReadonlyArray<readonly [bucket: number, n: number]>,
  p: number,
): number | null {
  const total = histogram.reduce((sum, [, n]) => sum + n, 0);
  if (total === 0) return null;
  const rank = p * (total - 1);
  const at = (index: number) => {
    let seen = 0;
    for (const [bucket, n] of histogram) {
      seen += n;
      if (index < seen) return bucketSeconds(bucket);
    }
    return bucketSeconds(histogram.at(-1)![0]);
  };
  const lo = Math.floor(rank);
  const low = at(lo);
  return low + (at(Math.ceil(rank)) - low) * (rank - lo);
}

/** Adds (bucket, count) pairs into a histogram map. */
export function addPairs(
  into: Map<number, number>,
  buckets: readonly (number | string)[] | null,
  counts: readonly (number | string)[] | null,
) {
  if (!buckets || !counts) return;
  for (let i = 0; i < buckets.length; i++)
    into.set(Number(buckets[i]), (into.get(Number(buckets[i])) ?? 0) + Number(counts[i]));
}

/** A histogram map as ascending (bucket, count) pairs without the no-value bucket (-1). */
export const sortedHistogram = (histogram: Map<number, number>): [number, number][] =>
  [...histogram].filter(([bucket]) => bucket >= 0).sort(([a], [b]) => a - b);

const UUID = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';

/**
 * The rollup rows of `metrics` computed from the source tables, for the windows of CTE `w`
 * (owner_id, o, day, lo, hi: the instants [lo, hi) of `day` at UTC offset `o`). Columns as analytics_rollup.
 */
export function factsOf(metrics: readonly MetricId[]): SQL {
  // Per window (LATERAL): each is an index range scan of one day, whatever the planner guesses about w.
  const part = (metric: MetricId, select: SQL, from: SQL) =>
    metric === Metric.turnaround || metric === Metric.review
      ? // One row per (day, country, pipeline, dim) with the histogram as (bucket, count) pairs.
        sql`SELECT w.owner_id, w.o, w.day, ${sql.raw(String(metric))}::smallint AS metric, g.country, g.pipeline_id, g.dim, 0::smallint AS bucket,
                   sum(g.n)::bigint AS n, 0::bigint AS total, array_agg(g.bucket ORDER BY g.bucket) AS buckets, array_agg(g.n::int ORDER BY g.bucket) AS counts
            FROM w CROSS JOIN LATERAL (SELECT p.country, p.pipeline_id, ${select} FROM ${from} GROUP BY 1, 2, 3, 4) g
            GROUP BY w.owner_id, w.o, w.day, g.country, g.pipeline_id, g.dim`
      : sql`SELECT w.owner_id, w.o, w.day, ${sql.raw(String(metric))}::smallint AS metric, g.country, g.pipeline_id, g.dim, g.bucket, g.n, g.total,
                   NULL::smallint[] AS buckets, NULL::int[] AS counts
            FROM w CROSS JOIN LATERAL (SELECT p.country, p.pipeline_id, ${select} FROM ${from} GROUP BY 1, 2, 3, 4) g`;
  const parts: SQL[] = [];
  if (metrics.includes(Metric.profile)) {
    parts.push(
      part(
        Metric.profile,
        sql`p.status::text AS dim, 0::smallint AS bucket, count(*) AS n, 0::bigint AS total`,
        sql`profile p WHERE p.owner_id = w.owner_id AND p.created_at >= w.lo AND p.created_at < w.hi`,
      ),
    );
  }
  if (metrics.includes(Metric.report)) {
    parts.push(
      part(
        Metric.report,
        sql`r.type::text AS dim, (r.status = 'PENDING_MANUAL_REVIEW')::int::smallint AS bucket, count(*) AS n, 0::bigint AS total`,
        sql`report r JOIN profile p ON p.id = r.profile_id WHERE r.owner_id = w.owner_id AND r.created_at >= w.lo AND r.created_at < w.hi`,
      ),
    );
  }
  if (metrics.includes(Metric.turnaround)) {
    parts.push(
      part(
        Metric.turnaround,
        sql`r.type::text AS dim, ${bucketOf(sql`extract(epoch FROM r.completed_at - r.created_at)::float8`)} AS bucket, count(*) AS n, 0::bigint AS total`,
        sql`report r JOIN profile p ON p.id = r.profile_id WHERE r.owner_id = w.owner_id AND r.completed_at >= w.lo AND r.completed_at < w.hi`,
      ),
    );
  }
  if (metrics.includes(Metric.review)) {
    // A decision is the 'profile.review' audit event; the wait starts when the last report needing
    // review finished before it (bucket -1: no such report, counted but no wait).
    parts.push(
      part(
        Metric.review,
        sql`coalesce(a.actor_user_id::text, '') AS dim, coalesce(${bucketOf(sql`extract(epoch FROM a.at - x.ready_at)::float8`)}, -1::smallint) AS bucket,
            count(*) AS n, 0::bigint AS total`,
        sql`audit_event a
            JOIN profile p ON p.id = CASE WHEN a.entity_id ~* ${UUID} THEN a.entity_id::uuid END
            LEFT JOIN LATERAL (
              SELECT max(r.completed_at) AS ready_at FROM report r
              WHERE r.profile_id = p.id AND r.status = 'PENDING_MANUAL_REVIEW' AND r.completed_at <= a.at
            ) x ON true
            WHERE a.owner_id = w.owner_id AND a.at >= w.lo AND a.at < w.hi AND a.action = 'profile.review' AND a.entity_type = 'profile'`,
      ),
    );
  }
  if (metrics.includes(Metric.credit)) {
    // n: debits (a report is debited once per run); total: the signed sum of debits and refunds.
    parts.push(
      part(
        Metric.credit,
        sql`r.type::text AS dim, 0::smallint AS bucket, count(*) FILTER (WHERE l.kind = 'debit') AS n, sum(l.amount)::bigint AS total`,
        sql`credit_ledger l JOIN report r ON r.id = l.report_id JOIN profile p ON p.id = r.profile_id
            WHERE l.owner_id = w.owner_id AND l.created_at >= w.lo AND l.created_at < w.hi AND l.kind IN ('debit', 'refund')`,
      ),
    );
  }
  return sql.join(parts, sql` UNION ALL `);
}

/** [lo, hi) of `day` at UTC offset `o` (SQL expressions over columns named day and o). */
export const windowBounds = sql`(day::timestamp - make_interval(mins => o)) AT TIME ZONE 'UTC' AS lo,
  ((day + 1)::timestamp - make_interval(mins => o)) AT TIME ZONE 'UTC' AS hi`;

/** True when a dirty mark of the owner overlaps local day `day` at offset `o` (a UTC day it touches). */
export const staleExpr = (ownerId: SQL, day: SQL, o: SQL) => sql`EXISTS (
  SELECT 1 FROM analytics_dirty d WHERE d.owner_id = ${ownerId}
    AND d.day IN ((${day}::timestamp - make_interval(mins => ${o}))::date, ((${day} + 1)::timestamp - make_interval(mins => ${o}) - interval '1 microsecond')::date))`;

const LOCK = 7_340_008; // pg_advisory_xact_lock key of the rollup compaction

/**
 * Recomputes the rollups of up to `maxDays` dirty (owner, UTC day) pairs, newest first: their marks are
 * deleted, then (later snapshot, same transaction) every rollup day overlapping them at every offset is
 * rewritten from the source tables, and then the weeks those days fall in from the day rows. A write
 * that commits meanwhile keeps its own mark, so its days (and their weeks, for readers) stay dirty until
 * the next run. One compaction at a time (advisory lock; a busy lock skips the run).
 * Returns how many (owner, day) pairs were folded.
 */
export async function compactAnalytics(db: Db, maxDays = 64): Promise<number> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [lock] = await rowsOf<{ ok: boolean }>(t, sql`SELECT pg_try_advisory_xact_lock(${LOCK}) AS ok`);
    if (!lock?.ok) return 0;
    const moved = await rowsOf<{ owner_id: string; day: string }>(
      t,
      sql`WITH picked AS (SELECT DISTINCT owner_id, day FROM analytics_dirty ORDER BY day DESC, owner_id LIMIT ${maxDays}),
          gone AS (DELETE FROM analytics_dirty d USING picked p WHERE d.owner_id = p.owner_id AND d.day = p.day RETURNING d.owner_id, d.day)
          SELECT DISTINCT owner_id, to_char(day, 'YYYY-MM-DD') AS day FROM gone`,
    );
    if (moved.length === 0) return 0;
    // The local days (owner, offset, day) the moved UTC days overlap at every offset.
    const touched = sql`m AS (
        SELECT m.owner_id, m.day FROM unnest(string_to_array(${moved.map((r) => r.owner_id).join(',')}, ',')::uuid[],
                                            string_to_array(${moved.map((r) => r.day).join(',')}, ',')::date[]) AS m(owner_id, day)
        WHERE EXISTS (SELECT 1 FROM owner WHERE owner.id = m.owner_id)
      ),
      t AS (
        SELECT DISTINCT m.owner_id, z.o, x.day
        FROM m CROSS JOIN unnest(string_to_array(${ANALYTICS_OFFSETS.join(',')}, ',')::int[]) AS z(o)
        CROSS JOIN LATERAL (VALUES ((m.day::timestamp + make_interval(mins => z.o))::date),
                                   (((m.day + 1)::timestamp + make_interval(mins => z.o) - interval '1 microsecond')::date)) AS x(day)
      )`;
    await rowsOf(
      t,
      sql`WITH ${touched},
          w AS (SELECT owner_id, o, day, ${windowBounds} FROM t),
          cleared AS (DELETE FROM analytics_rollup x USING w WHERE x.owner_id = w.owner_id AND x.utc_offset = w.o AND x.day = w.day)
          INSERT INTO analytics_rollup (owner_id, utc_offset, day, metric, country, pipeline_id, dim, bucket, n, total, buckets, counts)
          SELECT * FROM (${factsOf(Object.values(Metric))}) f`,
    );
    // Then their weeks, summed from the day rows just written (a later statement sees them).
    await rowsOf(
      t,
      sql`WITH ${touched},
          wk AS (SELECT DISTINCT owner_id, o, date_trunc('week', day)::date AS week FROM t),
          cleared AS (DELETE FROM analytics_rollup_week x USING wk WHERE x.owner_id = wk.owner_id AND x.utc_offset = wk.o AND x.day = wk.week),
          src AS (
            SELECT x.*, wk.week FROM analytics_rollup x
            JOIN wk ON x.owner_id = wk.owner_id AND x.utc_offset = wk.o AND x.day BETWEEN wk.week AND wk.week + 6
          )
          INSERT INTO analytics_rollup_week (owner_id, utc_offset, day, metric, country, pipeline_id, dim, bucket, n, total, buckets, counts)
          SELECT owner_id, utc_offset, week, metric, country, pipeline_id, dim, bucket, sum(n), sum(total), NULL, NULL
          FROM src WHERE buckets IS NULL
          GROUP BY owner_id, utc_offset, week, metric, country, pipeline_id, dim, bucket
          UNION ALL
          SELECT owner_id, utc_offset, week, metric, country, pipeline_id, dim, 0, sum(c), 0, array_agg(b ORDER BY b), array_agg(c ORDER BY b)
          FROM (
            SELECT s.owner_id, s.utc_offset, s.week, s.metric, s.country, s.pipeline_id, s.dim, u.b, sum(u.c)::int AS c
            FROM src s CROSS JOIN LATERAL unnest(s.buckets, s.counts) AS u(b, c)
            WHERE s.buckets IS NOT NULL
            GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
          ) h
          GROUP BY owner_id, utc_offset, week, metric, country, pipeline_id, dim`,
    );
    return moved.length;
  });
}

/**
 * Works off the backlog of dirty days: passes of `maxDays` while a pass finds a full batch (a backfill, a
 * large import), and stops after the first pass that finds fewer. Days dirtied again meanwhile wait for
 * the next call: under steady writes today is always dirty again by the end of a pass, and looping until
 * none is left would recompute it back to back for as long as the writes last (it was 41% of
 * PostgreSQL's time under bench:load). Returns the (owner, day) pairs folded.
 */
export async function compactAnalyticsBacklog(db: Db, maxDays = 64): Promise<number> {
  let folded = 0;
  for (let n = maxDays; n === maxDays; folded += n) n = await compactAnalytics(db, maxDays);
  return folded;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
/** Minutes east of UTC of a zone at an instant. */
function offsetAt(timeZone: string, ms: number): number {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(ms).map((p) => [p.type, Number(p.value)])) as Record<
    string,
    number
  >;
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return Math.round((wall - (ms - (ms % 1000))) / 60_000);
}

const DAY_MS = 86_400_000;
const offsetsCache = new Map<string, number[] | null>();

/**
 * The UTC offset of each day from..to in the zone, or null when some day's offset is not one of
 * ANALYTICS_OFFSETS or changes during the day (then only the source tables can answer).
 */
export function dayOffsets(timeZone: string, from: string, to: string): number[] | null {
  const key = `${timeZone}|${from}|${to}`;
  if (offsetsCache.has(key)) return offsetsCache.get(key)!;
  const offsets: number[] | null = [];
  let result: number[] | null = offsets;
  for (let day = Date.parse(`${from}T00:00:00Z`); day <= Date.parse(`${to}T00:00:00Z`); day += DAY_MS) {
    const o = offsetAt(timeZone, day + DAY_MS / 2);
    const start = day - o * 60_000;
    // The whole local day, and the instants just before and at its end, at the one offset: a day next to
    // a switch (23 or 25 hours, or a midnight that happens twice) is left to the source tables.
    if (
      !ANALYTICS_OFFSETS.includes(o) ||
      offsetAt(timeZone, start - 1000) !== o ||
      offsetAt(timeZone, start) !== o ||
      offsetAt(timeZone, start + DAY_MS) !== o
    ) {
      result = null;
      break;
    }
    offsets.push(o);
  }
  if (offsetsCache.size > 500) offsetsCache.clear();
  offsetsCache.set(key, result);
  return result;
}

/**
 * How a range of days (each at its UTC offset) is read: whole weeks (Monday to Sunday inside the range, at
 * one offset, no day in `stale`) from the week rollups, the other days as runs of consecutive days at one
 * offset from the day rollups (each run one range of the index). `stale` null: days only.
 */
export function rollupSpans(
  days: readonly string[],
  offsets: readonly number[],
  stale: ReadonlySet<string> | null,
): { weeks: { o: number; mondays: string[] }[]; runs: { o: number; from: string; to: string }[] } {
  const weeks = new Map<number, string[]>();
  const runs: { o: number; from: string; to: string }[] = [];
  let open = false;
  for (let i = 0; i < days.length; i++) {
    const o = offsets[i]!;
    if (stale && new Date(`${days[i]}T00:00:00Z`).getUTCDay() === 1 && i + 6 < days.length) {
      const week = days.slice(i, i + 7);
      if (offsets.slice(i, i + 7).every((x) => x === o) && !week.some((d) => stale.has(d))) {
        weeks.set(o, [...(weeks.get(o) ?? []), days[i]!]);
        i += 6;
        open = false;
        continue;
      }
    }
    const last = runs.at(-1);
    if (open && last && last.o === o) last.to = days[i]!;
    else runs.push({ o, from: days[i]!, to: days[i]! });
    open = true;
  }
  return { weeks: [...weeks].map(([o, mondays]) => ({ o, mondays })), runs };
}
