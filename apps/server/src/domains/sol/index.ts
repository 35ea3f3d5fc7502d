import type { Config } from '../../lib/config.ts';
import type { SolHandoff } from '../reports/run-report.ts';
import { sandboxLanguage } from './adapters/sandbox.ts';
import { startReferenceCheck } from './engine.ts';
import { normalisePhone } from './replies.ts';

export { createAdapters, recordingsDir, solSettings, voiceCallbackUrl } from './settings.ts';
export { solQueue, solQueueFor, type SolQueue } from './sol-queue.ts';

/** What the reports queue calls to hand an employment_references report over to Sol (`wake`: Sol's runner). */
export function solHandoff(config: Config, wake: () => void, now: () => Date = () => new Date()): SolHandoff {
  return {
    start: (tx, { job, subject }) =>
      startReferenceCheck(tx, {
        reportId: job.id,
        ownerId: job.ownerId,
        profileId: job.profileId,
        candidatePhone: normalisePhone(subject.phone ?? ''),
        candidateName: subject.name,
        now: now(),
        deadlineMs: config.SOL_DEADLINE_HOURS * 3600_000,
        language: sandboxLanguage(subject.phone ?? ''),
      }),
    wake,
  };
}
