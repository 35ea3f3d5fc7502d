import { createOwner, createUser, PASSWORD } from './factories.ts';
import { describe, expect, test } from './helper.ts';
import type { App } from '../src/app.ts';
import { loadConfig } from '../src/lib/config.ts';

/** One sign-in attempt from a given client address (a different address per attacker machine). */
const attempt = (app: App, remoteAddress: string, email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, payload: { email, password } });

/** 25 wrong passwords for one account, each from its own address: what the outside tester ran. */
async function spray(app: App, email: string) {
  const statuses: number[] = [];
  for (let i = 1; i <= 25; i++) statuses.push((await attempt(app, `198.51.100.${i}`, email, `guess-${i}`)).statusCode);
  return statuses;
}

describe('sign-in limit per account, across addresses', () => {
  test.override({ env: { LOGIN_ACCOUNT_RATE_LIMIT: '5' } });

  test('25 wrong passwords from 25 addresses: past the limit the account refuses new addresses, the right password too', async ({
    app,
    db,
  }) => {
    const owner = await createOwner(db);
    const user = await createUser(db, { ownerId: owner.id, roles: ['analyst'] });
    expect(await spray(app, user.username)).toEqual([...Array(5).fill(401), ...Array(20).fill(429)]);

    const right = await attempt(app, '203.0.113.7', user.username, PASSWORD);
    expect(right.statusCode).toBe(429);
    expect(right.json()).toMatchObject({ code: 'rate_limited' });
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    // An account that does not exist is throttled alike: the limit tells nobody which emails are users.
    expect(await spray(app, 'nobody@example.test')).toEqual([...Array(5).fill(401), ...Array(20).fill(429)]);
  });

  test('the user still signs in from an address they signed in from before, during the attack (no lockout)', async ({
    app,
    db,
  }) => {
    const owner = await createOwner(db);
    const user = await createUser(db, { ownerId: owner.id, roles: ['analyst'] });
    const office = '192.0.2.10';
    expect((await attempt(app, office, user.username, PASSWORD)).statusCode).toBe(200);

    await spray(app, user.username);
    // A typo from the office is still just a wrong password; the right one signs in.
    expect((await attempt(app, office, user.username, 'typo')).statusCode).toBe(401);
    expect((await attempt(app, office, user.username, PASSWORD)).statusCode).toBe(200);
    // A colleague's account is not under attack: they sign in from anywhere.
    const colleague = await createUser(db, { ownerId: owner.id, roles: ['analyst'] });
    expect((await attempt(app, '203.0.113.8', colleague.username, PASSWORD)).statusCode).toBe(200);
  });
});

/** One password tried on `count` accounts (unknown emails count alike), all from one address. */
async function sprayAccounts(app: App, address: string, count: number, prefix = 'staff') {
  const statuses: number[] = [];
  for (let i = 1; i <= count; i++)
    statuses.push((await attempt(app, address, `${prefix}-${i}@example.test`, 'Summer2026!')).statusCode);
  return statuses;
}

describe('sign-in limit per address, across accounts (password spraying)', () => {
  test.override({ env: { LOGIN_ADDRESS_RATE_LIMIT: '5' } });

  test('one password over many accounts from one address: past the limit 429 in the caller’s language, the right password of a new account too', async ({
    app,
    db,
  }) => {
    const sprayer = '198.51.100.200';
    expect(await sprayAccounts(app, sprayer, 12)).toEqual([...Array(5).fill(401), ...Array(7).fill(429)]);
    const owner = await createOwner(db);
    const user = await createUser(db, { ownerId: owner.id, roles: ['analyst'] });
    const right = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: sprayer,
      headers: { 'accept-language': 'es-MX,es;q=0.9' },
      payload: { email: user.username, password: PASSWORD },
    });
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual({
      code: 'rate_limited',
      message: 'Demasiados intentos. Espere un momento e inténtelo de nuevo.',
    });
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await attempt(app, '203.0.113.9', user.username, PASSWORD)).statusCode).toBe(200);
  });

  test('users who signed in from the sprayed address before still sign in from it (an office behind one address)', async ({
    app,
    db,
  }) => {
    const office = '192.0.2.20';
    const owner = await createOwner(db);
    const user = await createUser(db, { ownerId: owner.id, roles: ['analyst'] });
    expect((await attempt(app, office, user.username, PASSWORD)).statusCode).toBe(200);
    await sprayAccounts(app, office, 8);
    expect((await attempt(app, office, user.username, PASSWORD)).statusCode).toBe(200);
  });
});

test('the per-address cap is on by default: 50 wrong passwords an hour', () => {
  expect(loadConfig({}).LOGIN_ADDRESS_RATE_LIMIT).toBe(50);
});
