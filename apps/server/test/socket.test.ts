import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SOCKET_OPTIONS } from '@centinela/shared';
import { io } from 'socket.io-client';
import { authSessions, owners, users } from '../src/db/schema/index.ts';
import { createUser, login, signedIn } from './factories.ts';
import { describe, expect, test } from './helper.ts';
import { connect, connected, disconnectAll, listen, nextEvent, refused } from './support/socket-client.ts';

const profileUpdated = () => ({ profileId: randomUUID(), status: 'PASSED' as const });

describe('socket.io handshake', () => {
  test('refuses a missing, an unknown and an expired token with { code, message }', async ({ app }) => {
    const url = await listen(app);
    const a = await signedIn(app);
    await app.db
      .update(authSessions)
      .set({ accessExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(authSessions.userId, a.user.id));

    const cases = [
      [undefined, 'unauthenticated', 'Please sign in to continue.'],
      ['not-a-token', 'unauthenticated', 'Please sign in to continue.'],
      ['a.b.c', 'unauthenticated', 'Please sign in to continue.'], // a "JWT" while OIDC is off
      [a.token, 'token_expired', 'Your session has expired. Please sign in again.'],
    ] as const;
    for (const [token, code, message] of cases) {
      const client = connect(url, token);
      const error = await refused(client);
      expect(error.message).toBe(message);
      expect(error.data).toEqual({ code, message });
      disconnectAll(client);
    }
  });

  test('refuses an inactive user and a user of an inactive owner', async ({ app, db }) => {
    const url = await listen(app);
    const a = await signedIn(app);
    await db.update(users).set({ status: 'inactive' }).where(eq(users.id, a.user.id));
    const b = await signedIn(app, ['manager']);
    await db.update(owners).set({ active: false }).where(eq(owners.id, b.owner.id));
    for (const token of [a.token, b.token]) {
      const client = connect(url, token);
      expect((await refused(client)).data).toEqual({
        code: 'account_not_authorized',
        message: 'Account not authorized, please contact us.',
      });
      disconnectAll(client);
    }
  });

  test('accepts the stored "Bearer <token>" form too', async ({ app }) => {
    const url = await listen(app);
    const a = await signedIn(app);
    const client = connect(url, `Bearer ${a.token}`);
    await connected(client);
    disconnectAll(client);
  });
});

describe('socket.io rooms', () => {
  test("a user of owner A receives A's events and never B's; platform staff receive both", async ({ app, db }) => {
    const url = await listen(app);
    const a = await signedIn(app);
    const b = await signedIn(app, ['manager']);
    const admin = await createUser(db, { ownerId: null, roles: ['admin'] });
    const staff = await login(app, admin.username);
    const [clientA, clientB, clientStaff] = [connect(url, a.token), connect(url, b.token), connect(url, staff.token)];
    await Promise.all([clientA, clientB, clientStaff].map(connected));

    const forB = profileUpdated();
    const forA = profileUpdated();
    app.events.publish('profile.updated', b.owner.id, forB);
    app.events.publish('profile.updated', a.owner.id, forA);

    // One connection delivers in order: once A's event is in, B's would have arrived before it.
    expect(await nextEvent(clientA, 'profile.updated')).toEqual(forA);
    expect(clientA.received).toEqual([{ name: 'profile.updated', payload: forA }]);
    expect(await nextEvent(clientB, 'profile.updated')).toEqual(forB);
    await new Promise<void>((resolve) =>
      clientStaff.received.length >= 2
        ? resolve()
        : clientStaff.socket.onAny(() => clientStaff.received.length >= 2 && resolve()),
    );
    expect(clientStaff.received.map((r) => r.payload)).toEqual([forB, forA]);
    expect(clientB.received).toHaveLength(1);
    disconnectAll(clientA, clientB, clientStaff);
  });

  test('sends only the payload the event schema allows, and drops malformed events', async ({ app }) => {
    const url = await listen(app);
    const a = await signedIn(app);
    const client = connect(url, a.token);
    await connected(client);

    const bad = { profileId: 'not-a-uuid', status: 'PASSED' as const };
    app.events.publish('profile.updated', a.owner.id, bad);
    const ids = [randomUUID()];
    // A publisher that slips personal data into a payload: it is stripped, never sent.
    app.events.publish('profiles.deleted', a.owner.id, { ids, name: 'Ana Gómez' } as { ids: string[] });
    expect(await nextEvent(client, 'profiles.deleted')).toEqual({ ids });
    expect(client.received.map((r) => r.name)).toEqual(['profiles.deleted']);
    disconnectAll(client);
  });

  test('closing the app closes its sockets, tells them to reconnect, and still finishes', async ({ app }) => {
    const url = await listen(app);
    const a = await signedIn(app);
    // The web app's own client options (reconnection on): a draining process's clients must come back
    // elsewhere by themselves, so the close must not be a socket.io "io server disconnect" (which a client
    // takes as "stay away").
    const socket = io(url, {
      ...SOCKET_OPTIONS,
      transports: [...SOCKET_OPTIONS.transports],
      forceNew: true,
      auth: { token: a.token },
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const gone = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
    await app.close();
    expect(await gone).toMatch(/^transport (close|error)$/);
    expect(socket.active).toBe(true); // it is reconnecting
    socket.disconnect();
  });
});
