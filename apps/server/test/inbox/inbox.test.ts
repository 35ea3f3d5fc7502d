import { and, eq } from 'drizzle-orm';
import type { Finding, TInboxCount, TInboxResponse } from '@centinela/shared';
import type { Db } from '../../src/db/client.ts';
import {
  auditEvents,
  owners,
  privacyRequests,
  reports,
  watchlistAlerts,
  watchlistSources,
  watchlistVersions,
} from '../../src/db/schema/index.ts';
import { createCorrection } from '../../src/domains/candidate/requests.ts';
import { createProfile, createUser, login, bearer, signedIn } from '../factories.ts';
import { describe, expect, test } from '../helper.ts';
import { createCandidatePage } from '../support/candidate.ts';

const DAY = 86_400_000;
const at = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY);

const match = (entryId: string, name: string, ruled = false): Finding => ({
  kind: 'watchlist_entry',
  matchedBy: 'name',
  severity: 'adverse',
  summary: name,
  source: 'OFAC',
  date: null,
  record: { source: 'ofac-sdn', entryId, name },
  ...(ruled
    ? { ruling: { verdict: 'homonym' as const, reason: 'Other', by: null, at: new Date().toISOString() } }
    : {}),
});

async function screened(db: Db, ownerId: string, findings: Finding[], completedAt: Date, country: 'co' | 'mx' = 'co') {
  const person = await createProfile(db, ownerId, { name: `Persona ${findings[0]?.summary ?? ''}`, country });
  await db.insert(reports).values({
    ownerId,
    profileId: person.id,
    type: 'watchlists',
    status: 'PENDING_MANUAL_REVIEW',
    findings,
    completedAt,
  });
  return person;
}

async function version(db: Db) {
  await db.insert(watchlistSources).values({ id: 'ofac-sdn' }).onConflictDoNothing();
  const [v] = await db
    .insert(watchlistVersions)
    .values({
      sourceId: 'ofac-sdn',
      seq: 1,
      origin: 'upload',
      fileSha256: 'x'.repeat(64),
      bytes: 1,
      entries: 1,
      individuals: 1,
      entities: 0,
      added: 1,
      removed: 0,
      changed: 0,
    })
    .returning();
  return v!;
}

const get = async <T>(app: Parameters<typeof signedIn>[0], url: string, headers: Record<string, string>) => {
  const res = await app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};

