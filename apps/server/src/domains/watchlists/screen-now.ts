import { REPORT_CREDIT_COST } from '@centinela/shared';
import type { Actor, Deps, TenantScope } from '../../kernel/index.ts';
import { audit } from '../audit/record.ts';
import { chargeScreening } from '../credits/charge.ts';
import { reviewThreshold, screenPerson, type ScreenSubject } from './screen.ts';

/**
 * A screening asked for now (POST /watchlists/screen): run, then paid for like the watch-list report
 * (a credit on the free plan, 402 when none is left, so no result leaves unpaid) and audited with what
 * was looked up, whoever asked — the charge and the audit row in one transaction.
 */
export async function screenNow(
  { db, events }: Deps,
  { scope, actor, person, maxAgeDays }: { scope: TenantScope; actor: Actor; person: ScreenSubject; maxAgeDays: number },
) {
  const threshold = await reviewThreshold(db, scope.ownerId);
  const screening = await screenPerson(db, person, { threshold, maxAgeDays });
  const credits = await db.transaction(async (tx) => {
    const change = scope.ownerId ? await chargeScreening(tx, scope.ownerId, actor.userId) : null;
    await audit(tx, actor, {
      ownerId: scope.ownerId,
      action: 'watchlist.screen',
      entityType: 'watchlist',
      entityId: null,
      changes: {
        name: person.name,
        ...(person.documentId ? { documentId: person.documentId } : {}),
        matches: screening.matches.length,
        ...(change ? { creditsCharged: REPORT_CREDIT_COST.watchlists } : {}),
      },
    });
    return change;
  });
  if (credits) events.publish('credits.updated', credits.ownerId, { creditsAvailable: credits.creditsAvailable });
  return { screening, threshold };
}
