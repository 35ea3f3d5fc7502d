import type { CandidateCheckState, TCandidatePage } from '@centinela/shared';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
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

/** GET /public/candidate/:code — the state of the check and the requests, never the findings. */
export async function getCandidatePage(
  db: Db,
  candidate: Candidate,
  uploads: { url: string; maxBytes: number },
): Promise<TCandidatePage> {
  const [state, requests] = await Promise.all([stateOf(db, candidate), requestsOf(db, candidate.profileId)]);
  return {
    company: candidate.company,
    name: candidate.name,
    country: candidate.country,
    state,
    consentWithdrawnAt: candidate.consentWithdrawnAt?.toISOString() ?? null,
    requests,
    uploads,
  };
}
