import { isReportAvailable, type ReportStatus, type ReportType } from '@centinela/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { reports } from '../../db/schema/index.ts';
import { ApiError } from '../../lib/api-error.ts';
import { ownedBy, type TenantScope } from '../tenancy.ts';
import { lockProfile, refreshProfileStatus, type ProfileStatusChange } from './profile-status.ts';
import type { ReportSubject } from './provider.ts';
import { checkInputs } from './subject.ts';

export type QueuedReport = { id: string; profileId: string; type: ReportType; status: ReportStatus; missingInputs: string[] };

/**
 * Queues reports for a profile inside the caller's transaction: PENDING rows the workers pick up, or
 * INCOMPLETE rows listing `missingInputs` when the profile lacks what the source needs (no provider is
 * ever called for those). Idempotent on (profile_id, type): a type the profile already has is left as it
 * is and not returned. Re-derives the profile status (a PRECANDIDATE stays one: promote it first).
 * After commit the caller publishes 'report.updated' / 'profile.updated' and calls `app.reports.wake()`.
 * Throws on a type the profile's country does not offer (validate before, for a 4xx).
 */
export async function enqueueReports(
  tx: Db,
  input: { ownerId: string; profileId: string; types: readonly ReportType[]; subject: ReportSubject },
): Promise<{ created: QueuedReport[]; profile: ProfileStatusChange | null }> {
  const unavailable = input.types.filter((t) => !isReportAvailable(input.subject.country, t));
  if (unavailable.length > 0) throw new Error(`report types not offered in ${input.subject.country}: ${unavailable.join(', ')}`);
  if (!(await lockProfile(tx, input.profileId))) throw new Error(`profile ${input.profileId} not found`);
  const rows = [...new Set(input.types)].map((type) => {
    const { missing, values } = checkInputs(input.subject, type);
    return {
      ownerId: input.ownerId,
      profileId: input.profileId,
      type,
      status: (missing.length > 0 ? 'INCOMPLETE' : 'PENDING') as ReportStatus,
      inputs: values,
      missingInputs: missing,
    };
  });
  const created =
    rows.length === 0
      ? []
      : await tx
          .insert(reports)
          .values(rows)
          .onConflictDoNothing({ target: [reports.profileId, reports.type] })
          .returning({ id: reports.id, profileId: reports.profileId, type: reports.type, status: reports.status, missingInputs: reports.missingInputs });
  const profile = await refreshProfileStatus(tx, input.profileId);
  return { created, profile };
}

/**
 * Runs a report again from scratch: PENDING, attempts 0, due now, result cleared (the homonym decision
 * lives on the profile and survives). 404 outside the scope; 409 `report_running` while a worker holds
 * a live lease on it. Own transaction; publish events and wake the workers after it resolves.
 */
export async function rerunReport(
  db: Db,
  scope: TenantScope,
  reportId: string,
): Promise<{ report: QueuedReport; ownerId: string; profile: ProfileStatusChange | null }> {
  const [found] = await db
    .select({ profileId: reports.profileId, ownerId: reports.ownerId })
    .from(reports)
    .where(and(ownedBy(scope, reports.ownerId), eq(reports.id, reportId)));
  if (!found) throw new ApiError(404, 'not_found');
  return db.transaction(async (tx) => {
    // Profile first, like the workers: one lock order, no deadlock.
    await lockProfile(tx, found.profileId);
    // coalesce: a NULL lease must read as "not running", not as unknown.
    const notRunning = sql`not (${reports.status} = 'PENDING' and coalesce(${reports.lockedUntil} > now(), false))`;
    const [row] = await tx
      .update(reports)
      .set({
        status: 'PENDING',
        attempts: 0,
        runAfter: sql`now()`,
        lockedBy: null,
        lockedUntil: null,
        lastError: null,
        findings: [],
        details: null,
        missingInputs: [],
        startedAt: null,
        completedAt: null,
      })
      .where(and(eq(reports.id, reportId), notRunning))
      .returning({ id: reports.id, profileId: reports.profileId, type: reports.type, status: reports.status, missingInputs: reports.missingInputs });
    if (!row) throw new ApiError(409, 'report_running');
    const profile = await refreshProfileStatus(tx, found.profileId);
    return { report: row, ownerId: found.ownerId, profile };
  });
}
