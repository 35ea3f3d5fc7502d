import {
  consideredFindings,
  toShownFinding,
  type CandidateCheckState,
  type Locale,
  type TCandidatePage,
  type TCandidateReport,
} from '@centinela/shared';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { waitsForPictures } from '../identity-report/start.ts';
import { identityStep } from '../identity-report/step.ts';
import { reports } from '../../db/schema/index.ts';
import type { Candidate } from './access.ts';
import { requestsOf } from './requests.ts';

/** Statuses that mean the check is over (a decision, or every report answered without review). */
const DONE = new Set(['PASSED', 'FAILED', 'INFO']);

/** What the candidate is told: received until a first report answers, complete when the check is over. */
async function stateOf(db: Db, candidate: Candidate): Promise<CandidateCheckState> {
  if (DONE.has(candidate.status)) return 'complete';
  const [answered] = await db
    .select({ id: reports.id })
    .from(reports)
    .where(and(eq(reports.profileId, candidate.profileId), isNotNull(reports.completedAt)))
    .limit(1);
  return answered ? 'in_progress' : 'received';
}

/** Reports that answered with a result (not stopped, not failed): what a candidate may be shown. */
const ANSWERED = ['COMPLETED', 'INFO', 'PENDING_MANUAL_REVIEW'] as const;

/**
 * The finished reports and their findings, as the flyout shows them: a name-only match a reviewer ruled
 * out as a homonym is not this person's and is left out. Null unless the owner shows findings.
 */
async function reportsOf(db: Db, candidate: Candidate, locale: Locale): Promise<TCandidateReport[] | null> {
  if (!candidate.findingsVisible) return null;
  const rows = await db
    .select({ type: reports.type, findings: reports.findings, completedAt: reports.completedAt })
    .from(reports)
    .where(
      and(
        eq(reports.profileId, candidate.profileId),
        inArray(reports.status, [...ANSWERED]),
        isNotNull(reports.completedAt),
      ),
    )
    .orderBy(asc(reports.completedAt), asc(reports.type));
  return rows.map((r) => ({
    type: r.type,
    completedAt: r.completedAt!.toISOString(),
    findings: consideredFindings(r.findings, candidate.confirmedHomonym).map((f) => toShownFinding(f, locale)),
  }));
}

/** GET /public/candidate/:code — the state of the check and the requests; the findings where the owner allows. */
export async function getCandidatePage(
  db: Db,
  candidate: Candidate,
  uploads: { url: string; maxBytes: number },
  locale: Locale,
  identity: { base: string; submitUrl: string },
): Promise<TCandidatePage> {
  const [state, requests, shown, waiting] = await Promise.all([
    stateOf(db, candidate),
    requestsOf(db, candidate.profileId),
    reportsOf(db, candidate, locale),
    waitsForPictures(db, candidate.profileId),
  ]);
  return {
    company: candidate.company,
    name: candidate.name,
    country: candidate.country,
    state,
    consentWithdrawnAt: candidate.consentWithdrawnAt?.toISOString() ?? null,
    reports: shown,
    requests,
    correctionDeadlineDays: candidate.correctionDeadlineDays,
    uploads,
    // A person created by CSV, the dashboard or the API is asked for their pictures here (their own link);
    // the key is left out otherwise, so the page says nothing more than before.
    ...(waiting && !candidate.consentWithdrawnAt
      ? { identity: identityStep({ company: candidate.company, base: identity.base, submitUrl: identity.submitUrl }) }
      : {}),
  };
}
