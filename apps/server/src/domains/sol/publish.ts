import type { SolContext } from './engine.ts';
import type { StepOutcome } from './check-end.ts';

/** After commit: a check's new status and, when it ended, its report's (a step's, or a webhook-applied change's). */
export function publishOutcome(events: SolContext['events'], r: StepOutcome | null) {
  if (!r) return;
  events.publish('reference_check.updated', r.ownerId, {
    profileId: r.profileId,
    referenceCheckId: r.checkId,
    reportId: r.reportId,
    status: r.status,
  });
  const s = r.settled;
  if (!s) return;
  events.publish('report.updated', s.ownerId, { profileId: s.profileId, reportId: s.reportId, status: s.status });
  if (s.profile?.changed)
    events.publish('profile.updated', s.ownerId, { profileId: s.profileId, status: s.profile.status });
}
