import { ERROR_MESSAGES } from '@centinela/shared';
import { eq } from 'drizzle-orm';
import { auditEvents, creditLedger, owners } from '../../src/db/schema/index.ts';
import { signedIn } from '../factories.ts';
import { describe, expect, test } from '../helper.ts';

const screen = (app: Parameters<typeof signedIn>[0], headers: Record<string, string>, name: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/watchlists/screen',
    headers: { ...headers, 'accept-language': 'es' },
    payload: { name },
  });

describe('POST /watchlists/screen is paid for and audited', () => {
  test('the free plan pays a credit a screening, like the watch-list report; 402 when none is left', async ({
    app,
    db,
  }) => {
    const free = await signedIn(app, ['analyst'], { plan: 'free', creditsAvailable: 2 });
    for (const name of ['Ana Gómez', 'Luis Pérez'])
      expect((await screen(app, free.headers, name)).statusCode).toBe(200);
    const refused = await screen(app, free.headers, 'Joaquin Guzman Loera');
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toEqual({
      code: 'insufficient_credits',
      message: ERROR_MESSAGES.insufficient_credits.es.replace('{needed}', '1').replace('{available}', '0'),
    });
    const [owner] = await db.select().from(owners).where(eq(owners.id, free.owner.id));
    expect(owner!.creditsAvailable).toBe(0);
    const ledger = await db.select().from(creditLedger).where(eq(creditLedger.ownerId, free.owner.id));
    expect(ledger.map((l) => [l.kind, l.amount, l.balanceAfter, l.reason])).toEqual([
      ['debit', -1, 1, 'Watch-list screening'],
      ['debit', -1, 0, 'Watch-list screening'],
    ]);
    const audited = await db.select().from(auditEvents).where(eq(auditEvents.action, 'watchlist.screen'));
    expect(audited.map((a) => [a.ownerId, a.actorUserId, a.changes])).toEqual([
      [free.owner.id, free.user.id, { name: 'Ana Gómez', matches: 0, creditsCharged: 1 }],
      [free.owner.id, free.user.id, { name: 'Luis Pérez', matches: 0, creditsCharged: 1 }],
    ]);
  });

  test('a standard owner is not charged, and is audited all the same', async ({ app, db }) => {
    const standard = await signedIn(app, ['analyst'], { plan: 'standard', creditsAvailable: 0 });
    expect((await screen(app, standard.headers, 'Ana Gómez')).statusCode).toBe(200);
    expect(await db.select().from(creditLedger).where(eq(creditLedger.ownerId, standard.owner.id))).toEqual([]);
    const audited = await db.select().from(auditEvents).where(eq(auditEvents.action, 'watchlist.screen'));
    expect(audited.map((a) => [a.ownerId, a.changes])).toEqual([
      [standard.owner.id, { name: 'Ana Gómez', matches: 0 }],
    ]);
  });
});
