import { and, eq } from 'drizzle-orm';
import type { TListOwnersResponse, TOwner, TUpdateOwnersResponse } from '@centinela/shared';
import { auditEvents, creditLedger, owners, users } from '../src/db/schema/index.ts';
import { buildCaller } from '../src/kernel/index.ts';
import { createOwner as createOwnerAs } from '../src/domains/owners/service.ts';
import { createOwner, createProfile, createUser, login, PASSWORD, signedIn } from './factories.ts';
import { describe, expect, test } from './helper.ts';
import { staff } from './support/management.ts';

describe('management: owners', () => {
  test('admin creates, lists with search/sort/paging, edits and sees each change audited', async ({ app, db }) => {
    const admin = await staff(app, 'admin');
    const create = (payload: object) =>
      app.inject({ method: 'POST', url: '/api/v1/owners', headers: admin.headers, payload });
    const created = await create({
      codeName: 'zeta-seguros',
      name: 'Zeta Seguros',
      plan: 'free',
      creditsInitial: 50,
      creditsAvailable: 50,
    });
    expect(created.statusCode, created.body).toBe(201);
    const zeta = created.json<TOwner>();
    expect(zeta).toMatchObject({
      codeName: 'zeta-seguros',
      active: true,
      plan: 'free',
      creditsAvailable: 50,
      userCount: 0,
    });
    for (const [codeName, name] of [
      ['alfa', 'Alfa Ltda.'],
      ['beta', 'Beta S.A.'],
      ['gamma', 'Gamma SpA'],
    ])
      expect((await create({ codeName, name })).statusCode).toBe(201);

    const list = async (qs: string) =>
      (
        await app.inject({ method: 'GET', url: `/api/v1/owners?${qs}`, headers: admin.headers })
      ).json<TListOwnersResponse>();
    expect((await list('sort=name&order=asc&pageSize=2')).items.map((o) => o.codeName)).toEqual(['alfa', 'beta']);
    const page2 = await list('sort=name&order=asc&pageSize=2&page=2');
    expect(page2.items.map((o) => o.codeName)).toEqual(['gamma', 'zeta-seguros']);
    expect(page2.total).toBe(4);
    expect((await list('sort=codeName&order=desc')).items[0]?.codeName).toBe('zeta-seguros');
    expect((await list('q=SEGUROS')).items.map((o) => o.id)).toEqual([zeta.id]);
    // A LIKE wildcard in the search is a literal character.
    expect((await list('q=%25')).items).toEqual([]);

    const edited = await app.inject({
      method: 'PATCH',
      url: `/api/v1/owners/${zeta.id}`,
      headers: admin.headers,
      payload: { name: 'Zeta Seguros S.A.', creditsAvailable: 20 },
    });
    expect(edited.json<TOwner>()).toMatchObject({ name: 'Zeta Seguros S.A.', creditsAvailable: 20 });
    // Credits never change without their ledger row.
    const ledger = await db.select().from(creditLedger).where(eq(creditLedger.ownerId, zeta.id));
    expect(ledger.map((l) => [l.amount, l.balanceAfter])).toEqual(
      expect.arrayContaining([
        [50, 50],
        [-30, 20],
      ]),
    );
    const audit = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, 'owner'), eq(auditEvents.entityId, zeta.id)));
    expect(audit.map((a) => a.action).sort()).toEqual(['owner.create', 'owner.update']);
    expect(audit.every((a) => a.actorUserId === admin.user.id)).toBe(true);
  });

  test("the Users column counts each owner's users, in the list and for one owner", async ({ app }) => {
    const admin = await staff(app, 'admin');
    const two = await createOwner(app.db, { codeName: 'two-users' });
    const none = await createOwner(app.db, { codeName: 'no-users' });
    await createUser(app.db, { ownerId: two.id, roles: ['manager'] });
    await createUser(app.db, { ownerId: two.id, roles: ['viewer'], status: 'inactive' });
    const list = await app.inject({ method: 'GET', url: '/api/v1/owners?q=users', headers: admin.headers });
    const counts = Object.fromEntries(list.json<TListOwnersResponse>().items.map((o) => [o.codeName, o.userCount]));
    expect(counts).toEqual({ 'two-users': 2, 'no-users': 0 });
    const one = await app.inject({ method: 'GET', url: `/api/v1/owners/${two.id}`, headers: admin.headers });
    expect(one.json<TOwner>().userCount).toBe(2);
    expect(none.id).toBeTruthy();
  });

  test('"Owner could not be added or updated" says why: code name taken, bad slug', async ({ app }) => {
    const admin = await staff(app, 'admin');
    const taken = await createOwner(app.db, { codeName: 'acme' });
    const other = await createOwner(app.db, { codeName: 'other' });
    const dup = await app.inject({
      method: 'POST',
      url: '/api/v1/owners',
      headers: { ...admin.headers, 'accept-language': 'es' },
      payload: { codeName: 'acme', name: 'Acme 2' },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({
      code: 'owner_code_taken',
      message: 'No se pudo agregar o actualizar el cliente: el código acme ya está en uso.',
    });
    const rename = await app.inject({
      method: 'PATCH',
      url: `/api/v1/owners/${other.id}`,
      headers: admin.headers,
      payload: { codeName: taken.codeName },
    });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().message).toBe('Owner could not be added or updated: the code name acme is already taken.');
    // Keeping one's own code name is no conflict.
    expect(
      (
        await app.inject({
          method: 'PATCH',
          url: `/api/v1/owners/${taken.id}`,
          headers: admin.headers,
          payload: { codeName: 'acme' },
        })
      ).statusCode,
    ).toBe(200);
    const slug = await app.inject({
      method: 'POST',
      url: '/api/v1/owners',
      headers: admin.headers,
      payload: { codeName: 'Not A Slug', name: 'x' },
    });
    expect(slug.statusCode).toBe(400);
    expect(slug.json().issues).toContainEqual(
      expect.objectContaining({ path: 'body.codeName', key: 'management.validation.codeName' }),
    );
  });

  test('edits several owners at once, all or none', async ({ app, db }) => {
    const support = await staff(app, 'support');
    const a = await createOwner(db);
    const b = await createOwner(db);
    const response = await app.inject({
      method: 'PATCH',
      url: '/api/v1/owners',
      headers: support.headers,
      payload: { ids: [a.id, b.id], changes: { plan: 'free', deferredApiSync: true } },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<TUpdateOwnersResponse>().items.map((o) => [o.plan, o.deferredApiSync])).toEqual([
      ['free', true],
      ['free', true],
    ]);
    // One unknown id: nothing changes.
    const missing = await app.inject({
      method: 'PATCH',
      url: '/api/v1/owners',
      headers: support.headers,
      payload: { ids: [a.id, '00000000-0000-4000-8000-000000000000'], changes: { plan: 'standard' } },
    });
    expect(missing.statusCode).toBe(404);
    const [stored] = await db.select().from(owners).where(eq(owners.id, a.id));
    expect(stored?.plan).toBe('free');
    // The code name is each owner's own: not a shared field.
    expect(
      (
        await app.inject({
          method: 'PATCH',
          url: '/api/v1/owners',
          headers: support.headers,
          payload: { ids: [a.id], changes: { codeName: 'x' } },
        })
      ).statusCode,
    ).toBe(400);
  });

  test('deactivating an owner refuses its users at sign-in and their live sessions; reactivating lets them back', async ({
    app,
    db,
  }) => {
    const admin = await staff(app, 'admin');
    const m = await signedIn(app, ['manager']);
    const off = await app.inject({
      method: 'PATCH',
      url: '/api/v1/owners',
      headers: admin.headers,
      payload: { ids: [m.owner.id], changes: { active: false } },
    });
    expect(off.statusCode).toBe(200);
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: m.user.username, password: PASSWORD },
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().code).toBe('account_not_authorized');
    const session = await app.inject({ method: 'GET', url: '/api/auth/user', headers: m.headers });
    expect(session.statusCode).toBe(403);
    const inactive = (
      await app.inject({ method: 'GET', url: '/api/v1/owners?active=false', headers: admin.headers })
    ).json<TListOwnersResponse>();
    expect(inactive.items.map((o) => o.id)).toEqual([m.owner.id]);
    const audit = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, m.owner.id), eq(auditEvents.action, 'owner.deactivate')));
    expect(audit).toHaveLength(1);

    await app.inject({
      method: 'PATCH',
      url: '/api/v1/owners',
      headers: admin.headers,
      payload: { ids: [m.owner.id], changes: { active: true } },
    });
    expect((await login(app, m.user.username)).token).toBeTruthy();
  });

  test('delete is refused while the owner has data, saying why, unless purged', async ({ app, db }) => {
    const admin = await staff(app, 'admin');
    const owner = await createOwner(db);
    await createUser(db, { ownerId: owner.id, roles: ['analyst'] });
    await createProfile(db, owner.id);
    await createProfile(db, owner.id);
    const refused = await app.inject({ method: 'DELETE', url: `/api/v1/owners/${owner.id}`, headers: admin.headers });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'owner_has_data',
      message:
        'The owner still has data (persons: 2, users: 1). Delete it first, or purge it explicitly with the owner.',
    });
    expect(await db.select().from(owners).where(eq(owners.id, owner.id))).toHaveLength(1);

    const purged = await app.inject({
      method: 'DELETE',
      url: `/api/v1/owners/${owner.id}?purge=true`,
      headers: admin.headers,
    });
    expect(purged.statusCode).toBe(204);
    expect(await db.select().from(owners).where(eq(owners.id, owner.id))).toEqual([]);
    expect(await db.select().from(users).where(eq(users.ownerId, owner.id))).toEqual([]);
    const [event] = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, owner.id), eq(auditEvents.action, 'owner.purge')));
    expect(event?.changes).toMatchObject({ persons: 2, users: 1 });

    const empty = await createOwner(db);
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/v1/owners/${empty.id}`, headers: admin.headers })).statusCode,
    ).toBe(204);
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/v1/owners/${empty.id}`, headers: admin.headers })).statusCode,
    ).toBe(404);
  });

  test('client users cannot reach owners at all; nothing changes', async ({ app, db }) => {
    const m = await signedIn(app, ['manager']);
    for (const request of [
      { method: 'GET' as const, url: '/api/v1/owners' },
      { method: 'PATCH' as const, url: `/api/v1/owners/${m.owner.id}`, payload: { plan: 'free' } },
      {
        method: 'PATCH' as const,
        url: '/api/v1/owners',
        payload: { ids: [m.owner.id], changes: { creditsAvailable: 1000 } },
      },
      { method: 'DELETE' as const, url: `/api/v1/owners/${m.owner.id}?purge=true` },
    ]) {
      const response = await app.inject({ ...request, headers: m.headers });
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(403);
    }
    const [stored] = await db.select().from(owners).where(eq(owners.id, m.owner.id));
    expect(stored).toMatchObject({ plan: 'standard', creditsAvailable: 0 });
  });

  test('plan, credits and support fields need owners:support; the rest does not', async ({ db }) => {
    const user = await createUser(db, { ownerId: null, roles: ['support'] });
    // A caller who may manage owners but not fill the support fields (no role has exactly that today).
    const caller = { ...buildCaller(user, null, null), scopes: ['owners:manage' as const] };
    const actor = { userId: user.id, ip: null };
    await expect(
      createOwnerAs(db, { caller, input: { codeName: 'paid', name: 'Paid', plan: 'free' }, actor }),
    ).rejects.toMatchObject({ statusCode: 403, code: 'owner_support_only' });
    await expect(
      createOwnerAs(db, { caller, input: { codeName: 'plain', name: 'Plain' }, actor }),
    ).resolves.toMatchObject({ codeName: 'plain', plan: 'standard' });
    expect(await db.select().from(owners).where(eq(owners.codeName, 'paid'))).toEqual([]);
  });
});
