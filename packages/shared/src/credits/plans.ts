import type { OwnerPlan, ReportType } from '../enums.ts';

/**
 * What a report costs in credits. Free-plan owners pay from a monthly allowance; standard
 * owners are invoiced and never limited (their usage is still visible in the analytics).
 */
export const REPORT_CREDIT_COST: Readonly<Record<ReportType, number>> = {
  arrest_warrants: 1,
  judicial_records: 1,
  criminal_records: 1,
  police_record: 1,
  procuradoria_sanctions: 1,
  news_search: 1,
  process_search: 2,
  state_records: 1,
  justice_report: 2,
  employment_references: 5,
  watchlists: 1,
  // The document read and the face comparison run here, on the owner's own machine: one credit, like a record search.
  identity_document: 1,
};

/** The report types the free plan includes; every other one shows an upgrade prompt. */
export const FREE_PLAN_REPORT_TYPES: readonly ReportType[] = [
  'criminal_records',
  'police_record',
  'arrest_warrants',
  'procuradoria_sanctions',
  'watchlists',
  'identity_document',
];

/** Plans whose owners run reports from their credits (and are refused when they run out). */
export const plansPayingWithCredits = (plan: OwnerPlan): boolean => plan === 'free';

export function isReportLocked(plan: OwnerPlan, type: ReportType): boolean {
  return plan === 'free' && !FREE_PLAN_REPORT_TYPES.includes(type);
}

/** The credits a set of report runs costs. */
export function creditsFor(types: readonly ReportType[]): number {
  return types.reduce((sum, t) => sum + REPORT_CREDIT_COST[t], 0);
}

/** Credits refill on the first day of each month (UTC; SPEC §9 "Credits refill monthly"). */
export function nextRefillAt(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}

/** The ledger's idempotency key of a month's refill: running the refill twice in a month refills once. */
export const refillKey = (now: Date) => `refill:${now.toISOString().slice(0, 7)}`;
