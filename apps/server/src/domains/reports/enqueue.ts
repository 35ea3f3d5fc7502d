import { isReportAvailable, isReportLocked, type ReportStatus, type ReportType } from '@centinela/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { identityPictures, reports } from '../../db/schema/index.ts';
import { ApiError } from '../../lib/api-error.ts';
import { ownedBy, type TenantScope } from '../../kernel/index.ts';
import { assertReportsIncluded, chargeReports, ownerPlan, type CreditChange } from '../credits/charge.ts';
import { notifyWorkers } from './jobs.ts';
import { lockProfile, refreshProfileStatus, type ProfileStatusChange } from './profile-status.ts';
import type { ReportSubject } from './provider.ts';
import { checkInputs } from './subject.ts';

/** What an identity document report waits for besides the catalogue's inputs: the pictures (not a profile field). */
export const IDENTITY_PICTURES_INPUT = 'identityPictures';

/** Whether the person lacks the pictures an identity check needs (the document's front and a selfie). */
async function identityPicturesMissing(tx: Db, profileId: string): Promise<boolean> {
  const rows = await tx
    .selectDistinct({ kind: identityPictures.kind })
    .from(identityPictures)
    .where(
      and(eq(identityPictures.profileId, profileId), inArray(identityPictures.kind, ['document_front', 'selfie'])),
    );
  return rows.length < 2;
}

/** The catalogue's missing inputs, and the pictures for an identity report. */
async function missingFor(tx: Db, subject: ReportSubject, type: ReportType) {
  const { missing, values } = checkInputs(subject, type);
  const all: string[] = [...missing];
  if (type === 'identity_document' && (await identityPicturesMissing(tx, subject.profileId)))
    all.push(IDENTITY_PICTURES_INPUT);
  return { missing: all, values };
}

export type QueuedReport = {
  id: string;
  profileId: string;
  type: ReportType;
  status: ReportStatus;
  missingInputs: string[];
};

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
): Promise<{ created: QueuedReport[]; profile: ProfileStatusChange | null; credits: CreditChange | null }> {
  const unavailable = input.types.filter((t) => !isReportAvailable(input.subject.country, t));
  if (unavailable.length > 0)
    throw new Error(`report types not offered in ${input.subject.country}: ${unavailable.join(', ')}`);
  // The plan decides which types may run and who pays: every way in (dashboard, CSV, forms, API) comes here.
  const plan = await ownerPlan(tx, input.ownerId);
  assertReportsIncluded(plan, input.types);
  if (!(await lockProfile(tx, input.profileId))) throw new Error(`profile ${input.profileId} not found`);
  const rows = [];
  for (const type of new Set(input.types)) {
    const { missing, values } = await missingFor(tx, input.subject, type);
    rows.push({
      ownerId: input.ownerId,
      profileId: input.profileId,
      type,
      status: (missing.length > 0 ? 'INCOMPLETE' : 'PENDING') as ReportStatus,
      inputs: values,
      missingInputs: missing,
    });
  }
  const created =
    rows.length === 0
      ? []
      : await tx
          .insert(reports)
          .values(rows)
          .onConflictDoNothing({ target: [reports.profileId, reports.type] })
          .returning({
            id: reports.id,
            profileId: reports.profileId,
            type: reports.type,
            status: reports.status,
            missingInputs: reports.missingInputs,
          });
  const runs = created.filter((r) => r.status === 'PENDING');
  // A report that will run is paid now (INCOMPLETE ones cost nothing until their inputs arrive).
  const credits = await chargeReports(tx, input.ownerId, plan, runs);
  if (runs.length > 0) await notifyWorkers(tx);
  const profile = await refreshProfileStatus(tx, input.profileId);
  return { created, profile, credits };
}

/**
 * Runs a report again from scratch: PENDING, attempts 0, due now, result cleared (the homonym decision
 * lives on the profile and survives). 404 outside the scope; 409 `report_running` while a worker holds
 * a live lease on it, 409 `consent_withdrawn` after the candidate withdrew consent. Own transaction; publish events and wake the workers after it resolves.
 */
