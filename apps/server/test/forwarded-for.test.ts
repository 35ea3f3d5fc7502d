import { eq } from 'drizzle-orm';
import { expect as vexpect, test as vtest } from 'vitest';
import { auditEvents } from '../src/db/schema/index.ts';
import { loadConfig } from '../src/lib/config.ts';
import type { App } from '../src/app.ts';
import { createOwner, createUser, PASSWORD } from './factories.ts';
import { describe, expect, test } from './helper.ts';

const CLIENT = '203.0.113.5';
const PUBLIC_URL = 'https://centinela.test';

/**
 * A sign-in as it reaches the server: `peer` is the connection's address (the proxy, or a client that
 * connects directly), `forwarded` the X-Forwarded-For it carries.
 */
const signIn = (app: App, peer: string, forwarded: string | undefined, email: string, password: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: peer,
    headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded },
    payload: { email, password },
  });

/** A different made-up address on every request, as the outside tester sent. */
const forged = (i: number) => `10.${i >> 8}.${i & 255}.77`;

describe('forged X-Forwarded-For in production (default: trust the proxy on this machine only)', () => {
  test.override({ env: { NODE_ENV: 'production', LOGIN_RATE_LIMIT: '3', PUBLIC_URL } });

  test('wrong passwords with a rotating forged address, appended to by a proxy or sent directly: the 4th is 429', async ({
    app,
    db,
  }) => {
    const owner = await createOwner(db);
    const user = await createUser(db, { ownerId: owner.id, roles: ['analyst'] });
    // Through a proxy that appends the client's address (HAProxy's `option forwardfor`).
    const viaProxy = [];
    for (let i = 0; i < 5; i++)
      viaProxy.push((await signIn(app, '127.0.0.1', `${forged(i)}, ${CLIENT}`, user.username, 'wrong')).statusCode);
    expect(viaProxy).toEqual([401, 401, 401, 429, 429]);
    // Straight to the process, from an address that is no proxy: its header counts for nothing.
    const direct = [];
    for (let i = 0; i < 5; i++)
      direct.push((await signIn(app, '198.51.100.9', forged(100 + i), user.username, 'wrong')).statusCode);
    expect(direct).toEqual([401, 401, 401, 429, 429]);
    const refused = await signIn(app, '198.51.100.9', forged(200), user.username, 'wrong');
    expect(refused.json()).toMatchObject({ code: 'rate_limited' });
  });

  test('the audit log and the sign-in record the real address; the shipped proxy’s own header names the client', async ({
    app,
    db,
  }) => {
    const owner = await createOwner(db);
    const user = await createUser(db, { ownerId: owner.id, roles: ['analyst'] });
    // HAProxy (deploy/haproxy.cfg) sets the header to the address it saw.
    expect((await signIn(app, '127.0.0.1', CLIENT, user.username, PASSWORD)).statusCode).toBe(200);
    expect((await signIn(app, '198.51.100.9', '192.0.2.1', user.username, PASSWORD)).statusCode).toBe(200);
    const rows = await db
      .select({ ip: auditEvents.ip })
      .from(auditEvents)
      .where(eq(auditEvents.actorUserId, user.id))
      .orderBy(auditEvents.id);
    expect(rows.map((r) => r.ip)).toEqual([CLIENT, '198.51.100.9']);
  });

  test('40 verification look-ups with a rotating forged address: refused past the per-address limit', async ({
    app,
  }) => {
    const statuses = new Set<number>();
    for (let i = 0; i < 40; i++) {
      const response = await app.inject({
        method: 'GET',
        url: '/api/v1/verify/AAAA-BBBB-CCCC-DDDD',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': `${forged(i)}, ${CLIENT}` },
      });
      statuses.add(response.statusCode);
    }
    expect(statuses.has(429)).toBe(true);
  });
});

describe('TRUST_PROXY as a hop count', () => {
  test.override({ env: { TRUST_PROXY: '1', LOGIN_RATE_LIMIT: '3' } });

  test('one proxy hop: the entry it appended names the client, whatever the client wrote before it', async ({
    app,
    db,
  }) => {
    const owner = await createOwner(db);
    const user = await createUser(db, { ownerId: owner.id, roles: ['analyst'] });
    const codes = [];
    for (let i = 0; i < 5; i++)
      codes.push((await signIn(app, '10.1.2.3', `${forged(i)}, ${CLIENT}`, user.username, 'wrong')).statusCode);
    expect(codes).toEqual([401, 401, 401, 429, 429]);
  });
});

vtest('TRUST_PROXY: its default, the forms it takes, and a clear line for a bad value', () => {
  vexpect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL }).TRUST_PROXY).toEqual(['loopback']);
  vexpect(loadConfig({}).TRUST_PROXY).toBe(false);
  vexpect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
  vexpect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL, TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
  vexpect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, ::1,uniquelocal' }).TRUST_PROXY).toEqual([
    '10.0.0.0/8',
    '::1',
    'uniquelocal',
  ]);
  vexpect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY="true": must be false, a hop count/);
  vexpect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/99' })).toThrow(/TRUST_PROXY/);
});
