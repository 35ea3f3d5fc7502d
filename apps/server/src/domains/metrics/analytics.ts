import { sql, type SQL } from 'drizzle-orm';
import type { Country, ProfileStatus, ReportType, TAnalyticsRequest, TAnalyticsResponse } from '@centinela/shared';
import type { Db } from '../../db/client.ts';
import type { TenantScope } from '../tenancy.ts';
import { periodsOf, resolveRange, type Range } from './range.ts';
import { ownerIs, rowsOf } from './sql.ts';

type Parts = { lo: SQL; hi: SQL; perPeriod: (column: SQL, from: SQL, where: SQL) => SQL; profileFilter: SQL; needsProfile: boolean };

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

const seconds = (v: number | string | null) => (v === null ? null : Math.round(Number(v)));

/**
 * The analytics page: volumes over time, status distribution, turnaround percentiles, manual-review
 * share, reviewer workload and credits spent. Each is one GROUP BY over an (owner, time) index range
 * (profile_owner_created_idx, report_owner_created_idx, report_owner_completed_idx,
 * audit_event_owner_at_idx, credit_ledger_owner_idx); only the aggregates reach the server.
 */
export async function analytics(db: Db, scope: TenantScope, query: TAnalyticsRequest, now = new Date()): Promise<TAnalyticsResponse> {
  const range = resolveRange(query, now);
  const { lo, hi, perPeriod, profileFilter, needsProfile } = parts(range, query);
  const reportJoin = needsProfile ? sql`JOIN profile p ON p.id = r.profile_id` : sql``;
  const [profileVolume, reportVolume, statuses, turnaround, manualReview, reviewers, credits] = await Promise.all([
    rowsOf<{ period: string; n: number }>(
      db,
      perPeriod(sql`p.created_at`, sql`profile p`, sql`${ownerIs(scope, 'p')} AND p.created_at >= ${lo} AND p.created_at < ${hi} AND ${profileFilter}`),
    ),
    rowsOf<{ period: string; n: number }>(
      db,
      perPeriod(sql`r.created_at`, sql`report r ${reportJoin}`, sql`${ownerIs(scope, 'r')} AND r.created_at >= ${lo} AND r.created_at < ${hi} AND ${profileFilter}`),
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
    volume: periodsOf(range).map((p) => ({ period: p, profiles: profilesBy.get(p) ?? 0, reports: reportsBy.get(p) ?? 0 })),
    statuses: statuses.map((r) => ({ status: r.status, count: Number(r.n) })),
    turnaround: turnaround.map((r) => ({ type: r.type, country: r.country, reports: Number(r.n), p50: seconds(r.p50), p90: seconds(r.p90) })),
    manualReview: manualReview.map((r) => ({ type: r.type, reports: Number(r.n), review: Number(r.review) })),
    reviewers: reviewers.map((r) => ({ userId: r.user_id, username: r.username, reviews: Number(r.n), p50: seconds(r.p50), p90: seconds(r.p90) })),
    credits: credits.map((r) => ({ type: r.type, reports: Number(r.n), credits: Number(r.credits) })),
  };
}
