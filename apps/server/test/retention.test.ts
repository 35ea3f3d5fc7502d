import { and, eq, inArray } from 'drizzle-orm';
import type { TExpiringResponse, THoldsResponse, TProfileHold, TRetentionSettings } from '@centinela/shared';
import type { App } from '../src/app.ts';
import { auditEvents, idempotencyKeys, profiles, reports, uploads, webhookDeliveries } from '../src/db/schema/index.ts';
import { filePurge } from '../src/domains/profiles/file-purge.ts';
import { retentionPurge, type RetentionRun } from '../src/domains/retention/purge.ts';
import { storeUpload } from '../src/domains/uploads/service.ts';
import { storageFor } from '../src/domains/uploads/storage.ts';
import { eventBody, newMessageId } from '../src/domains/webhooks/outbox.ts';
import { DAY } from '../src/lib/time.ts';
import { createProfile, createUser, login, bearer, signedIn } from './factories.ts';
import { describe, expect, test } from './helper.ts';
import { manualClock } from './support/sol.ts';
import { PNG } from './support/multipart.ts';
import { createWebhookEndpoint } from './support/webhooks.ts';

/** `d` plus `n` calendar months in UTC (the tests' dates avoid the ends of months). */
const plusMonths = (d: Date, n: number) => {
  const moved = new Date(d);
  moved.setUTCMonth(moved.getUTCMonth() + n);
  return moved;
};

/** The retention schedule the job runner runs, on the test's clock, removing files as the app does. */
function retentionJob(app: App, clock: { now: () => Date }) {
  const purge = filePurge(app.config, (failed) => {
    throw new Error(`${failed} files could not be removed`);
  });
  const schedule = retentionPurge({ db: app.db, events: app.events, purge }, { now: clock.now, batchSize: 2 });
  return () => schedule.run(undefined) as Promise<RetentionRun>;
}

const idsOf = async (app: App, ownerId: string) =>
  (await app.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.ownerId, ownerId)))
    .map((p) => p.id)
    .sort();

const purgeAudits = (app: App, ownerId: string) =>
  app.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.ownerId, ownerId), eq(auditEvents.action, 'retention.purge')));

