import type { TRetentionPreview, TRetentionSettings } from '@centinela/shared';
import { RETENTION_NOTICE_DAYS } from '@centinela/shared';
import { and, count, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { owners, profiles } from '../../db/schema/index.ts';
import { ApiError } from '../../lib/api-error.ts';
import { DAY, addMs } from '../../lib/time.ts';
import { requireOwner, type Actor, type TenantScope } from '../../kernel/index.ts';
import { audit } from '../audit/record.ts';
import { expiredBy } from './expiry.ts';

/** An owner's retention in months (null: kept until deleted by hand); 404 for an owner that does not exist. */
export async function retentionOf(db: Db, ownerId: string): Promise<number | null> {
  const [row] = await db.select({ months: owners.retentionMonths }).from(owners).where(eq(owners.id, ownerId));
  if (!row) throw new ApiError(404, 'not_found');
  return row.months;
}

/** How many of the owner's persons (not on hold) expire by `at` under a retention of `months`. */
export async function countExpiring(db: Db, ownerId: string, months: number, at: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(profiles)
    .where(and(eq(profiles.ownerId, ownerId), expiredBy(months, at)));
  return row?.n ?? 0;
}

/** The owner's retention, what expires within the notice period, and how many persons are on hold. */
export async function retentionSummary(db: Db, scope: TenantScope, now: Date): Promise<TRetentionSettings> {
  const ownerId = requireOwner(scope);
  const months = await retentionOf(db, ownerId);
  const [expiringSoon, [held]] = await Promise.all([
    months === null ? 0 : countExpiring(db, ownerId, months, addMs(now, RETENTION_NOTICE_DAYS * DAY)),
    db
      .select({ n: count() })
      .from(profiles)
      .where(and(eq(profiles.ownerId, ownerId), isNotNull(profiles.legalHoldAt))),
  ]);
  return { retentionMonths: months, expiringSoon, held: held?.n ?? 0 };
}

/** What a retention of `months` would delete at the job's next run: the web asks before lowering it. */
export async function previewRetention(
  db: Db,
  scope: TenantScope,
  months: number,
  now: Date,
): Promise<TRetentionPreview> {
  const ownerId = requireOwner(scope);
  await retentionOf(db, ownerId);
  return { expireNow: await countExpiring(db, ownerId, months, now) };
}

/** A manager's (or platform staff's) change of the owner's retention. Audited with the months only. */
export async function updateRetention(
  db: Db,
  { scope, months, actor, now }: { scope: TenantScope; months: number | null; actor: Actor; now: Date },
): Promise<TRetentionSettings> {
  const ownerId = requireOwner(scope);
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ months: owners.retentionMonths })
      .from(owners)
      .where(eq(owners.id, ownerId))
      .for('update');
    if (!before) throw new ApiError(404, 'not_found');
    await tx.update(owners).set({ retentionMonths: months }).where(eq(owners.id, ownerId));
    await audit(tx, actor, {
      ownerId,
      action: 'retention.update',
      entityType: 'owner',
      entityId: ownerId,
      changes: { before: before.months, after: months },
    });
  });
  return retentionSummary(db, scope, now);
}
