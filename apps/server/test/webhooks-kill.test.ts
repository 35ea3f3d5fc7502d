import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { openPglite, type Database } from '../src/db/client.ts';
import { webhookDeliveries, webhookEndpoints } from '../src/db/schema/index.ts';
import { newWebhookSecret } from '../src/domains/webhooks/signature.ts';
import { freshDatabase, openPgliteOnDisk } from './database.ts';
import { createApiKey, createOwner } from './factories.ts';
import { describe, expect, test } from './helper.ts';
import { startNode, until, type Child } from './support/processes.ts';
import { startReceiver } from './support/webhook-receiver.ts';

const PERSONS = 60;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function healthy(base: string): Promise<boolean> {
  return fetch(`${base}/api/health`).then(
    (r) => r.ok,
    () => false,
  );
}

const ENV = {
  SEED_DEMO: 'false',
  HOST: '127.0.0.1',
  WORKER_POLL_MS: '50',
  WEBHOOK_TIMEOUT_MS: '1000',
  WEBHOOK_BACKOFF_MS: '20',
  WEBHOOK_BACKOFF_MAX_MS: '200',
  WEB_DIST: '/nonexistent',
};

/**
 * The real server as a child process, SIGKILLed while it delivers webhooks, then restarted.
 * Every event of a request that was answered 201 must reach the receiver, which dedupes by webhook-id:
 * exactly one webhook-id per person, none lost. (A delivery in flight at the kill may be sent twice —
 * at-least-once — and the receiver's dedupe is what makes it once; the test counts those too.)
 */
describe('the server killed while delivering webhooks', () => {
  test(
    'SIGKILL, restart: every accepted event is delivered exactly once to a deduping receiver',
    { timeout: 180_000 },
    async ({ skip }) => {
      const fresh = await freshDatabase();
      if (!fresh) return skip('PostgreSQL unreachable: see the banner above');
      const dataDir = mkdtempSync(path.join(tmpdir(), 'centinela-webhooks-kill-'));
      // Slow answers until the kill (at most WEBHOOK_CONCURRENCY deliveries a second, however slowly the
      // persons are created on a loaded machine), so the kill always lands mid-delivery; quick ones after it.
      let slow = true;
      const receiver = await startReceiver(() => 200, { delayMs: () => (slow ? 1000 : 40) });
      const open = async () => (fresh.url ? fresh.database : await openPglite(dataDir));
      let server: Child | undefined;
      try {
        let db: Database = fresh.url ? fresh.database : await openPgliteOnDisk(dataDir);
        const owner = await createOwner(db.db);
        const { key } = await createApiKey(db.db, owner.id);
        await db.db
          .insert(webhookEndpoints)
          .values({ ownerId: owner.id, url: receiver.url, events: ['profile.created'], secret: newWebhookSecret() });
        if (!fresh.url) await db.close();

        const port = await freePort();
        const base = `http://127.0.0.1:${port}`;
        const env = {
          ...ENV,
          PORT: String(port),
          ...(fresh.url ? { DATABASE_URL: fresh.url } : { DATA_DIR: dataDir }),
        };
        server = startNode('apps/server/src/main.ts', env);
        await until(() => healthy(base), 'the server to answer', server, 60_000);

        // Persons created through the client API, one after the other, while the worker delivers; kill mid-way.
        const accepted = new Set<string>();
        const killAfter = Math.floor(PERSONS / 2);
        for (let i = 0; i < PERSONS; i++) {
          if (i === killAfter) {
            await until(() => receiver.received.length >= 3, 'some deliveries', server);
            server.kill('SIGKILL');
            expect(await server.exited).toBeNull();
            break;
          }
          const response = await fetch(`${base}/api/v1/profiles`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-api-key': key },
            body: JSON.stringify({ kind: 'precandidate', name: `Persona ${i}`, email: `p${i}@example.test` }),
          });
          expect(response.status).toBe(201);
          accepted.add(((await response.json()) as { profile: { id: string } }).profile.id);
        }
        const deliveredBeforeKill = new Set(receiver.accepted.keys()).size;
        expect(deliveredBeforeKill).toBeLessThan(accepted.size); // the kill did interrupt the deliveries

        slow = false;
        server = startNode('apps/server/src/main.ts', env);
        await until(() => healthy(base), 'the restarted server to answer', server, 60_000);
        const profileOf = (body: string) => (JSON.parse(body) as { data: { profileId: string } }).data.profileId;
        const processed = () => {
          // The receiver processes each webhook-id once: which persons did it see, under how many ids?
          const ids = new Map<string, Set<string>>();
          for (const r of receiver.received) {
            if (r.status !== 200) continue;
            const profileId = profileOf(r.body);
            ids.set(profileId, (ids.get(profileId) ?? new Set()).add(String(r.headers['webhook-id'])));
          }
          return ids;
        };
        await until(
          () => [...accepted].every((id) => processed().has(id)),
          'every accepted event delivered',
          server,
          90_000,
        );
        server.kill('SIGTERM');
        await server.exited;
        server = undefined;

        const seen = processed();
        for (const id of accepted) expect(seen.get(id)?.size, id).toBe(1);
        // Nothing but the accepted persons (all requests before the kill were answered).
        expect([...seen.keys()].filter((id) => !accepted.has(id))).toEqual([]);

        db = await open();
        const rows = await db.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.ownerId, owner.id));
        expect(rows).toHaveLength(accepted.size);
        // A delivery in flight at the SIGKILL may have reached the receiver without the server recording it:
        // it stays due (at-least-once; its retry carries the same webhook-id, which the receiver dedupes).
        // Every row is either recorded as succeeded or was already answered 200 under its own webhook-id.
        const answered = new Set(
          receiver.received.filter((r) => r.status === 200).map((r) => String(r.headers['webhook-id'])),
        );
        const unrecorded = rows.filter((r) => r.status !== 'succeeded');
        expect(unrecorded.filter((r) => !answered.has(r.messageId) || r.status !== 'pending')).toEqual([]);
        if (!fresh.url) await db.close();
      } finally {
        server?.kill('SIGKILL');
        await receiver.close();
        await fresh.database.close().catch(() => {});
        await fresh.drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});
