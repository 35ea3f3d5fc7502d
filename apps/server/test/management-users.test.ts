import { and, eq, inArray } from 'drizzle-orm';
import type { TCreateUsersResponse, TListUsersResponse, TManagedUser, TUpdateUsersResponse } from '@centinela/shared';
import { auditEvents, users } from '../src/db/schema/index.ts';
import { createOwner, createUser, login, signedIn } from './factories.ts';
import { describe, expect, test } from './helper.ts';
import { snapshot } from './support/integrity.ts';
import { staff } from './support/management.ts';

const ZERO = '00000000-0000-4000-8000-000000000000';

describe('management: users', () => {
  test('creates several at once from a list: repeated, invalid and existing ones rejected with their reason', async ({
    app,
    db,
  }) => {
    const m = await signedIn(app, ['manager']);
    await createUser(db, { ownerId: m.owner.id, roles: ['viewer'], email: 'taken@acme.test' });
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers: m.headers,
      payload: {
        emails: ['Ana@Acme.test', 'luis@acme.test', 'ana@acme.test', 'not-an-email', 'taken@acme.test'],
        roles: ['analyst'],
        availableCountries: ['co', 'mx'],
        defaultCountry: 'mx',
        defaultLocale: 'es',
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const result = response.json<TCreateUsersResponse>();
    expect(result.created.map((u) => u.username)).toEqual(['ana@acme.test', 'luis@acme.test']);
    expect(result.created[0]).toMatchObject({
      roles: ['analyst'],
      defaultCountry: 'mx',
      defaultLocale: 'es',
      status: 'active',
      owner: { id: m.owner.id },
    });
    expect(result.rejected).toEqual([
      { email: 'ana@acme.test', reason: 'repeated' },
      { email: 'not-an-email', reason: 'invalid' },
      { email: 'taken@acme.test', reason: 'exists' },
    ]);
    const audit = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'user.create'), eq(auditEvents.ownerId, m.owner.id)));
    expect(audit.map((a) => a.entityId).sort()).toEqual(result.created.map((u) => u.id).sort());

    // Nothing creatable: 200 with only rejections.
    const none = await app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers: m.headers,
      payload: { emails: ['ana@acme.test'], roles: ['viewer'], availableCountries: ['co'] },
    });
    expect(none.statusCode).toBe(200);
    expect(none.json<TCreateUsersResponse>()).toEqual({
      created: [],
      rejected: [{ email: 'ana@acme.test', reason: 'exists' }],
    });
  });

  test("a user without a country is refused, on creation and on edit, in the caller's language", async ({ app }) => {
    const m = await signedIn(app, ['manager']);
    const create = (payload: object, language: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/users',
        headers: { ...m.headers, 'accept-language': language },
        payload,
      });
    for (const payload of [
      { emails: ['solo@acme.test'], roles: ['viewer'] },
      { emails: ['solo@acme.test'], roles: ['viewer'], availableCountries: [] },
    ]) {
      const es = await create(payload, 'es');
      expect(es.statusCode, es.body).toBe(400);
      expect(es.json<{ issues: { path: string; message: string }[] }>().issues).toContainEqual(
        expect.objectContaining({ path: 'body.availableCountries', message: 'Elija al menos un país.' }),
      );
    }
    const en = await create({ emails: ['solo@acme.test'], roles: ['viewer'] }, 'en');
    expect(en.json<{ issues: { message: string }[] }>().issues[0]?.message).toBe('Choose at least one country.');
    const edit = await app.inject({
      method: 'PATCH',
      url: '/api/v1/users',
      headers: m.headers,
      payload: { ids: [m.user.id], changes: { availableCountries: [] } },
    });
    expect(edit.statusCode).toBe(400);
  });

  test('an initial password lets a created user sign in with the local strategy', async ({ app }) => {
    const admin = await staff(app, 'admin');
    const owner = await createOwner(app.db);
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers: admin.headers,
      payload: {
        ownerId: owner.id,
        emails: ['new@owner.test'],
        roles: ['viewer'],
        availableCountries: ['co'],
        password: 'a long enough secret',
      },
    });
    expect(response.statusCode).toBe(201);
    expect((await login(app, 'new@owner.test', 'a long enough secret')).token).toBeTruthy();
  });

  test('lists with filters: owner, role, status, country; a manager sees only their own owner', async ({ app, db }) => {
    const support = await staff(app, 'support');
    const m = await signedIn(app, ['manager']);
    const other = await signedIn(app, ['manager']);
    const analyst = await createUser(db, { ownerId: m.owner.id, roles: ['analyst'] });
    const off = await createUser(db, { ownerId: m.owner.id, roles: ['viewer'], status: 'inactive' });
    await db
      .update(users)
      .set({ availableCountries: ['pe'] })
      .where(eq(users.id, off.id));
    const list = async (headers: Record<string, string>, qs = '') =>
      (await app.inject({ method: 'GET', url: `/api/v1/users?${qs}`, headers })).json<TListUsersResponse>();

    expect((await list(m.headers)).items.map((u) => u.id).sort()).toEqual([m.user.id, analyst.id, off.id].sort());
    expect((await list(m.headers, 'role=analyst')).items.map((u) => u.id)).toEqual([analyst.id]);
    expect((await list(m.headers, 'status=inactive')).items.map((u) => u.id)).toEqual([off.id]);
    expect((await list(m.headers, 'country=pe')).items.map((u) => u.id)).toEqual([off.id]);
    // Asking for another owner is refused outright.
    expect(
      (await app.inject({ method: 'GET', url: `/api/v1/users?ownerId=${other.owner.id}`, headers: m.headers }))
        .statusCode,
    ).toBe(403);
    const ofOther = await list(support.headers, `ownerId=${other.owner.id}`);
    expect(ofOther.items.map((u) => u.id)).toEqual([other.user.id]);
    expect((await list(support.headers)).total).toBeGreaterThanOrEqual(5);
  });

  test('edits several users at once and (de)activates them; a deactivated user cannot sign in', async ({ app, db }) => {
    const m = await signedIn(app, ['manager']);
    const a = await createUser(db, { ownerId: m.owner.id, roles: ['viewer'] });
    const b = await createUser(db, { ownerId: m.owner.id, roles: ['viewer'] });
    const edit = await app.inject({
      method: 'PATCH',
      url: '/api/v1/users',
      headers: m.headers,
      payload: {
        ids: [a.id, b.id],
        changes: { roles: ['analyst'], availableCountries: ['cl', 'pe'], defaultCountry: 'pe', defaultLocale: 'es' },
      },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(
      edit
        .json<TUpdateUsersResponse>()
        .items.map((u) => [u.roles, u.availableCountries, u.defaultCountry, u.defaultLocale]),
    ).toEqual([
      [['analyst'], ['cl', 'pe'], 'pe', 'es'],
      [['analyst'], ['cl', 'pe'], 'pe', 'es'],
    ]);
    // Narrowing the countries moves a default that no longer fits to the first remaining one.
    const narrowed = await app.inject({
      method: 'PATCH',
      url: '/api/v1/users',
      headers: m.headers,
      payload: { ids: [a.id], changes: { availableCountries: ['cl'] } },
    });
    expect(narrowed.json<TUpdateUsersResponse>().items[0]?.defaultCountry).toBe('cl');

    const off = await app.inject({
      method: 'PATCH',
      url: '/api/v1/users',
      headers: m.headers,
      payload: { ids: [a.id, b.id], changes: { status: 'inactive' } },
    });
    expect(off.statusCode).toBe(200);
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: a.username, password: 'correct horse battery' },
    });
    expect(signIn.json().code).toBe('account_not_authorized');
    const actions = await db
      .select()
      .from(auditEvents)
      .where(inArray(auditEvents.entityId, [a.id, b.id]));
    expect(actions.filter((e) => e.action === 'user.deactivate')).toHaveLength(2);
  });

  test('deletes several at once, all or none; nobody deletes or deactivates themselves', async ({ app, db }) => {
    const m = await signedIn(app, ['manager']);
    const a = await createUser(db, { ownerId: m.owner.id, roles: ['viewer'] });
    const b = await createUser(db, { ownerId: m.owner.id, roles: ['viewer'] });
    const self = await app.inject({
      method: 'POST',
      url: '/api/v1/users/delete',
      headers: m.headers,
      payload: { ids: [a.id, m.user.id] },
    });
    expect(self.statusCode).toBe(422);
    expect(self.json().code).toBe('user_self_change');
    expect(
      (
        await app.inject({
          method: 'PATCH',
          url: '/api/v1/users',
          headers: m.headers,
          payload: { ids: [m.user.id], changes: { status: 'inactive' } },
        })
      ).json().code,
    ).toBe('user_self_change');
    expect(await db.select().from(users).where(eq(users.id, a.id))).toHaveLength(1);
    const deleted = await app.inject({
      method: 'POST',
      url: '/api/v1/users/delete',
      headers: m.headers,
      payload: { ids: [a.id, b.id] },
    });
    expect(deleted.json()).toEqual({ deleted: 2 });
    expect(
      await db
        .select()
        .from(users)
        .where(inArray(users.id, [a.id, b.id])),
    ).toEqual([]);
  });

  test('privilege escalation is refused with 403/404 and nothing changes', async ({ app, db }) => {
    const m = await signedIn(app, ['manager']);
    const support = await staff(app, 'support');
    const admin = await staff(app, 'admin');
    const mine = await createUser(db, { ownerId: m.owner.id, roles: ['viewer'] });
    const stranger = await signedIn(app, ['manager']);
    const theirs = await createUser(db, { ownerId: stranger.owner.id, roles: ['viewer'] });
    const before = await snapshot(db);

    const attempts: [
      Record<string, string>,
      { method: 'POST' | 'PATCH' | 'GET'; url: string; payload?: object },
      number,
      string,
    ][] = [
      // A manager granting admin or support, on a new user or an existing one (or themselves).
      [
        m.headers,
        { method: 'POST', url: '/api/v1/users', payload: { emails: ['boss@acme.test'], roles: ['admin'] } },
        403,
        'role_not_grantable',
      ],
      [
        m.headers,
        { method: 'PATCH', url: '/api/v1/users', payload: { ids: [mine.id], changes: { roles: ['support'] } } },
        403,
        'role_not_grantable',
      ],
      [
        m.headers,
        { method: 'PATCH', url: '/api/v1/users', payload: { ids: [m.user.id], changes: { roles: ['admin'] } } },
        403,
        'role_not_grantable',
      ],
      // A manager reaching another owner's user, or creating users there.
      [
        m.headers,
        { method: 'PATCH', url: '/api/v1/users', payload: { ids: [theirs.id], changes: { status: 'inactive' } } },
        404,
        'not_found',
      ],
      [
        m.headers,
        {
          method: 'PATCH',
          url: '/api/v1/users',
          payload: { ids: [mine.id, theirs.id], changes: { defaultLocale: 'es' } },
        },
        404,
        'not_found',
      ],
      [m.headers, { method: 'POST', url: '/api/v1/users/delete', payload: { ids: [theirs.id] } }, 404, 'not_found'],
      [m.headers, { method: 'GET', url: `/api/v1/users/${theirs.id}` }, 404, 'not_found'],
      [
        m.headers,
        {
          method: 'POST',
          url: '/api/v1/users',
          payload: {
            ownerId: stranger.owner.id,
            emails: ['x@acme.test'],
            roles: ['viewer'],
            availableCountries: ['co'],
          },
        },
        403,
        'forbidden',
      ],
      // Support creating an admin, promoting to admin, or touching an admin.
      [
        support.headers,
        { method: 'POST', url: '/api/v1/users', payload: { emails: ['root@centinela.test'], roles: ['admin'] } },
        403,
        'role_not_grantable',
      ],
      [
        support.headers,
        { method: 'PATCH', url: '/api/v1/users', payload: { ids: [mine.id], changes: { roles: ['admin'] } } },
        403,
        'role_not_grantable',
      ],
      [
        support.headers,
        { method: 'PATCH', url: '/api/v1/users', payload: { ids: [admin.user.id], changes: { status: 'inactive' } } },
        403,
        'role_not_grantable',
      ],
      [
        support.headers,
        { method: 'POST', url: '/api/v1/users/delete', payload: { ids: [admin.user.id] } },
        403,
        'role_not_grantable',
      ],
      // Roles that do not fit the account: a client role without owner, a platform role inside one.
      [
        admin.headers,
        {
          method: 'POST',
          url: '/api/v1/users',
          payload: { emails: ['floating@x.test'], roles: ['viewer'], availableCountries: ['co'] },
        },
        400,
        'owner_required',
      ],
      [
        admin.headers,
        { method: 'PATCH', url: '/api/v1/users', payload: { ids: [mine.id], changes: { roles: ['admin'] } } },
        422,
        'user_roles_invalid',
      ],
      [
        admin.headers,
        {
          method: 'POST',
          url: '/api/v1/users',
          payload: { ownerId: ZERO, emails: ['ghost@x.test'], roles: ['viewer'], availableCountries: ['co'] },
        },
        404,
        'not_found',
      ],
    ];
    for (const [headers, request, status, code] of attempts) {
      const response = await app.inject({ ...request, headers });
      expect(
        [response.statusCode, response.json().code],
        `${request.method} ${request.url} ${JSON.stringify(request.payload)}`,
      ).toEqual([status, code]);
    }
    expect(await snapshot(db)).toBe(before);
  });

  test('what each may do: support makes support and managers; admin makes admins; a manager makes managers', async ({
    app,
  }) => {
    const support = await staff(app, 'support');
    const admin = await staff(app, 'admin');
    const m = await signedIn(app, ['manager']);
    const create = (headers: Record<string, string>, payload: object) =>
      app.inject({ method: 'POST', url: '/api/v1/users', headers, payload });
    expect((await create(support.headers, { emails: ['s2@centinela.test'], roles: ['support'] })).statusCode).toBe(201);
    expect(
      (
        await create(support.headers, {
          ownerId: m.owner.id,
          emails: ['m2@acme.test'],
          roles: ['manager'],
          availableCountries: ['co'],
        })
      ).statusCode,
    ).toBe(201);
    expect((await create(admin.headers, { emails: ['a2@centinela.test'], roles: ['admin'] })).statusCode).toBe(201);
    const made = await create(m.headers, {
      emails: ['m3@acme.test'],
      roles: ['manager', 'analyst'],
      availableCountries: ['co'],
    });
    expect(made.statusCode).toBe(201);
    const user = made.json<TCreateUsersResponse>().created[0]!;
    const fetched = await app.inject({ method: 'GET', url: `/api/v1/users/${user.id}`, headers: m.headers });
    expect(fetched.json<TManagedUser>()).toMatchObject({ username: 'm3@acme.test', roles: ['manager', 'analyst'] });
  });

  test('analysts and viewers cannot manage users', async ({ app }) => {
    for (const role of ['analyst', 'viewer'] as const) {
      const u = await signedIn(app, [role]);
      expect((await app.inject({ method: 'GET', url: '/api/v1/users', headers: u.headers })).statusCode).toBe(403);
      expect(
        (
          await app.inject({
            method: 'POST',
            url: '/api/v1/users',
            headers: u.headers,
            payload: { emails: ['x@y.test'], roles: ['viewer'] },
          })
        ).statusCode,
      ).toBe(403);
    }
  });
});
