import type { ProfileStatus, ReportStatus } from '../enums.ts';
import { isSourceNote, type Finding } from './finding.ts';

const adverse = (f: Finding) => f.severity === 'adverse';
/** A name-only match nobody has tied to the person yet: only a person can settle it. */
const byName = (f: Finding) => f.matchedBy === 'name' && f.ruling?.verdict !== 'confirmed';
/** A homonym ruling counts on name matches only: a match on the document is never ruled out that way. */
const ruledOut = (f: Finding) => f.matchedBy === 'name' && f.ruling?.verdict === 'homonym';

/**
 * The findings that count: a match ruled a homonym never does, and the person-wide confirmed homonym
 * ("not this person") takes every name-only match not confirmed as the person out of consideration.
 */
export function consideredFindings(findings: readonly Finding[], confirmedHomonym: boolean): Finding[] {
  return findings.filter((f) => !ruledOut(f) && !(confirmedHomonym && byName(f)));
}

/**
 * What a status weighs: the considered findings less the notes about a source (a stale list with no
 * match is a clean result against older data, said on the report, not a finding about the person).
 */
const weighed = (findings: readonly Finding[], confirmedHomonym: boolean) =>
  consideredFindings(findings, confirmedHomonym).filter((f) => !isSourceNote(f));

/**
 * The status of a report whose source answered. A name-only adverse match needs a person
 * (PENDING_MANUAL_REVIEW); an adverse match on the document id is a confirmed result, so the report is
 * COMPLETED and its findings fail the profile; informational findings only → INFO; nothing → COMPLETED.
 * `needsReview`: the source itself asks for a person (an identity check with a check in its review band),
 * which a homonym decision cannot clear; a confirmed adverse result still wins.
 */
export function reportStatusFromFindings(
  findings: readonly Finding[],
  confirmedHomonym = false,
  needsReview = false,
): Extract<ReportStatus, 'COMPLETED' | 'INFO' | 'PENDING_MANUAL_REVIEW'> {
  if (needsReview && !findings.some((f) => adverse(f) && !byName(f))) return 'PENDING_MANUAL_REVIEW';
  const considered = weighed(findings, confirmedHomonym);
  if (considered.some((f) => adverse(f) && byName(f))) return 'PENDING_MANUAL_REVIEW';
  if (considered.some(adverse)) return 'COMPLETED';
  if (considered.length > 0) return 'INFO';
  return 'COMPLETED';
}

/** What the profile status needs to know about one report. */
export type ReportOutcome = {
  status: ReportStatus;
  findings: readonly Finding[];
  /** Inputs the profile lacks for this report (an INCOMPLETE report lists them). */
  missingInputs?: readonly string[];
};

export type ProfileStatusInput = {
  /** Pre-candidates are invitations: they keep PRECANDIDATE until promoted, whatever their reports say. */
  precandidate: boolean;
  /** profile.confirmed_homonym: a reviewer said the name-only matches are not this person. */
  confirmedHomonym: boolean;
  reports: readonly ReportOutcome[];
  /**
   * A person's decision after manual review (profile.outcome with manually_reviewed). It settles what
   * the reports left to a human, so a later refresh (a re-run, a homonym change) does not undo it.
   */
  decision?: 'approved' | 'rejected' | null;
};

/** Whether a finished report still waits for a person, after the homonym decision is applied. */
function needsHuman(report: ReportOutcome, confirmedHomonym: boolean): boolean {
  const considered = consideredFindings(report.findings, confirmedHomonym);
  if (considered.some((f) => adverse(f) && byName(f))) return true;
  // A source may ask for review without a name-only match (e.g. a partial record): only a person clears it.
  // When the review was about name-only matches and those were ruled out, nothing is left to review.
  return (
    report.status === 'PENDING_MANUAL_REVIEW' &&
    !report.findings.some((f) => adverse(f) && (f.matchedBy === 'name' || f.ruling !== undefined))
  );
}

/**
 * The profile status from its reports (DESIGN.md "Reports and data sources"), first rule that applies:
 * PRECANDIDATE → INCOMPLETE → ERROR → PENDING → PENDING_MANUAL_REVIEW → FAILED → INFO → PASSED.
 * A profile with no reports yet is PENDING (nothing has been checked).
 */
export function deriveProfileStatus(input: ProfileStatusInput): ProfileStatus {
  const status = statusFromReports(input);
  // Approval never clears a finding matched by document id (FAILED stays) nor work still running.
  if (input.decision && status === 'PENDING_MANUAL_REVIEW') return input.decision === 'approved' ? 'PASSED' : 'FAILED';
  if (input.decision === 'rejected' && (status === 'PASSED' || status === 'INFO')) return 'FAILED';
  return status;
}

function statusFromReports({ precandidate, confirmedHomonym, reports }: ProfileStatusInput): ProfileStatus {
  if (precandidate) return 'PRECANDIDATE';
  if (reports.length === 0) return 'PENDING';
  if (reports.some((r) => r.status === 'INCOMPLETE' || (r.missingInputs?.length ?? 0) > 0)) return 'INCOMPLETE';
  if (reports.some((r) => r.status === 'ERROR')) return 'ERROR';
  if (reports.some((r) => r.status === 'PENDING')) return 'PENDING';
  const considered = reports.flatMap((r) => weighed(r.findings, confirmedHomonym));
  // A record tied to the person's document decides by itself: a name-only match beside it changes nothing,
  // so no review is due and no approval can clear it.
  if (considered.some((f) => adverse(f) && !byName(f))) return 'FAILED';
  if (reports.some((r) => needsHuman(r, confirmedHomonym))) return 'PENDING_MANUAL_REVIEW';
  if (considered.some(adverse)) return 'FAILED';
  // An INFO report with no findings (e.g. the candidate declined Sol) informs by itself; one whose
  // findings were all name-only and ruled out informs of nothing.
  if (considered.length > 0 || reports.some((r) => r.status === 'INFO' && r.findings.length === 0)) return 'INFO';
  return 'PASSED';
}

/**
 * The identity engine's verdict as a report result, for the one function above: FAILED is a confirmed
 * adverse finding on the person's own document (COMPLETED, the profile FAILED); PENDING_MANUAL_REVIEW asks
 * for a person; PASSED finds nothing.
 */
export function identityVerdictResult(
  verdict: 'PASSED' | 'FAILED' | 'PENDING_MANUAL_REVIEW',
  reasons: readonly { check: string; reason: string }[],
  today: string,
): { findings: Finding[]; needsReview: boolean } {
  if (verdict === 'FAILED')
    return {
      findings: [
        {
          kind: 'identity_check_failed',
          matchedBy: 'id',
          severity: 'adverse',
          summary: reasons.map((r) => `${r.check}: ${r.reason}`).join('; '),
          source: 'Centinela',
          date: today,
          record: { reasons: reasons.map((r) => ({ check: r.check, reason: r.reason })) },
        },
      ],
      needsReview: false,
    };
  return { findings: [], needsReview: verdict === 'PENDING_MANUAL_REVIEW' };
}
