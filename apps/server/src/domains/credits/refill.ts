import { refillKey } from '@centinela/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { creditLedger, owners } from '../../db/schema/index.ts';
import type { CreditChange } from './charge.ts';

/**
 * The monthly refill of free-plan owners: each active one is set back to its initial credits (unused
 * credits do not carry over), with one ledger row keyed by the month. Idempotent: the ledger's unique
 * (owner, dedupe_key) makes a second run in the same month — another process, a restart, a retry —
 * insert nothing and change nothing. Safe to run as often as wanted (the server runs it hourly).
 */
export async function refillFreePlans(db: Db, now = new Date()): Promise<CreditChange[]> {
  const key = refillKey(now);
  const due = await db
    .select({ id: owners.id })
    .from(owners)
    .where(
      and(
        eq(owners.plan, 'free'),
        eq(owners.active, true),
        sql`not exists (select 1 from ${creditLedger} l where l.owner_id = ${owners.id} and l.dedupe_key = ${key})`,
      ),
    );
  const changes: CreditChange[] = [];
  for (const { id } of due) {
    const change = await db.transaction(async (tx) => {
      const [owner] = await tx
        .select({ initial: owners.creditsInitial, available: owners.creditsAvailable })
        .from(owners)
        .where(eq(owners.id, id))
        .for('update');
      if (!owner) return null;
      const [entry] = await tx
        .insert(creditLedger)
        .values({
          ownerId: id,
          kind: 'refill',
          amount: owner.initial - owner.available,
          balanceAfter: owner.initial,
          dedupeKey: key,
          reason: `Monthly plan credits: back to ${owner.initial}`,
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: creditLedger.id });
      if (!entry) return null; // refilled meanwhile by someone else
      await tx.update(owners).set({ creditsAvailable: owner.initial, creditsRefilledAt: now }).where(eq(owners.id, id));
      return { ownerId: id, creditsAvailable: owner.initial };
    });
    if (change) changes.push(change);
  }
  return changes;
}
