import { monthStart } from './owners-users.ts';
import { addMs, type LedgerRow, type OwnerRow, type ReportRow } from './types.ts';

/** One person's reports, as the credit walk sees them. */
export type Billable = { createdAt: Date; createdBy: string | null; reports: ReportRow[] };

const monthKey = (d: Date) => d.toISOString().slice(0, 7);
/** A report costs a credit once it is sent to a source; one that never ran (missing inputs) costs nothing. */
const billable = (r: ReportRow) => r.status !== 'INCOMPLETE';

/**
 * Which people a free-plan owner could afford: walking in time order, a person whose reports would
 * overdraw that month's credits is kept back (the caller makes them a pre-candidate, as the product
 * would hold the run until the next refill).
 */
export function overBudget<T extends Billable>(people: readonly T[], monthlyCredits: number): Set<T> {
  const used = new Map<string, number>();
  const over = new Set<T>();
  for (const person of [...people].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())) {
    const cost = person.reports.filter(billable).length;
    const month = monthKey(person.reports[0]?.createdAt ?? person.createdAt); // debits are dated by the report
    const total = (used.get(month) ?? 0) + cost;
    if (total > monthlyCredits) over.add(person);
    else used.set(month, total);
  }
  return over;
}

type Entry = Omit<LedgerRow, 'balanceAfter'> & { createdAt: Date };

/**
 * The ledger that explains a free-plan owner's balance: on the first of each month unused credits
 * expire and the plan's credits are granted; each report run costs one; a run that ended in ERROR
 * is refunded (within its month, so the refund never outlives the credits it returns).
 */
export function creditLedger(
  owner: OwnerRow,
  people: readonly Billable[],
  now: Date,
): { rows: LedgerRow[]; balance: number } {
  const initial = owner.creditsInitial ?? 0;
  const entries: Entry[] = [];
  for (let month = monthStart(owner.createdAt!); month <= now; month = monthStart(addMs(month, 32 * 86_400_000))) {
    const lastMoment = addMs(month, -1);
    // The amount expired is only known during the walk; the placeholder is fixed below.
    entries.push({
      ownerId: owner.id,
      kind: 'adjustment',
      amount: 0,
      dedupeKey: `expire:${monthKey(lastMoment)}`,
      reason: 'Unused monthly credits expire',
      createdAt: lastMoment,
    });
    entries.push({
      ownerId: owner.id,
      kind: 'refill',
      amount: initial,
      dedupeKey: `refill:${monthKey(month)}`,
      reason: 'Monthly plan credits',
      createdAt: month,
    });
  }
  for (const person of people) {
    for (const report of person.reports.filter(billable)) {
      const debit = { ownerId: owner.id, reportId: report.id, createdBy: person.createdBy };
      entries.push({
        ...debit,
        kind: 'debit',
        amount: -1,
        dedupeKey: `debit:${report.id}`,
        reason: `Report ${report.type}`,
        createdAt: report.createdAt,
      });
      if (report.status === 'ERROR') {
        const monthEnd = addMs(monthStart(addMs(monthStart(report.createdAt), 32 * 86_400_000)), -1000);
        const at = new Date(Math.min(report.updatedAt.getTime(), monthEnd.getTime()));
        entries.push({
          ...debit,
          kind: 'refund',
          amount: 1,
          dedupeKey: `refund:${report.id}`,
          reason: 'Report failed after retries',
          createdAt: at,
        });
      }
    }
  }
  entries.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());

  let balance = 0;
  const rows: LedgerRow[] = [];
  for (const entry of entries) {
    if (entry.kind === 'adjustment') {
      if (balance === 0) continue; // nothing to expire (e.g. the sign-up month)
      entry.amount = -balance;
    }
    balance += entry.amount;
    if (balance < 0) throw new Error(`seed ledger for ${owner.codeName} overdrawn at ${entry.createdAt.toISOString()}`);
    rows.push({ ...entry, balanceAfter: balance });
  }
  return { rows, balance };
}
