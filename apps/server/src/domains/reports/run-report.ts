import { errorMessage, isReportAvailable, reportStatusFromFindings } from '@centinela/shared';
import type { Db } from '../../db/client.ts';
import type { profiles } from '../../db/schema/index.ts';
import type { EventBus } from '../../kernel/index.ts';
import { backoffMs, type JobLog, type RunContext } from '../../lib/jobs/index.ts';
import { parkReport, type ClaimedJob, type Settled, type Settlement } from './jobs.ts';
import { PermanentSourceError, type ReportProvider, type ReportSubject } from './provider.ts';
import { Settler } from './settler.ts';
import { checkInputs, subjectOf } from './subject.ts';

type ProfileRow = typeof profiles.$inferSelect;

/** A claimed report and its person (undefined: deleted meanwhile, the report row went with it). */
export type ReportItem = { id: string; job: ClaimedJob; profile: ProfileRow | undefined };

/**
 * Sol: employment_references reports are handed to the reference-check workflow instead of
 * a provider (`start` runs inside the hand-over transaction; `wake` after commit). Without it they run
 * through the provider like any other type.
 */
export type SolHandoff = {
  start(tx: Db, input: { job: ClaimedJob; subject: ReportSubject }): Promise<void>;
  wake(): void;
};

export type ReportHandlerOptions = {
  db: Db;
  provider: ReportProvider;
  events: EventBus;
  maxAttempts: number;
  backoffMs: number;
  backoffMaxMs: number;
  log?: JobLog;
  sol?: SolHandoff;
};

const MAX_RETRIES = errorMessage('max_retries_exceeded', 'en');

/**
 * The reports queue's handler: one claimed report run by its provider (or handed to Sol), its attempt
 * settled in one lease-guarded transaction with the profile status (group commit: settler.ts), then
 * its events published.
 */
export function reportHandler(o: ReportHandlerOptions): (item: ReportItem, context: RunContext) => Promise<void> {
  const settler = new Settler(o.db);
  return async ({ job, profile }, { signal, stopping }) => {
    o.log?.debug({ reportId: job.id, attempt: job.attempt }, 'report claimed');
    if (job.type === 'employment_references' && o.sol && profile && (await handOver(o, job, profile, o.sol))) return;
    const settled = await settler.settle(job, await attempt(o, job, profile, signal, stopping));
    if (!settled) {
      o.log?.warn({ reportId: job.id, attempt: job.attempt }, 'reports: lease lost, result discarded');
      return;
    }
    o.log?.debug({ reportId: job.id, attempt: job.attempt, status: settled.status }, 'report settled');
    publish(o.events, settled);
  };
}

/** Sol's report with what it needs: parked for the reference check (true), or left to the usual path (false: INCOMPLETE, unavailable). */
async function handOver(
  o: ReportHandlerOptions,
  job: ClaimedJob,
  profile: ProfileRow,
  sol: SolHandoff,
): Promise<boolean> {
  const subject = subjectOf(profile);
  if (!isReportAvailable(subject.country, job.type) || checkInputs(subject, job.type).missing.length > 0) return false;
  const parked = await parkReport(o.db, job, (tx) => sol.start(tx, { job, subject }));
  if (parked) sol.wake();
  else o.log?.warn({ reportId: job.id, attempt: job.attempt }, 'reports: lease lost before the hand-over to Sol');
  return true;
}

/** One attempt: what to write. Never throws for a source failure; a bug in here is retried like one. */
async function attempt(
  o: ReportHandlerOptions,
  job: ClaimedJob,
  profile: ProfileRow | undefined,
  signal: AbortSignal,
  stopping: () => boolean,
): Promise<Settlement> {
  if (!profile) return { kind: 'release' };
  const subject = subjectOf(profile);
  if (!isReportAvailable(subject.country, job.type)) {
    return {
      kind: 'result',
      status: 'ERROR',
      lastError: `${job.type} is not offered in ${subject.country}`,
      details: { errorCode: 'report_unavailable' },
    };
  }
  // Checked at run time too: the profile may have been edited since the report was queued.
  const { missing } = checkInputs(subject, job.type);
  if (missing.length > 0) return { kind: 'result', status: 'INCOMPLETE', missingInputs: missing };
  try {
    const result = await o.provider.run(job.type, subject, signal, { reportId: job.id, attempt: job.attempt });
    return {
      kind: 'result',
      status: reportStatusFromFindings(result.findings, profile.confirmedHomonym, result.needsReview),
      findings: result.findings,
      details: result.details,
    };
  } catch (error) {
    // Shutting down mid-call is not the source's fault: the attempt is given back.
    if (stopping() && signal.aborted) return { kind: 'release' };
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof PermanentSourceError) {
      return {
        kind: 'result',
        status: 'ERROR',
        lastError: message,
        details: { errorCode: 'source_refused', cause: message },
      };
    }
    if (job.attempt >= o.maxAttempts) {
      return {
        kind: 'result',
        status: 'ERROR',
        lastError: MAX_RETRIES,
        details: { errorCode: 'max_retries_exceeded', cause: message },
      };
    }
    return { kind: 'retry', lastError: message, retryInMs: backoffMs(job.attempt, o.backoffMs, o.backoffMaxMs) };
  }
}

/** After commit: listeners see only what is stored. A retry changes no status, so it says nothing. */
function publish(events: EventBus, s: Settled) {
  if (s.status === 'PENDING') return;
  events.publish('report.updated', s.ownerId, { profileId: s.profileId, reportId: s.reportId, status: s.status });
  if (s.profile?.changed)
    events.publish('profile.updated', s.ownerId, { profileId: s.profileId, status: s.profile.status });
  if (s.credits) events.publish('credits.updated', s.credits.ownerId, { creditsAvailable: s.credits.creditsAvailable });
}
