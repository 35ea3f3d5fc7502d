import { randomBytes } from 'node:crypto';
import { onTestFinished } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import { freshDatabase } from './database.ts';
import { createApiKey, PASSWORD, signedIn } from './factories.ts';
import { describe, expect, test, testConfig } from './helper.ts';
import { assertResponseContract, watchResponseContract } from './support/response-contract.ts';
import { REDIS_URL, redisReachable } from './support/socket-client.ts';

const hasRedis = await redisReachable();

/** Two app instances ("server processes") on one database, counting in the same Redis, or each on its own. */
async function twoInstances(skip: (note: string) => void, env: Record<string, string>) {
  const fresh = await freshDatabase();
  if (!fresh) return skip('PostgreSQL unreachable: see the banner above');
  const config = testConfig({ API_KEY_RATE_LIMIT: '3', ...env });
  const first = await buildApp({
    config,
    database: fresh.database,
    realtimeKey: `rl-${randomBytes(6).toString('hex')}`,
  });
  // The second instance shares the database object; only the first one closes it.
  const second = await buildApp({
    config,
    database: { ...fresh.database, close: async () => {} },
    realtimeKey: `rl-${randomBytes(6).toString('hex')}`,
  });
  const contracts = [watchResponseContract(first), watchResponseContract(second)];
  onTestFinished(async () => {
    await second.close();
    await first.close();
    await fresh.drop();
    contracts.forEach(assertResponseContract);
  });
  const m = await signedIn(first, ['manager']);
  const key = await createApiKey(first.db, m.owner.id);
  // Alternating between the instances, as a load balancer would.
  const call = (i: number) =>
    [first, second][i % 2]!.inject({ method: 'GET', url: '/api/v1/profiles', headers: { 'x-api-key': key.key } });
  return { call, instances: [first, second], email: m.user.username };
}

/**
 * Addresses of this run's own: Redis outlives the tests, and wrong passwords count per address for an hour,
 * so fixed addresses would carry one run's failures into the next.
 */
const network = `10.${randomBytes(2).join('.')}`;

/** One sign-in attempt from its own client address, on instance i % 2. */
const signIn = (instances: App[], i: number, email: string, password: string) =>
  instances[i % 2]!.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: `${network}.${i + 1}`,
    payload: { email, password },
  });

describe.skipIf(!hasRedis)('rate limits across server processes', () => {
  test('with REDIS_URL an API key’s limit holds across instances: the 4th call of a 3-a-minute key is refused wherever it lands', async ({
    skip,
  }) => {
    const { call } = (await twoInstances(skip, { REDIS_URL }))!;
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await call(i));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 429]);
    expect(answers.map((a) => a.headers['ratelimit-remaining'])).toEqual(['2', '1', '0', '0']);
    expect(answers[3]!.json()).toMatchObject({ code: 'rate_limited' });
  });

  test('with REDIS_URL the per-account sign-in limit holds across instances: wrong passwords from 4 addresses, then the right one from a 5th, is refused', async ({
    skip,
  }) => {
    const { instances, email } = (await twoInstances(skip, { REDIS_URL, LOGIN_ACCOUNT_RATE_LIMIT: '3' }))!;
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await signIn(instances, i, email, 'wrong')).statusCode);
    codes.push((await signIn(instances, 4, email, PASSWORD)).statusCode);
    expect(codes).toEqual([401, 401, 401, 429, 429]);
  });

  test('without REDIS_URL each instance counts the account’s wrong passwords on its own', async ({ skip }) => {
    const { instances, email } = (await twoInstances(skip, { LOGIN_ACCOUNT_RATE_LIMIT: '3' }))!;
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await signIn(instances, i, email, 'wrong')).statusCode);
    expect(codes).toEqual([401, 401, 401, 401]);
  });

  test('without REDIS_URL each instance counts on its own (what a single-process install gets)', async ({ skip }) => {
    const { call } = (await twoInstances(skip, {}))!;
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await call(i)).statusCode);
    expect(codes).toEqual([200, 200, 200, 200]);
  });
});

describe.skipIf(!hasRedis)('the per-address sign-in cap across accounts, across server processes', () => {
  test('with REDIS_URL one password sprayed over accounts from one address is refused wherever it lands', async ({
    skip,
  }) => {
    const { instances } = (await twoInstances(skip, { REDIS_URL, LOGIN_ADDRESS_RATE_LIMIT: '3' }))!;
    const address = `${network}.200`;
    const codes = [];
    for (let i = 0; i < 5; i++)
      codes.push(
        (
          await instances[i % 2]!.inject({
            method: 'POST',
            url: '/api/auth/login',
            remoteAddress: address,
            payload: { email: `sprayed-${i}@example.test`, password: 'Summer2026!' },
          })
        ).statusCode,
      );
    expect(codes).toEqual([401, 401, 401, 429, 429]);
  });
});
