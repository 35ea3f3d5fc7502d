/**
 * The verdict from the checks: any failed check → FAILED; otherwise any check for a person, or
 * a required check that could not run → PENDING_MANUAL_REVIEW; every required check passed → PASSED.
 * The names are the profile statuses of packages/shared/src/enums.ts. For the report, the wiring maps
 * FAILED to a COMPLETED report with an adverse finding and PENDING_MANUAL_REVIEW to the report status of
 * the same name, as the other report types do.
 */
import type { ProfileStatus } from '@centinela/shared';
import type { CheckName, CheckResult } from './checks.ts';

export type IdentityVerdict = Extract<ProfileStatus, 'PASSED' | 'FAILED' | 'PENDING_MANUAL_REVIEW'>;

/** Without these a document is never PASSED (the rest run when their inputs exist). */
export const REQUIRED_CHECKS: readonly CheckName[] = ['readable', 'valid', 'document_number', 'name', 'age', 'face'];

export function decideIdentity(
  checks: readonly CheckResult[],
  required: readonly CheckName[] = REQUIRED_CHECKS,
): { status: IdentityVerdict; reasons: CheckResult[] } {
  const failed = checks.filter((c) => c.outcome === 'failed');
  if (failed.length > 0) return { status: 'FAILED', reasons: failed };
  const review = checks.filter((c) => c.outcome === 'review');
  const missing = required
    .filter((name) => !checks.some((c) => c.check === name))
    .map((check): CheckResult => ({ check, outcome: 'review', reason: 'not_run' }));
  if (review.length + missing.length > 0) return { status: 'PENDING_MANUAL_REVIEW', reasons: [...review, ...missing] };
  return { status: 'PASSED', reasons: [] };
}
