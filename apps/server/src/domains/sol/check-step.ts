import { backoffMs, type JobLog } from '../../lib/jobs/index.ts';
import type { StepOutcome } from './check-end.ts';
import { runStep, type SolContext } from './engine.ts';
import { release, type ClaimedCheck } from './jobs.ts';
import { publishOutcome } from './publish.ts';

export type CheckStepOptions = SolContext & {
  /** Back-off after a failed step n: base × 2^(n-1), capped (the deadline is the last word). */
  backoffMs: number;
  backoffMaxMs: number;
  log?: JobLog;
};

/**
 * The Sol queue's handler: one step of a claimed reference check (engine.ts), its events after commit.
 * A failing step (a provider down) is released with back-off until the check's deadline expires it.
 */
export function checkStepHandler(o: CheckStepOptions): (job: ClaimedCheck) => Promise<void> {
  return async (job) => {
    let result: StepOutcome | null;
    try {
      result = await runStep(o, job);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      o.log?.warn({ err: error, checkId: job.id }, 'sol: step failed, retrying');
      const wait = backoffMs(job.attempt, o.backoffMs, o.backoffMaxMs);
      await release(o.db, job, new Date(o.now().getTime() + wait), { lastError: message.slice(0, 500) }).catch(
        () => undefined,
      );
      return;
    }
    o.log?.debug({ checkId: job.id, attempt: job.attempt, status: result?.status ?? null }, 'sol step');
    if (!result) return;
    publishOutcome(o.events, result);
    if (result.settled?.credits)
      o.events.publish('credits.updated', result.settled.credits.ownerId, {
        creditsAvailable: result.settled.credits.creditsAvailable,
      });
  };
}
