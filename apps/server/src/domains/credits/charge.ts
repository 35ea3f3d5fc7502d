import {
  creditsFor,
  isReportLocked,
  plansPayingWithCredits,
  REPORT_CREDIT_COST,
  type OwnerPlan,
  type ReportType,
} from '@centinela/shared';
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { creditLedger, owners, reports } from '../../db/schema/index.ts';
import { ApiError } from '../../lib/api-error.ts';

/** A change of an owner's balance, to publish ('credits.updated') after the transaction commits. */
export type CreditChange = { ownerId: string; creditsAvailable: number };

/** The owner's plan, read without a lock (a plan change mid-request does not matter). */
export async function ownerPlan(tx: Db, ownerId: string): Promise<OwnerPlan> {
  const [row] = await tx.select({ plan: owners.plan }).from(owners).where(eq(owners.id, ownerId));
  if (!row) throw new ApiError(404, 'not_found');
  return row.plan;
}

/** 403 `report_type_locked` when the plan does not include one of the types (the dashboard, CSV and API all pass here). */
export function assertReportsIncluded(plan: OwnerPlan, types: readonly ReportType[]): void {
  const locked = [...new Set(types.filter((t) => isReportLocked(plan, t)))];
  if (locked.length > 0) throw new ApiError(403, 'report_type_locked', { types: locked.join(', ') });
}

/**
 * Debits a free-plan owner for reports about to run, inside the transaction that queued them: one
 * conditional UPDATE (the balance can never go below zero, whatever runs concurrently: a second
 * transaction waits on the row lock and then sees the new balance), one ledger row per report, and
 * the charge remembered on each report for a refund. 402 `insufficient_credits` when the balance is
 * short: the caller's transaction rolls back, so nothing is half-created. Standard owners: no-op.
 */
export async function chargeReports(
  tx: Db,
  ownerId: string,
  plan: OwnerPlan,
  runs: readonly { id: string; type: ReportType }[],
  actorUserId: string | null = null,
): Promise<CreditChange | null> {
  if (!plansPayingWithCredits(plan) || runs.length === 0) return null;
  const needed = creditsFor(runs.map((r) => r.type));
  const after = await debitBalance(tx, ownerId, needed);
  let balance = after.creditsAvailable + needed;
  await tx.insert(creditLedger).values(
    runs.map((r) => {
      balance -= REPORT_CREDIT_COST[r.type];
      return {
        ownerId,
        kind: 'debit' as const,
        amount: -REPORT_CREDIT_COST[r.type],
        balanceAfter: balance,
        reportId: r.id,
        reason: `Report ${r.type}`,
        createdBy: actorUserId,
      };
    }),
  );
  for (const [cost, ids] of groupByCost(runs)) {
    await tx.update(reports).set({ creditsCharged: cost }).where(inArray(reports.id, ids));
  }
  return { ownerId, creditsAvailable: after.creditsAvailable };
}

/** Takes `needed` credits in one conditional UPDATE; 402 `insufficient_credits` when the balance is short. */
async function debitBalance(tx: Db, ownerId: string, needed: number): Promise<{ creditsAvailable: number }> {
  const [after] = await tx
    .update(owners)
    .set({ creditsAvailable: sql`${owners.creditsAvailable} - ${needed}` })
    .where(and(eq(owners.id, ownerId), gte(owners.creditsAvailable, needed)))
    .returning({ creditsAvailable: owners.creditsAvailable });
  if (!after) {
    const [now] = await tx.select({ available: owners.creditsAvailable }).from(owners).where(eq(owners.id, ownerId));
    throw new ApiError(402, 'insufficient_credits', { needed: String(needed), available: String(now?.available ?? 0) });
  }
  return after;
}

/**
 * Debits a free-plan owner for one screening run now (POST /watchlists/screen), at the price of the
 * watch-list report it stands in for: the same conditional UPDATE as a report's, one ledger row naming
 * no report. 402 `insufficient_credits` when the balance is short. Standard owners: no-op.
 */
export async function chargeScreening(
  tx: Db,
  ownerId: string,
  actorUserId: string | null,
): Promise<CreditChange | null> {
  if (!plansPayingWithCredits(await ownerPlan(tx, ownerId))) return null;
  const needed = REPORT_CREDIT_COST.watchlists;
  const after = await debitBalance(tx, ownerId, needed);
  await tx.insert(creditLedger).values({
    ownerId,
    kind: 'debit',
    amount: -needed,
    balanceAfter: after.creditsAvailable,
    reason: 'Watch-list screening',
    createdBy: actorUserId,
  });
  return { ownerId, creditsAvailable: after.creditsAvailable };
}

function groupByCost(runs: readonly { id: string; type: ReportType }[]): Map<number, string[]> {
  const out = new Map<number, string[]>();
  for (const r of runs) {
    const cost = REPORT_CREDIT_COST[r.type];
    out.set(cost, [...(out.get(cost) ?? []), r.id]);
  }
  return out;
}

/**
 * Gives back what these reports were charged (they ended in ERROR): exactly once, because the charge is
 * zeroed in the same statement that reads it, inside the transaction that wrote the ERROR.
 */
export async function refundReports(tx: Db, reportIds: readonly string[]): Promise<CreditChange[]> {
  if (reportIds.length === 0) return [];
  const refunded = (await tx.execute(sql`
    WITH charged AS (
      SELECT id, owner_id, type, credits_charged FROM ${reports}
      WHERE id IN ${sql`(${sql.join(
        reportIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`} AND credits_charged > 0
      FOR UPDATE
    )
    UPDATE ${reports} AS r SET credits_charged = 0 FROM charged WHERE r.id = charged.id
    RETURNING charged.id, charged.owner_id, charged.type, charged.credits_charged`)) as {
    rows: { id: string; owner_id: string; type: string; credits_charged: number }[];
  };
  const byOwner = new Map<string, typeof refunded.rows>();
  for (const row of refunded.rows) byOwner.set(row.owner_id, [...(byOwner.get(row.owner_id) ?? []), row]);
  const changes: CreditChange[] = [];
  for (const [ownerId, rows] of byOwner) {
    const total = rows.reduce((sum, r) => sum + r.credits_charged, 0);
    const [after] = await tx
      .update(owners)
      .set({ creditsAvailable: sql`${owners.creditsAvailable} + ${total}` })
      .where(eq(owners.id, ownerId))
      .returning({ creditsAvailable: owners.creditsAvailable });
    if (!after) continue;
    let balance = after.creditsAvailable - total;
    await tx.insert(creditLedger).values(
      rows.map((r) => {
        balance += r.credits_charged;
        return {
          ownerId,
          kind: 'refund' as const,
          amount: r.credits_charged,
          balanceAfter: balance,
          reportId: r.id,
          reason: `Report ${r.type} ended in ERROR`,
        };
      }),
    );
    changes.push({ ownerId, creditsAvailable: after.creditsAvailable });
  }
  return changes;
}
