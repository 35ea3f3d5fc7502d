import {
  FREE_PLAN_REPORT_TYPES,
  nextRefillAt,
  plansPayingWithCredits,
  REPORT_TYPES,
  type TAdjustCreditsRequest,
  type TCreditsSummary,
  type TLedgerResponse,
} from '@centinela/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { creditLedger, owners } from '../../db/schema/index.ts';
import { ApiError } from '../../lib/api-error.ts';
import { audit } from '../audit/record.ts';
import { requireOwner, type Actor, ownedBy, type TenantScope } from '../../kernel/index.ts';
import type { CreditChange } from './charge.ts';

type LedgerRow = typeof creditLedger.$inferSelect;
const entryView = (r: LedgerRow) => ({
  id: r.id,
  kind: r.kind,
  amount: r.amount,
  balanceAfter: r.balanceAfter,
  reportId: r.reportId,
  reason: r.reason,
  createdBy: r.createdBy,
  createdAt: r.createdAt.toISOString(),
});

/** The caller's owner's plan and balance (platform staff name the owner). */
export async function creditsSummary(db: Db, scope: TenantScope, now = new Date()): Promise<TCreditsSummary> {
  const ownerId = requireOwner(scope);
  const [owner] = await db
    .select()
    .from(owners)
    .where(and(ownedBy(scope, owners.id), eq(owners.id, ownerId)));
  if (!owner) throw new ApiError(404, 'not_found');
  const limited = plansPayingWithCredits(owner.plan);
  return {
    ownerId: owner.id,
    plan: owner.plan,
    limited,
    creditsAvailable: owner.creditsAvailable,
    creditsInitial: owner.creditsInitial,
    nextRefillAt: limited ? nextRefillAt(now).toISOString() : null,
    lockedReportTypes: owner.plan === 'free' ? REPORT_TYPES.filter((t) => !FREE_PLAN_REPORT_TYPES.includes(t)) : [],
  };
}

export async function creditLedgerOf(db: Db, scope: TenantScope, limit = 100): Promise<TLedgerResponse> {
  const ownerId = requireOwner(scope);
  const rows = await db
    .select()
    .from(creditLedger)
    .where(and(ownedBy(scope, creditLedger.ownerId), eq(creditLedger.ownerId, ownerId)))
    .orderBy(desc(creditLedger.createdAt), desc(creditLedger.id))
    .limit(limit);
  return { items: rows.map(entryView) };
}

/** Support staff add or take credits, with a reason; the balance never goes below zero. */
export async function adjustCredits(
  db: Db,
  input: TAdjustCreditsRequest,
  actor: Actor,
): Promise<{ creditsAvailable: number; entry: ReturnType<typeof entryView>; change: CreditChange }> {
  return db.transaction(async (tx) => {
    const [after] = await tx
      .update(owners)
      .set({ creditsAvailable: sql`${owners.creditsAvailable} + ${input.amount}` })
      .where(and(eq(owners.id, input.ownerId), sql`${owners.creditsAvailable} + ${input.amount} >= 0`))
      .returning({ creditsAvailable: owners.creditsAvailable });
    if (!after) {
      const [exists] = await tx
        .select({ available: owners.creditsAvailable })
        .from(owners)
        .where(eq(owners.id, input.ownerId));
      if (!exists) throw new ApiError(404, 'not_found');
      throw new ApiError(409, 'insufficient_credits', {
        needed: String(-input.amount),
        available: String(exists.available),
      });
    }
    const [entry] = await tx
      .insert(creditLedger)
      .values({
        ownerId: input.ownerId,
        kind: 'adjustment',
        amount: input.amount,
        balanceAfter: after.creditsAvailable,
        reason: input.reason,
        createdBy: actor.userId,
      })
      .returning();
    await audit(tx, actor, {
      ownerId: input.ownerId,
      action: 'credits.adjust',
      entityType: 'owner',
      entityId: input.ownerId,
      changes: { amount: input.amount, reason: input.reason, balance: after.creditsAvailable },
    });
    return {
      creditsAvailable: after.creditsAvailable,
      entry: entryView(entry!),
      change: { ownerId: input.ownerId, creditsAvailable: after.creditsAvailable },
    };
  });
}
