import { and, isNull, sql, type SQL } from 'drizzle-orm';
import { profiles, reports } from '../../db/schema/index.ts';

/**
 * What retention counts from: the latest of the person's creation, their last report's completion, their
 * last review decision and the candidate's withdrawal of consent. A rerun or a new decision starts the
 * clock again.
 */
export const lastActivity: SQL<Date> = sql<Date>`greatest(${profiles}.created_at, ${profiles}.reviewed_at, ${profiles}.consent_withdrawn_at, (select max(r.completed_at) from ${reports} r where r.profile_id = ${profiles}.id))`;

/**
 * The instant a person expires under a retention of `months`: calendar months added in UTC (31 January
 * plus one month is 28 or 29 February), whatever the session's time zone.
 */
export const expiresAt = (months: number): SQL<Date> =>
  sql<Date>`((((${lastActivity}) at time zone 'UTC') + make_interval(months => ${months}::int)) at time zone 'UTC')`;

/** Persons not on legal hold whose expiry is at or before `at`. */
export const expiredBy = (months: number, at: Date): SQL =>
  and(isNull(profiles.legalHoldAt), sql`${expiresAt(months)} <= ${at.toISOString()}::timestamptz`)!;
