import { EventEmitter, once } from 'node:events';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createCentinelaClient, uploadCsv, type CreateProfileRequest, type Report } from '@centinela/client';
import type { TWebhookEndpointWithSecret } from '@centinela/shared';
import { Webhook } from 'standardwebhooks';
import { vi } from 'vitest';
import { createApiKey, signedIn } from './factories.ts';
import { describe, expect, test } from './helper.ts';
import { FAST_ENV } from './reports/support.ts';
import { listen } from './support/socket-client.ts';

type Delivery = { headers: IncomingHttpHeaders; body: string };
type WebhookBody = { type: string; timestamp: string; data: Record<string, string> };

/** The client system's webhook endpoint: answers 204, keeps every delivery, and awaits one by its type. */
async function webhookEndpoint() {
  const deliveries: Delivery[] = [];
  const arrived = new EventEmitter();
  const server = createServer(async (request, response) => {
    let body = '';
    for await (const chunk of request) body += String(chunk);
    deliveries.push({ headers: request.headers, body });
    response.writeHead(204).end();
    arrived.emit('delivery');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const matching = (type: string, data: Record<string, string>) =>
    deliveries.filter((d) => {
      const event = JSON.parse(d.body) as WebhookBody;
      return event.type === type && Object.entries(data).every(([k, v]) => event.data[k] === v);
    });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/centinela`,
    /** The first delivery of `type` whose data holds `data`, once it has arrived. */
    async delivery(type: string, data: Record<string, string> = {}): Promise<Delivery> {
      for (;;) {
        const [found] = matching(type, data);
        if (found) return found;
        await once(arrived, 'delivery');
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** What a receiver does first: check the Standard Webhooks signature (a third-party verifier), then parse. */
const verified = (secret: string, { headers, body }: Delivery) =>
  new Webhook(secret).verify(body, headers as Record<string, string>) as WebhookBody;

const finished = (report: Report) => report.status !== 'PENDING';

describe('the generated client against the real server', () => {
  // Every runner starts as in production; the watch lists' scheduled downloads would reach the internet.
  test.override({
    env: { ...FAST_ENV, WEBHOOK_BACKOFF_MS: '10', WEBHOOK_BACKOFF_MAX_MS: '50', WATCHLIST_SYNC: 'false' },
  });

  test('create with an idempotency key, retry, poll, receive the signed webhooks, fetch the report', async ({
    app,
  }) => {
    const endpoint = await webhookEndpoint();
    try {
      // The client's manager registers the endpoint on the dashboard and hands the key and secret to their system.
      const manager = await signedIn(app, ['manager']);
      const registered = await app.inject({
        method: 'POST',
        url: '/api/v1/webhooks/endpoints',
        headers: manager.headers,
        payload: { url: endpoint.url, events: ['profile.completed', 'report.completed'], description: 'ERP' },
      });
      expect(registered.statusCode, registered.body).toBe(201);
      const { secret } = registered.json<TWebhookEndpointWithSecret>();
      const apiKey = (await createApiKey(app.db, manager.owner.id)).key;
      // The server as it runs in production: listening, its job runners started.
      const client = createCentinelaClient({ baseUrl: await listen(app), apiKey });
      await app.jobs.start();

      const person: CreateProfileRequest = {
        kind: 'candidate',
        country: 'co',
        documentType: 'national_id',
        documentId: '1020304050',
        name: 'Ana Gómez',
        reportTypes: ['criminal_records', 'news_search'],
      };
      const create = () =>
        client.POST('/api/v1/profiles', { params: { header: { 'idempotency-key': 'order-7781' } }, body: person });
      const first = await create();
      expect(first.response.status, JSON.stringify(first.error)).toBe(201);
      const id = first.data!.profile.id;
      expect(first.data!.profile).toMatchObject({ createdAs: 'api', name: 'Ana Gómez' });
      // A retry (the answer was lost on the way) answers the same person, and says it is a replay.
      const retry = await create();
      expect(retry.data?.profile.id).toBe(id);
      expect(retry.response.headers.get('idempotent-replayed')).toBe('true');

      // Poll the person until every report has finished and the person's status follows them (it is
      // derived once the last report settles, a moment after the report itself reads finished).
      const done = await vi.waitFor(
        async () => {
          const { data } = await client.GET('/api/v1/profiles/{id}', { params: { path: { id } } });
          expect(data?.reports.length).toBe(2);
          expect(data?.reports.every(finished)).toBe(true);
          expect(data?.status).not.toBe('PENDING');
          return data!;
        },
        { timeout: 20_000, interval: 50 },
      );
      expect(done.reports.map((r) => r.type).sort()).toEqual(['criminal_records', 'news_search']);

      // The webhooks arrive signed; each one verifies, and a tampered body does not.
      const completed = await endpoint.delivery('profile.completed', { profileId: id });
      expect(verified(secret, completed).data).toEqual({ profileId: id, status: done.status });
      const reportDelivery = await endpoint.delivery('report.completed', { profileId: id, type: 'criminal_records' });
      const event = verified(secret, reportDelivery);
      expect(() => verified(secret, { ...reportDelivery, body: reportDelivery.body.replace(id, 'x') })).toThrow();

      // The event names the report; fetch it through the person.
      const { data: fetched } = await client.GET('/api/v1/profiles/{id}', {
        params: { path: { id: event.data.profileId! } },
      });
      const report = fetched?.reports.find((r) => r.id === event.data.reportId);
      expect(report).toMatchObject({ type: 'criminal_records', status: event.data.status });
      expect(report?.findings).toEqual(expect.any(Array));

      // Errors come typed too: an unknown person is a 404 with the API's error shape.
      const missing = await client.GET('/api/v1/profiles/{id}', {
        params: { path: { id: '00000000-0000-4000-8000-000000000000' } },
      });
      expect(missing.response.status).toBe(404);
      expect(missing.error).toMatchObject({ code: 'not_found', http_code: 404 });
    } finally {
      await endpoint.close();
    }
  });

  test('uploadCsv sends a file as the body, as text or as a Blob, and answers the typed preview', async ({ app }) => {
    const owner = await signedIn(app, ['manager']);
    const client = createCentinelaClient({
      baseUrl: await listen(app),
      apiKey: (await createApiKey(app.db, owner.owner.id)).key,
    });
    const text = 'nombre;cédula\nAna Gómez;1020304050\nBeto Ruiz;1020304051\n';
    for (const file of [text, new Blob([text], { type: 'text/csv' })]) {
      const { data, error, response } = await uploadCsv(client, { file, fileName: 'personas.csv' });
      expect(response.status, JSON.stringify(error)).toBe(201);
      expect(data?.job).toMatchObject({ fileName: 'personas.csv', rowCount: 2 });
      expect(data?.preview.map((row) => row.cells)).toEqual([
        ['Ana Gómez', '1020304050'],
        ['Beto Ruiz', '1020304051'],
      ]);
      expect(data?.suggestedMapping).toEqual({ name: 'nombre', documentId: 'cédula' });
    }
  });
});