export async function rerunReport(
  db: Db,
  scope: TenantScope,
  reportId: string,
): Promise<{
  report: QueuedReport;
  ownerId: string;
  profile: ProfileStatusChange | null;
  credits: CreditChange | null;
}> {
  const [found] = await db
    .select({ profileId: reports.profileId, ownerId: reports.ownerId })
    .from(reports)
    .where(and(ownedBy(scope, reports.ownerId), eq(reports.id, reportId)));
  if (!found) throw new ApiError(404, 'not_found');
  return db.transaction(async (tx) => {
    // Profile first, like the workers: one lock order, no deadlock.
    const locked = await lockProfile(tx, found.profileId);
    // A withdrawn consent stops every check until a new consent is recorded (profiles/consent-record.ts).
    if (locked?.consentWithdrawnAt) throw new ApiError(409, 'consent_withdrawn');
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
      .returning({
        id: reports.id,
        profileId: reports.profileId,
        type: reports.type,
        status: reports.status,
        missingInputs: reports.missingInputs,
      });
    if (!row) throw new ApiError(409, 'report_running');
    const plan = await ownerPlan(tx, found.ownerId);
    assertReportsIncluded(plan, [row.type]);
    const credits = await chargeReports(tx, found.ownerId, plan, [row]);
    await notifyWorkers(tx);
    const profile = await refreshProfileStatus(tx, found.profileId);
    return { report: row, ownerId: found.ownerId, profile, credits };
  });
}

/**
 * After a person's inputs changed: each INCOMPLETE report of the profile is checked against the
 * catalogue again. One that now has every input it needs goes back to PENDING from scratch (like a
 * re-run, due now, with the values it will be sent); one still lacking some lists what it lacks now.
 * Inside the caller's transaction, which must hold the profile lock (lockProfile) already; requeued
 * reports are charged (free plan) and the status is derived again. After commit the caller publishes
 * 'report.updated' per requeued report, 'profile.updated' and 'credits.updated', and wakes the workers.
 */
export async function requeueIncompleteReports(
  tx: Db,
  input: { ownerId: string; subject: ReportSubject; actorUserId?: string | null },
): Promise<{ requeued: QueuedReport[]; profile: ProfileStatusChange | null; credits: CreditChange | null }> {
  const { subject } = input;
  const plan = await ownerPlan(tx, input.ownerId);
  const incomplete = await tx
    .select({ id: reports.id, type: reports.type, missingInputs: reports.missingInputs })
    .from(reports)
    .where(and(eq(reports.profileId, subject.profileId), eq(reports.status, 'INCOMPLETE')));
  const requeued: QueuedReport[] = [];
  for (const report of incomplete) {
    // A type the plan no longer includes stays as it is (it could not run).
    if (isReportLocked(plan, report.type)) continue;
    const { missing, values } = await missingFor(tx, subject, report.type);
    if (missing.length > 0) {
      const same =
        missing.length === report.missingInputs.length && missing.every((m) => report.missingInputs.includes(m));
      if (!same)
        await tx.update(reports).set({ missingInputs: missing, inputs: values }).where(eq(reports.id, report.id));
      continue;
    }
    const [row] = await tx
      .update(reports)
      .set({
        status: 'PENDING',
        inputs: values,
        missingInputs: [],
        attempts: 0,
        runAfter: sql`now()`,
        lockedBy: null,
        lockedUntil: null,
        lastError: null,
        findings: [],
        details: null,
        startedAt: null,
        completedAt: null,
      })
      .where(and(eq(reports.id, report.id), eq(reports.status, 'INCOMPLETE')))
      .returning({
        id: reports.id,
        profileId: reports.profileId,
        type: reports.type,
        status: reports.status,
        missingInputs: reports.missingInputs,
      });
    if (row) requeued.push(row);
  }
  // Like any report about to run, paid now (402 `insufficient_credits` rolls the caller's change back).
  const credits = await chargeReports(tx, input.ownerId, plan, requeued, input.actorUserId ?? null);
  if (requeued.length > 0) await notifyWorkers(tx);
  const profile = await refreshProfileStatus(tx, subject.profileId);
  return { requeued, profile, credits };
}
