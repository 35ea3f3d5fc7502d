import { randomBytes, randomUUID } from 'node:crypto';
import { onTestFinished } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createEventPublisher } from '../src/domains/realtime/publisher.ts';
import { freshDatabase } from './database.ts';
import { signedIn } from './factories.ts';
import { describe, expect, test, testConfig } from './helper.ts';
import {
  connect,
  connected,
  disconnectAll,
  listen,
  nextEvent,
  REDIS_URL,
  redisReachable,
} from './support/socket-client.ts';

const hasRedis = await redisReachable();

/**
 * Two app instances ("server processes") on two ports, one database, one Redis, and a channel prefix
 * of their own so parallel tests sharing the Redis server never see each other's broadcasts.
 */
async function twoInstances(skip: (note: string) => void) {
  const fresh = await freshDatabase();
  if (!fresh) return skip('PostgreSQL unreachable: see the banner above');
  const realtimeKey = `socket.io-test-${randomBytes(6).toString('hex')}`;
  const config = testConfig({ REDIS_URL });
  const first = await buildApp({ config, database: fresh.database, realtimeKey });
  // The second instance shares the database object; only the first one closes it.
  const second = await buildApp({ config, database: { ...fresh.database, close: async () => {} }, realtimeKey });
  onTestFinished(async () => {
    await second.close();
    await first.close();
    await fresh.drop();
  });
  return { first, second, realtimeKey, urls: [await listen(first), await listen(second)] as const };
}

describe.skipIf(!hasRedis)('socket.io across processes (REDIS_URL)', () => {
  test('an event published on instance 1 reaches a client of instance 2, and only its owner', async ({ skip }) => {
    const { first, urls } = (await twoInstances(skip))!;
    const a = await signedIn(first);
    const b = await signedIn(first);
    const clientA = connect(urls[1], a.token);
    const clientB = connect(urls[1], b.token);
    await Promise.all([connected(clientA), connected(clientB)]);

    const payload = { profileId: randomUUID(), reportId: randomUUID(), status: 'COMPLETED' as const };
    first.events.publish('report.updated', a.owner.id, payload);
    expect(await nextEvent(clientA, 'report.updated')).toEqual(payload);
    // B's own marker event arrives after anything A's publish could have sent it.
    const marker = { ids: [randomUUID()] };
    first.events.publish('profiles.deleted', b.owner.id, marker);
    expect(await nextEvent(clientB, 'profiles.deleted')).toEqual(marker);
    expect(clientB.received).toEqual([{ name: 'profiles.deleted', payload: marker }]);
    disconnectAll(clientA, clientB);
  });

  test("a separate worker's publisher (redis-emitter) reaches a client", async ({ skip }) => {
    const { first, urls, realtimeKey } = (await twoInstances(skip))!;
    const a = await signedIn(first);
    const client = connect(urls[0], a.token);
    await connected(client);

    const publisher = (await createEventPublisher({ REDIS_URL }, { key: realtimeKey }))!;
    onTestFinished(() => publisher.close());
    const payload = { profileId: randomUUID(), status: 'FAILED' as const };
    publisher.publish({ name: 'profile.updated', ownerId: a.owner.id, payload });
    expect(await nextEvent(client, 'profile.updated')).toEqual(payload);
    disconnectAll(client);
  });
});

test('without REDIS_URL there is no cross-process publisher (workers run in-process)', async () => {
  expect(await createEventPublisher({ REDIS_URL: undefined })).toBeNull();
});
