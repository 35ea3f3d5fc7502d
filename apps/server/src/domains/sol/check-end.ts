import { reportStatusFromFindings, type Finding, type ReferenceCheckStatus } from '@centinela/shared';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { referenceChecks, references } from '../../db/schema/index.ts';
import { settleParkedReport, type Settled } from '../reports/jobs.ts';
import { emitWebhookEvent } from '../webhooks/outbox.ts';
import { crossCheck } from './cross-check.ts';
import { fraudSignals, mergeResolutions } from './fraud.ts';
import { TERMINAL, type CheckRow, type ReferenceRow } from './jobs.ts';

/** What changed, for events published after commit. */
export type StepOutcome = {
  checkId: string;
  ownerId: string;
  profileId: string;
  reportId: string | null;
  status: ReferenceCheckStatus;
  settled: Settled | null;
};

export const outcome = (
  check: CheckRow,
  status: ReferenceCheckStatus,
  settled: Settled | null = null,
): StepOutcome => ({
  checkId: check.id,
  ownerId: check.ownerId,
  profileId: check.profileId,
  reportId: check.reportId,
  status,
  settled,
});

/** Terminal reference statuses: the call phase is over for them. */
export const DONE = ['completed', 'unreachable', 'declined'];

/**
 * The end of a check, in the caller's transaction (the check row locked): cross-check and fraud
 * signals, the terminal status, the report settled, the client's webhook queued. Exactly once: a check
 * already ended is left alone.
 */
export async function endCheck(
  tx: Db,
  check: CheckRow,
  refs: ReferenceRow[],
  status: 'completed' | 'declined' | 'expired',
  now: Date,
): Promise<StepOutcome | null> {
  if (TERMINAL.includes(check.status)) return null;
  const items = crossCheck(refs.map((r) => ({ id: r.id, claimed: r.claimed ?? null, stated: r.stated ?? null })));
  const phones = [...new Set(refs.map((r) => r.phone))];
  const reuse =
    phones.length === 0
      ? []
      : await tx
          .select({
            phone: references.phone,
            candidates: sql<number>`count(distinct ${referenceChecks.profileId})::int`,
          })
          .from(references)
          .innerJoin(referenceChecks, eq(referenceChecks.id, references.referenceCheckId))
          .where(
            and(
              eq(references.ownerId, check.ownerId),
              inArray(references.phone, phones),
              ne(referenceChecks.profileId, check.profileId),
            ),
          )
          .groupBy(references.phone);
  const signals = mergeResolutions(
    fraudSignals({
      candidatePhone: check.candidatePhone,
      references: refs.map((r) => ({
        id: r.id,
        name: r.name,
        phone: r.phone,
        claimed: r.claimed ?? null,
        stated: r.stated ?? null,
      })),
      otherCandidatesByPhone: new Map(reuse.map((r) => [r.phone, Number(r.candidates)])),
    }),
    check.fraudSignals,
  );
  // Calls still open at the deadline are over for this check.
  if (status !== 'completed') {
    const open = refs.filter((r) => !DONE.includes(r.status)).map((r) => r.id);
    if (open.length > 0) await tx.update(references).set({ status: 'unreachable' }).where(inArray(references.id, open));
  }
  await tx
    .update(referenceChecks)
    .set({
      status,
      crossCheck: items,
      fraudSignals: signals,
      lockedBy: null,
      lockedUntil: null,
      completedAt: status === 'completed' ? now : null,
      declinedAt: status === 'declined' ? now : null,
      expiredAt: status === 'expired' ? now : null,
      candidateRepliedAt: check.candidateRepliedAt,
    })
    .where(eq(referenceChecks.id, check.id));
  const answered = refs.filter((r) => r.status === 'completed').length;
  const details = {
    source: 'sol',
    authority: 'Sol',
    referenceCheckId: check.id,
    outcome: status,
    referencesTotal: refs.length,
    referencesCompleted: answered,
    mismatches: items.filter((i) => i.result === 'mismatch').length,
    fraudSignals: signals.filter((s) => !s.resolvedAt).map((s) => ({ kind: s.kind, level: s.level })),
    checkedAt: now.toISOString(),
  };
  const settled = check.reportId
    ? await settleParkedReport(
        tx,
        check.reportId,
        reportResult(
          status,
          details,
          items.some((i) => i.result === 'mismatch'),
          signals.some((s) => !s.resolvedAt && s.level !== 'low'),
        ),
      )
    : null;
  await emitWebhookEvent(tx, {
    ownerId: check.ownerId,
    type: 'reference_check.completed',
    data: {
      referenceCheckId: check.id,
      profileId: check.profileId,
      reportId: check.reportId,
      status,
      referencesTotal: refs.length,
      referencesCompleted: answered,
    },
  });
  return outcome(check, status, settled);
}

/** The report of a check: flags for a person to look at (PENDING_MANUAL_REVIEW), declined/expired (INFO), clean (COMPLETED). */
export function reportResult(
  status: 'completed' | 'declined' | 'expired',
  details: Record<string, unknown>,
  mismatch: boolean,
  fraud: boolean,
) {
  const findings: Finding[] = [];
  const base = { source: 'Sol', date: null, record: { referenceCheckId: details.referenceCheckId } };
  if (status === 'declined')
    findings.push({
      ...base,
      kind: 'references_declined',
      matchedBy: 'id',
      severity: 'info',
      summary: 'The candidate declined the reference check.',
    });
  if (status === 'expired')
    findings.push({
      ...base,
      kind: 'references_expired',
      matchedBy: 'id',
      severity: 'info',
      summary: 'The 48-hour deadline passed; partial results kept.',
    });
  if (fraud)
    findings.push({
      ...base,
      kind: 'reference_fraud_signal',
      matchedBy: 'name',
      severity: 'adverse',
      summary: 'Fraud signals need a reviewer.',
    });
  if (mismatch)
    findings.push({
      ...base,
      kind: 'reference_claim_mismatch',
      matchedBy: 'name',
      severity: 'adverse',
      summary: "A reference contradicts the candidate's claims.",
    });
  return { status: reportStatusFromFindings(findings), findings, details };
}