describe('retention', () => {
  test('a clock moved forward deletes exactly what expired, with its files; holds, fresh persons and other owners stay', async ({
    app,
    db,
  }) => {
    const t0 = new Date('2026-01-10T12:00:00.000Z');
    const m = await signedIn(app, ['manager']);
    const set = await app.inject({
      method: 'PATCH',
      url: '/api/v1/retention',
      headers: m.headers,
      payload: { retentionMonths: 6 },
    });
    expect(set.statusCode, set.body).toBe(200);
    const own = (overrides: Partial<typeof profiles.$inferInsert> = {}) =>
      createProfile(db, m.owner.id, { createdAt: t0, ...overrides });

    // Expire at t0 + 6 months: three plain ones (one with an upload, a webhook payload and a stored API answer).
    const [old1, old2, old3] = [await own({ name: 'Rosa Expira' }), await own(), await own()];
    const stored = await storeUpload(
      { db, storage: storageFor(app.config) },
      {
        ownerId: m.owner.id,
        profileId: old1.id,
        formLinkId: null,
        createdBy: null,
        ip: null,
        fileName: 'cedula.png',
        body: PNG,
      },
    );
    const [upload] = await db.select().from(uploads).where(eq(uploads.id, stored.id));
    const endpoint = await createWebhookEndpoint(db, m.owner.id);
    await db.insert(webhookDeliveries).values({
      ownerId: m.owner.id,
      endpointId: endpoint.id,
      messageId: newMessageId(),
      eventType: 'profile.created',
      payload: eventBody('profile.created', { profileId: old1.id }),
      status: 'succeeded',
      attempts: 1,
      giveUpAt: t0,
      completedAt: t0,
    });
    await db.insert(idempotencyKeys).values({
      ownerId: m.owner.id,
      key: 'k-1',
      requestHash: 'h',
      responseStatus: 201,
      responseBody: { profile: { id: old1.id, name: old1.name } },
    });
    // A report completed three months later moves the clock to t0 + 9 months; a decision at 5 to t0 + 11.
    const reported = await own();
    await db.insert(reports).values({
      ownerId: m.owner.id,
      profileId: reported.id,
      type: 'criminal_records',
      status: 'COMPLETED',
      completedAt: plusMonths(t0, 3),
    });
    const reviewed = await own({ reviewedAt: plusMonths(t0, 5), status: 'PASSED' });
    const held = await own();
    const hold = await app.inject({
      method: 'PUT',
      url: `/api/v1/profiles/${held.id}/hold`,
      headers: m.headers,
      payload: { reason: 'Demanda laboral 2026-114' },
    });
    expect(hold.statusCode, hold.body).toBe(200);
    const fresh = await own({ createdAt: plusMonths(t0, 4) });

    // Another owner keeps persons until deleted by hand; a third keeps them 12 months.
    const keeper = await signedIn(app, ['manager']);
    const keptOld = await createProfile(db, keeper.owner.id, { createdAt: t0 });
    const yearly = await signedIn(app, ['manager'], { retentionMonths: 12 });
    const yearlyOld = await createProfile(db, yearly.owner.id, { createdAt: t0 });

    const clock = manualClock(new Date(t0.getTime() + DAY));
    const run = retentionJob(app, clock);
    expect(await run()).toEqual({ owners: 0, persons: 0, uploads: 0, recordings: 0 });

    clock.set(new Date(plusMonths(t0, 6).getTime() + DAY));
    expect(await run()).toEqual({ owners: 1, persons: 3, uploads: 1, recordings: 0 });
    expect(await idsOf(app, m.owner.id)).toEqual([reported.id, reviewed.id, held.id, fresh.id].sort());
    expect(await storageFor(app.config).get(upload!.storageKey)).toBeNull();
    expect(await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.ownerId, m.owner.id))).toEqual([]);
    expect(await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.ownerId, m.owner.id))).toEqual([]);
    expect(await idsOf(app, keeper.owner.id)).toEqual([keptOld.id]);
    expect(await idsOf(app, yearly.owner.id)).toEqual([yearlyOld.id]);

    // One audit row for the run, with counts only: batches of two still make one row.
    const [summary, ...more] = await purgeAudits(app, m.owner.id);
    expect(more).toEqual([]);
    expect(summary!.changes).toEqual({ retentionMonths: 6, persons: 3, uploads: 1, recordings: 0 });
    expect(summary!.actorUserId).toBeNull();
    const trail = JSON.stringify(
      await db
        .select()
        .from(auditEvents)
        .where(inArray(auditEvents.entityId, [old1.id, old2.id, old3.id, m.owner.id])),
    );
    expect(trail).not.toContain('Rosa Expira');
    expect(trail).not.toContain(old1.documentId);

    // Run again at the same instant: nothing more is due, nothing is counted twice.
    expect(await run()).toEqual({ owners: 0, persons: 0, uploads: 0, recordings: 0 });
    expect(await purgeAudits(app, m.owner.id)).toHaveLength(1);

    // Later the report's clock runs out too, then the decision's; the hold keeps its person throughout.
    clock.set(new Date(plusMonths(t0, 9).getTime() + DAY));
    expect((await run()).persons).toBe(1);
    expect(await idsOf(app, m.owner.id)).toEqual([reviewed.id, held.id, fresh.id].sort());
    clock.set(plusMonths(t0, 30));
    // Two of this owner's, and the twelve-month owner's person.
    expect(await run()).toMatchObject({ owners: 2, persons: 3 });
    expect(await idsOf(app, m.owner.id)).toEqual([held.id]);
    expect(await idsOf(app, keeper.owner.id)).toEqual([keptOld.id]);
    expect(await idsOf(app, yearly.owner.id)).toEqual([]);
    expect(await purgeAudits(app, m.owner.id)).toHaveLength(3);
  });

  test("runs on the job runner's scheduler", async ({ app }) => {
    expect(app.jobs.scheduler.schedules.map((s) => s.name)).toContain('retention.purge');
  });

  test('a crash mid-run loses nothing and counts nothing twice', async ({ app, db }) => {
    const t0 = new Date('2026-03-10T12:00:00.000Z');
    const m = await signedIn(app, ['manager'], { retentionMonths: 1 });
    for (let i = 0; i < 5; i++) await createProfile(db, m.owner.id, { createdAt: t0 });
    const clock = manualClock(plusMonths(t0, 2));
    // The process dies right after the first batch committed (its files are removed after the commit).
    let batches = 0;
    const crashing = retentionPurge(
      {
        db,
        events: app.events,
        purge: async () => {
          batches += 1;
          if (batches === 1) throw new Error('killed');
        },
      },
      { now: clock.now, batchSize: 2 },
    );
    await expect(crashing.run(undefined)).rejects.toThrow('killed');
    expect(await idsOf(app, m.owner.id)).toHaveLength(3);
    expect((await purgeAudits(app, m.owner.id)).map((a) => a.changes)).toEqual([
      { retentionMonths: 1, persons: 2, uploads: 0, recordings: 0 },
    ]);

    expect((await retentionJob(app, clock)()).persons).toBe(3);
    expect(await idsOf(app, m.owner.id)).toEqual([]);
    const counted = (await purgeAudits(app, m.owner.id)).map((a) => (a.changes as { persons: number }).persons);
    expect(counted.sort()).toEqual([2, 3]);
    // Each person was deleted, and audited, exactly once.
    const deletions = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.ownerId, m.owner.id), eq(auditEvents.action, 'profile.delete')));
    expect(new Set(deletions.map((d) => d.entityId)).size).toBe(5);
    expect(deletions).toHaveLength(5);
  });

  test('changing the setting: a longer retention keeps, null keeps everyone, a shorter one deletes', async ({
    app,
    db,
  }) => {
    const t0 = new Date('2026-02-10T12:00:00.000Z');
    const m = await signedIn(app, ['manager'], { retentionMonths: 3 });
    const person = await createProfile(db, m.owner.id, { createdAt: t0 });
    const clock = manualClock(new Date(plusMonths(t0, 4).getTime()));
    const run = retentionJob(app, clock);
    const patch = (retentionMonths: number | null) =>
      app.inject({ method: 'PATCH', url: '/api/v1/retention', headers: m.headers, payload: { retentionMonths } });

    expect((await patch(12)).statusCode).toBe(200);
    expect((await run()).persons).toBe(0);
    expect((await patch(null)).json<TRetentionSettings>().retentionMonths).toBeNull();
    clock.set(plusMonths(t0, 60));
    expect((await run()).persons).toBe(0);
    expect(await idsOf(app, m.owner.id)).toEqual([person.id]);
    expect((await patch(24)).statusCode).toBe(200);
    expect((await run()).persons).toBe(1);

    const [changed] = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.ownerId, m.owner.id), eq(auditEvents.action, 'retention.update')))
      .orderBy(auditEvents.id)
      .limit(1);
    expect(changed!.changes).toEqual({ before: 3, after: 12 });
    expect(changed!.actorUserId).toBe(m.user.id);
  });

  test('the bounds: 1 to 120 months or null; only managers and platform staff set it', async ({ app }) => {
    const m = await signedIn(app, ['manager']);
    for (const retentionMonths of [0, 121, 1.5, '6']) {
      const r = await app.inject({
        method: 'PATCH',
        url: '/api/v1/retention',
        headers: m.headers,
        payload: { retentionMonths },
      });
      expect(r.statusCode, `${retentionMonths}`).toBe(400);
    }
    const analyst = await createUser(app.db, { ownerId: m.owner.id, roles: ['analyst'] });
    const a = bearer((await login(app, analyst.username)).token);
    expect((await app.inject({ method: 'GET', url: '/api/v1/retention', headers: a })).statusCode).toBe(403);
    expect(
      (await app.inject({ method: 'PATCH', url: '/api/v1/retention', headers: a, payload: { retentionMonths: 1 } }))
        .statusCode,
    ).toBe(403);

    // Platform staff set it on the owner (the owner's edit), or name the owner here.
    const admin = await createUser(app.db, { ownerId: null, roles: ['admin'] });
    const s = bearer((await login(app, admin.username)).token);
    const edited = await app.inject({
      method: 'PATCH',
      url: `/api/v1/owners/${m.owner.id}`,
      headers: s,
      payload: { retentionMonths: 120 },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().retentionMonths).toBe(120);
    expect(
      (
        await app.inject({
          method: 'PATCH',
          url: `/api/v1/owners/${m.owner.id}`,
          headers: s,
          payload: { retentionMonths: 121 },
        })
      ).statusCode,
    ).toBe(400);
    const named = await app.inject({ method: 'GET', url: `/api/v1/retention?ownerId=${m.owner.id}`, headers: s });
    expect(named.json<TRetentionSettings>().retentionMonths).toBe(120);
    expect((await app.inject({ method: 'GET', url: '/api/v1/retention', headers: s })).statusCode).toBe(400);
    // A manager works on their own owner only: naming another one is refused.
    const other = await signedIn(app, ['manager']);
    expect(
      (await app.inject({ method: 'GET', url: `/api/v1/retention?ownerId=${other.owner.id}`, headers: m.headers }))
        .statusCode,
    ).toBe(403);
  });

  test('what expires in the next 30 days, soonest first, a page at a time; the preview before lowering', async ({
    app,
    db,
  }) => {
    const m = await signedIn(app, ['manager'], { retentionMonths: 6 });
    const ago = (days: number) => new Date(Date.now() - days * DAY);
    // Six months are 181–184 days: 200 days ago has expired, 170 expires within 30 days, 100 does not.
    const past = await createProfile(db, m.owner.id, { createdAt: ago(200) });
    const soon = await createProfile(db, m.owner.id, { createdAt: ago(170) });
    const sooner = await createProfile(db, m.owner.id, { createdAt: ago(175) });
    await createProfile(db, m.owner.id, { createdAt: ago(100) });
    const held = await createProfile(db, m.owner.id, { createdAt: ago(190) });
    await app.inject({
      method: 'PUT',
      url: `/api/v1/profiles/${held.id}/hold`,
      headers: m.headers,
      payload: { reason: 'Auditoría' },
    });
    const theirs = await signedIn(app, ['manager'], { retentionMonths: 6 });
    await createProfile(db, theirs.owner.id, { createdAt: ago(190) });

    const page = async (cursor?: string) =>
      (
        await app.inject({
          method: 'GET',
          url: `/api/v1/retention/expiring?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
          headers: m.headers,
        })
      ).json<TExpiringResponse>();
    const first = await page();
    expect(first.items.map((i) => i.profileId)).toEqual([past.id, sooner.id]);
    const second = await page(first.nextCursor!);
    expect(second.items.map((i) => i.profileId)).toEqual([soon.id]);
    expect(second.nextCursor).toBeNull();
    const [item] = second.items;
    expect(item!.lastActivityAt).toBe(soon.createdAt.toISOString());
    const months = (Date.parse(item!.expiresAt) - soon.createdAt.getTime()) / DAY;
    expect(months).toBeGreaterThanOrEqual(181);
    expect(months).toBeLessThanOrEqual(184);
    expect(item).toMatchObject({ name: soon.name, country: 'co', status: 'PENDING' });

    const summary = await app.inject({ method: 'GET', url: '/api/v1/retention', headers: m.headers });
    expect(summary.json()).toEqual({ retentionMonths: 6, expiringSoon: 3, held: 1 });
    const preview = async (n: number) =>
      (
        await app.inject({
          method: 'GET',
          url: `/api/v1/retention/preview?retentionMonths=${n}`,
          headers: m.headers,
        })
      ).json<{ expireNow: number }>().expireNow;
    expect(await preview(6)).toBe(1);
    expect(await preview(3)).toBe(4);
    expect(await preview(1)).toBe(4);
    expect(await preview(120)).toBe(0);
  });

  test('legal hold: set by managers with who, when and why; audited without the reason; 404 across owners', async ({
    app,
    db,
  }) => {
    const m = await signedIn(app, ['manager']);
    const person = await createProfile(db, m.owner.id);
    const other = await signedIn(app, ['manager']);
    const url = `/api/v1/profiles/${person.id}/hold`;

    expect((await app.inject({ method: 'GET', url, headers: m.headers })).json<TProfileHold>()).toEqual({ hold: null });
    const set = await app.inject({
      method: 'PUT',
      url,
      headers: m.headers,
      payload: { reason: 'Proceso judicial 77' },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<TProfileHold>().hold).toMatchObject({
      reason: 'Proceso judicial 77',
      by: { id: m.user.id, username: m.user.username },
    });
    expect((await app.inject({ method: 'PUT', url, headers: m.headers, payload: { reason: ' ' } })).statusCode).toBe(
      400,
    );
    expect(
      (await app.inject({ method: 'PUT', url, headers: other.headers, payload: { reason: 'x' } })).statusCode,
    ).toBe(404);
    expect((await app.inject({ method: 'DELETE', url, headers: other.headers })).statusCode).toBe(404);
    const analyst = await createUser(db, { ownerId: m.owner.id, roles: ['analyst'] });
    const a = bearer((await login(app, analyst.username)).token);
    expect((await app.inject({ method: 'GET', url, headers: a })).json<TProfileHold>().hold?.reason).toBe(
      'Proceso judicial 77',
    );
    expect((await app.inject({ method: 'DELETE', url, headers: a })).statusCode).toBe(403);

    const holds = (
      await app.inject({ method: 'GET', url: '/api/v1/retention/holds', headers: m.headers })
    ).json<THoldsResponse>();
    expect(holds.items.map((h) => h.profileId)).toEqual([person.id]);
    expect((await app.inject({ method: 'DELETE', url, headers: m.headers })).statusCode).toBe(204);
    expect((await app.inject({ method: 'DELETE', url, headers: m.headers })).statusCode).toBe(204);
    expect((await app.inject({ method: 'GET', url, headers: m.headers })).json<TProfileHold>()).toEqual({ hold: null });

    const trail = await db
      .select({ action: auditEvents.action, actor: auditEvents.actorUserId, changes: auditEvents.changes })
      .from(auditEvents)
      .where(eq(auditEvents.entityId, person.id))
      .orderBy(auditEvents.id);
    expect(trail.map((t) => [t.action, t.actor])).toEqual([
      ['profile.hold', m.user.id],
      ['profile.release', m.user.id],
    ]);
    expect(JSON.stringify(trail)).not.toContain('Proceso judicial');
  });
});