describe('review inbox', () => {
  test('lists every open item of the owner only, oldest due first, filtered and counted', async ({ app, db }) => {
    const manager = await signedIn(app, ['manager']);
    const ownerId = manager.owner.id;
    const stranger = await signedIn(app, ['manager']);
    const v = await version(db);

    // A match nobody ruled (10 days old), one ruled (not listed), one with an open alert (listed once, as the alert).
    const guzman = await screened(db, ownerId, [match('6861', 'GUZMAN LOERA'), match('1', 'RULED', true)], at(10));
    const alerted = await screened(db, ownerId, [match('7000', 'ALERTED')], at(9), 'mx');
    await db.insert(watchlistAlerts).values({
      ownerId,
      profileId: alerted.id,
      sourceId: 'ofac-sdn',
      entryId: '7000',
      versionId: v.id,
      kind: 'match',
      finding: { ...match('7000', 'ALERTED') },
      createdAt: at(3),
    });
    // A correction asked 20 days ago with the owner's 30-day term is due in 10 days; another owner's stays apart.
    await db.update(owners).set({ correctionDeadlineDays: 30 }).where(eq(owners.id, ownerId));
    const asker = await createProfile(db, ownerId, { name: 'Pedro Peres' });
    const correction = await createCorrection(
      db,
      { candidate: { ownerId, profileId: asker.id, locale: 'es' } as never, input: { message: 'Pérez' }, ip: null },
      at(20),
    );
    expect(Date.parse(correction.dueAt) - Date.parse(correction.createdAt)).toBe(30 * DAY);
    // An identity check waiting for a person (1 day old); a finished one is not listed.
    const face = await createProfile(db, ownerId, { name: 'Lucía Díaz' });
    const [identity] = await db
      .insert(reports)
      .values({
        ownerId,
        profileId: face.id,
        type: 'identity_document',
        status: 'PENDING_MANUAL_REVIEW',
        completedAt: at(1),
      })
      .returning();
    const done = await createProfile(db, ownerId);
    await db
      .insert(reports)
      .values({ ownerId, profileId: done.id, type: 'identity_document', status: 'COMPLETED', completedAt: at(1) });
    // Another owner's match, older than all: never in this owner's inbox.
    const foreign = await screened(db, stranger.owner.id, [match('6861', 'FOREIGN')], at(30));

    const inbox = await get<TInboxResponse>(app, '/api/v1/inbox', manager.headers);
    expect(inbox.items.map((i) => [i.kind, i.person.name, i.detail])).toEqual([
      ['match', guzman.name, 'GUZMAN LOERA'],
      ['alert', alerted.name, 'ALERTED'],
      ['identity', 'Lucía Díaz', null],
      ['correction', 'Pedro Peres', null],
    ]);
    expect(inbox.total).toBe(4);
    expect(inbox.items[0]!.ref).toBe(`${guzman.id}:ofac-sdn:6861`);
    expect(inbox.items[1]).toMatchObject({ alertKind: 'match', person: { country: 'mx' } });
    expect(inbox.items[2]!.ref).toBe(identity!.id);
    expect(inbox.items[3]).toMatchObject({ ref: correction.id, dueAt: correction.dueAt, assignee: null });
    expect(inbox.reviewers).toEqual([{ id: manager.user.id, username: manager.user.username }]);

    const foreignView = await get<TInboxResponse>(app, '/api/v1/inbox', stranger.headers);
    expect(foreignView.items.map((i) => i.person.id)).toEqual([foreign.id]);
    // A client user naming another owner is refused.
    const other = await app.inject({
      method: 'GET',
      url: `/api/v1/inbox?ownerId=${stranger.owner.id}`,
      headers: manager.headers,
    });
    expect(other.statusCode).toBe(403);

    // Filters: kind, country, page.
    const kinds = await get<TInboxResponse>(app, '/api/v1/inbox?kind=correction', manager.headers);
    expect(kinds.items.map((i) => i.kind)).toEqual(['correction']);
    const mx = await get<TInboxResponse>(app, '/api/v1/inbox?country=mx', manager.headers);
    expect(mx.items.map((i) => i.person.id)).toEqual([alerted.id]);
    const page2 = await get<TInboxResponse>(app, '/api/v1/inbox?page=2&pageSize=3', manager.headers);
    expect(page2).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(page2.items.map((i) => i.kind)).toEqual(['correction']);
    expect(await get<TInboxCount>(app, '/api/v1/inbox/count', manager.headers)).toEqual({ open: 4, mine: 0 });
  });

  test('items go to a reviewer of the same owner, audited; viewers only read', async ({ app, db }) => {
    const manager = await signedIn(app, ['manager']);
    const ownerId = manager.owner.id;
    const analyst = await createUser(db, { ownerId, roles: ['analyst'] });
    const viewer = await createUser(db, { ownerId, roles: ['viewer'] });
    const stranger = await signedIn(app, ['manager']);
    const person = await screened(db, ownerId, [match('6861', 'GUZMAN LOERA')], at(2));
    const ref = `${person.id}:ofac-sdn:6861`;
    const assign = (headers: Record<string, string>, body: Record<string, unknown>) =>
      app.inject({ method: 'POST', url: '/api/v1/inbox/assign', headers, payload: body });

    const ok = await assign(manager.headers, { kind: 'match', ref, assigneeId: analyst.id });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ kind: 'match', ref, assignee: { id: analyst.id, username: analyst.username } });
    const [row] = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'inbox.assign'), eq(auditEvents.entityId, person.id)));
    expect(row).toMatchObject({
      actorUserId: manager.user.id,
      changes: { kind: 'match', ref, from: null, to: analyst.id },
    });

    const analystHeaders = bearer((await login(app, analyst.username)).token);
    const mine = await get<TInboxResponse>(app, '/api/v1/inbox?assignee=me', analystHeaders);
    expect(mine.items.map((i) => i.ref)).toEqual([ref]);
    expect(mine.items[0]!.assignee).toEqual({ id: analyst.id, username: analyst.username });
    expect(await get<TInboxCount>(app, '/api/v1/inbox/count', analystHeaders)).toEqual({ open: 1, mine: 1 });
    const unassigned = await get<TInboxResponse>(app, '/api/v1/inbox?assignee=unassigned', manager.headers);
    expect(unassigned.items).toEqual([]);

    // A viewer reads the inbox, assigns nothing; nobody assigns to a viewer or to another owner's user.
    const viewerHeaders = bearer((await login(app, viewer.username)).token);
    expect((await get<TInboxResponse>(app, '/api/v1/inbox', viewerHeaders)).total).toBe(1);
    expect((await assign(viewerHeaders, { kind: 'match', ref, assigneeId: null })).statusCode).toBe(403);
    const toViewer = await assign(
      { ...manager.headers, 'accept-language': 'es' },
      { kind: 'match', ref, assigneeId: viewer.id },
    );
    expect(toViewer.statusCode).toBe(422);
    expect(toViewer.json()).toEqual({
      code: 'inbox_assignee',
      message: 'Solo se pueden asignar elementos a un revisor del mismo cliente.',
    });
    expect((await assign(manager.headers, { kind: 'match', ref, assigneeId: stranger.user.id })).statusCode).toBe(422);
    // Another owner's reviewer cannot reach the item at all.
    expect((await assign(stranger.headers, { kind: 'match', ref, assigneeId: stranger.user.id })).statusCode).toBe(404);
    expect((await assign(manager.headers, { kind: 'match', ref: 'nonsense', assigneeId: null })).statusCode).toBe(404);

    // Back to nobody; once ruled, the item leaves the inbox and assigning it says so.
    expect((await assign(manager.headers, { kind: 'match', ref, assigneeId: null })).json()).toMatchObject({
      assignee: null,
    });
    const ruled = await app.inject({
      method: 'POST',
      url: '/api/v1/watchlists/rulings',
      headers: manager.headers,
      payload: { profileId: person.id, source: 'ofac-sdn', entryId: '6861', verdict: 'confirmed', reason: 'Photo' },
    });
    expect(ruled.statusCode, ruled.body).toBe(200);
    expect((await get<TInboxCount>(app, '/api/v1/inbox/count', manager.headers)).open).toBe(0);
    const closed = await assign(manager.headers, { kind: 'match', ref, assigneeId: analyst.id });
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toMatchObject({ code: 'inbox_item_closed' });
  });

  test('a correction answered leaves the inbox; the owner sets the term within 1–60 days', async ({ app, db }) => {
    const staff = await signedIn(app, ['admin']);
    const manager = await signedIn(app, ['manager']);
    const ownerId = manager.owner.id;
    const set = (days: number) =>
      app.inject({
        method: 'PATCH',
        url: `/api/v1/owners/${ownerId}`,
        headers: staff.headers,
        payload: { correctionDeadlineDays: days },
      });
    expect((await set(61)).statusCode).toBe(400);
    const saved = await set(5);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ correctionDeadlineDays: 5 });
    const asker = await createProfile(db, ownerId);
    const request = await createCorrection(db, {
      candidate: { ownerId, profileId: asker.id, locale: 'es' } as never,
      input: { message: 'Mi apellido' },
      ip: null,
    });
    expect(Date.parse(request.dueAt) - Date.parse(request.createdAt)).toBe(5 * DAY);
    // The candidate's page tells the same term before they ask.
    const { code } = await createCandidatePage(db, ownerId);
    const page = await app.inject({ method: 'GET', url: `/api/v1/public/candidate/${code}` });
    expect(page.json()).toMatchObject({ correctionDeadlineDays: 5 });
    expect((await get<TInboxCount>(app, '/api/v1/inbox/count', manager.headers)).open).toBe(1);
    await db.update(privacyRequests).set({ status: 'resolved' }).where(eq(privacyRequests.id, request.id));
    expect((await get<TInboxCount>(app, '/api/v1/inbox/count', manager.headers)).open).toBe(0);
  });
});
