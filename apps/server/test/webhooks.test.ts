import type {
  TCreateProfileResponse,
  TListWebhookDeliveriesResponse,
  TListWebhookEndpointsResponse,
  TWebhookDeliveryDetail,
  TWebhookEndpointWithSecret,
} from '@centinela/shared';
import { webhookDeliveries } from '../src/db/schema/index.ts';
import { emitWebhookEvent } from '../src/domains/webhooks/outbox.ts';
import { verifyWebhook } from '../src/domains/webhooks/signature.ts';
import { createApiKey, signedIn } from './factories.ts';
import { describe, expect, test } from './helper.ts';
import { upload } from './support/csv.ts';
import { startReceiver } from './support/webhook-receiver.ts';

const FAST = {
  WEBHOOK_BACKOFF_MS: '10',
  WEBHOOK_BACKOFF_MAX_MS: '50',
  WEBHOOK_TIMEOUT_MS: '500',
  SANDBOX_LATENCY_MS: '0',
};

type App = Parameters<typeof signedIn>[0];

async function register(
  app: App,
  headers: Record<string, string>,
  url: string,
  events: string[] = ['profile.created'],
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/webhooks/endpoints',
    headers,
    payload: { url, events, description: 'ERP' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TWebhookEndpointWithSecret>();
}

const precandidate = { kind: 'precandidate', name: 'Ana Gómez', email: 'ana@example.test' };

describe('webhooks', () => {
  test.override({ env: FAST });

  test('a receiver failing twice then succeeding gets exactly one successful, validly signed delivery', async ({
    app,
  }) => {
    const receiver = await startReceiver((n) => (n <= 2 ? 500 : 200));
    try {
      const m = await signedIn(app, ['manager']);
      const { endpoint, secret } = await register(app, m.headers, receiver.url);
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      const created = await app.inject({
        method: 'POST',
        url: '/api/v1/profiles',
        headers: m.headers,
        payload: precandidate,
      });
      const { profile } = created.json<TCreateProfileResponse>();
      await app.webhooks.runner.drain();

      expect(receiver.received.map((r) => r.status)).toEqual([500, 500, 200]);
      const ids = new Set(receiver.received.map((r) => r.headers['webhook-id']));
      expect(ids.size).toBe(1); // the same webhook-id on every retry
      expect([...receiver.accepted.values()]).toEqual([1]);
      const last = receiver.received[2]!;
      const headers = {
        id: String(last.headers['webhook-id']),
        timestamp: String(last.headers['webhook-timestamp']),
        signature: String(last.headers['webhook-signature']),
      };
      expect(verifyWebhook(secret, headers, last.body)).toBe(true);
      expect(verifyWebhook(secret, headers, last.body.replace('PRECANDIDATE', 'PASSED'))).toBe(false);
      expect(verifyWebhook(`whsec_${Buffer.alloc(32).toString('base64')}`, headers, last.body)).toBe(false);
      expect(JSON.parse(last.body)).toMatchObject({
        type: 'profile.created',
        data: { profileId: profile.id, status: 'PRECANDIDATE', createdAs: 'dashboard' },
      });

      // The log shows three attempts with request and response.
      const list = await app.inject({
        method: 'GET',
        url: `/api/v1/webhooks/endpoints/${endpoint.id}/deliveries`,
        headers: m.headers,
      });
      const [delivery] = list.json<TListWebhookDeliveriesResponse>().items;
      expect(delivery).toMatchObject({
        status: 'succeeded',
        attempts: 3,
        lastResponseStatus: 200,
        eventType: 'profile.created',
      });
      const detail = (
        await app.inject({ method: 'GET', url: `/api/v1/webhooks/deliveries/${delivery!.id}`, headers: m.headers })
      ).json<TWebhookDeliveryDetail>();
      expect(detail.attemptLog.map((a) => a.responseStatus)).toEqual([500, 500, 200]);
      expect(detail.attemptLog[2]).toMatchObject({
        requestBody: last.body,
        responseHeaders: expect.objectContaining({ 'x-receiver': 'test' }),
        responseBody: '{"ok":true}',
      });
      expect(detail.attemptLog[0]!.requestHeaders['webhook-signature']).toMatch(/^v1,/);
    } finally {
      await receiver.close();
    }
  });

  test('only subscribed, active endpoints of the owner get an event; a timeout is retried; gives up after the window', async ({
    app,
    db,
  }) => {
    const hanging = await startReceiver(() => 'hang');
    const other = await startReceiver();
    try {
      const m = await signedIn(app, ['manager']);
      const b = await signedIn(app, ['manager']);
      const reports = await register(app, m.headers, other.url, ['report.completed']);
      const slow = await register(app, m.headers, hanging.url);
      await register(app, b.headers, other.url); // another owner's endpoint
      const off = await register(app, m.headers, other.url);
      expect(
        (
          await app.inject({
            method: 'PATCH',
            url: `/api/v1/webhooks/endpoints/${off.endpoint.id}`,
            headers: m.headers,
            payload: { active: false },
          })
        ).json(),
      ).toMatchObject({ active: false });

      await app.inject({ method: 'POST', url: '/api/v1/profiles', headers: m.headers, payload: precandidate });
      const rows = await db.select().from(webhookDeliveries);
      expect(rows.map((r) => r.endpointId)).toEqual([slow.endpoint.id]);
      // Bring the give-up time close: the hanging receiver times out twice at most, then the delivery fails.
      await db.update(webhookDeliveries).set({ giveUpAt: new Date(Date.now() + 700) });
      await app.webhooks.runner.drain({ timeoutMs: 20_000 });
      const [failed] = await db.select().from(webhookDeliveries);
      expect(failed).toMatchObject({ status: 'failed', lastResponseStatus: null });
      expect(failed!.lastError).toMatch(/timed out/);
      expect(hanging.received.length).toBe(failed!.attempts);
      expect(other.received).toHaveLength(0);
      void reports;
    } finally {
      await hanging.close();
      await other.close();
    }
  });

  test('report and profile events come from the report engine; other domains emit through the outbox', async ({
    app,
    db,
  }) => {
    const receiver = await startReceiver();
    try {
      const m = await signedIn(app, ['manager']);
      await register(app, m.headers, receiver.url, [
        'report.completed',
        'report.failed',
        'profile.completed',
        'reference_check.completed',
      ]);
      const created = await app.inject({
        method: 'POST',
        url: '/api/v1/profiles',
        headers: m.headers,
        payload: {
          kind: 'candidate',
          country: 'co',
          documentType: 'national_id',
          documentId: '1020304050',
          name: 'Ana Gómez',
          reportTypes: ['criminal_records', 'news_search'],
        },
      });
      const { profile } = created.json<TCreateProfileResponse>();
      await app.reports.drain();
      await db.transaction((tx) =>
        emitWebhookEvent(tx, {
          ownerId: m.owner.id,
          type: 'reference_check.completed',
          data: { profileId: profile.id },
        }),
      );
      await app.webhooks.runner.drain();
      const types = receiver.received.map((r) => JSON.parse(r.body) as { type: string; data: Record<string, unknown> });
      expect(types.map((t) => t.type).sort()).toEqual([
        'profile.completed',
        'reference_check.completed',
        'report.completed',
        'report.completed',
      ]);
      expect(types.find((t) => t.type === 'profile.completed')!.data).toEqual({
        profileId: profile.id,
        status: 'PASSED',
      });
    } finally {
      await receiver.close();
    }
  });

  test('a CSV import announces each person and its end', async ({ app }) => {
    const receiver = await startReceiver();
    try {
      const m = await signedIn(app, ['manager']);
      await register(app, m.headers, receiver.url, ['profile.created', 'csv_job.finished']);
      const uploaded = await upload(
        app,
        m.headers,
        'documento;nombre\r\n1020304050;Ana Gómez\r\n1020304051;Eva Díaz\r\n',
      );
      const { job } = uploaded.json<{ job: { id: string } }>();
      const start = {
        country: 'co',
        mode: 'advanced',
        reportTypes: ['news_search'],
        mapping: { documentId: 'documento', name: 'nombre' },
      };
      expect(
        (
          await app.inject({
            method: 'POST',
            url: `/api/v1/csv/jobs/${job.id}/start`,
            headers: m.headers,
            payload: start,
          })
        ).statusCode,
      ).toBeLessThan(300);
      await app.csv.runner.drain();
      await app.webhooks.runner.drain();
      const bodies = receiver.received.map(
        (r) => JSON.parse(r.body) as { type: string; data: Record<string, unknown> },
      );
      expect(bodies.filter((b) => b.type === 'profile.created').map((b) => b.data.createdAs)).toEqual(['csv', 'csv']);
      expect(bodies.find((b) => b.type === 'csv_job.finished')?.data).toEqual({
        jobId: job.id,
        status: 'completed',
        processed: 2,
        succeeded: 2,
        failed: 0,
        skipped: 0,
        updated: 0,
      });
    } finally {
      await receiver.close();
    }
  });

  test('secret shown once and rotatable; test event; resend keeps the webhook-id; delete', async ({ app }) => {
    const receiver = await startReceiver();
    try {
      const m = await signedIn(app, ['manager']);
      const { endpoint, secret } = await register(app, m.headers, receiver.url);
      const listed = await app.inject({ method: 'GET', url: '/api/v1/webhooks/endpoints', headers: m.headers });
      expect(listed.body).not.toContain(secret);
      expect(listed.json<TListWebhookEndpointsResponse>().items[0]).toMatchObject({
        id: endpoint.id,
        secretPrefix: `${secret.slice(0, 10)}…`,
      });

      const test1 = await app.inject({
        method: 'POST',
        url: `/api/v1/webhooks/endpoints/${endpoint.id}/test`,
        headers: m.headers,
      });
      expect(test1.statusCode).toBe(202);
      await app.webhooks.runner.drain();
      expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({ type: 'webhook.test' });

      const rotated = (
        await app.inject({
          method: 'POST',
          url: `/api/v1/webhooks/endpoints/${endpoint.id}/rotate-secret`,
          headers: m.headers,
        })
      ).json<TWebhookEndpointWithSecret>();
      expect(rotated.secret).not.toBe(secret);
      const deliveryId = test1.json<{ delivery: { id: string } }>().delivery.id;
      const resent = await app.inject({
        method: 'POST',
        url: `/api/v1/webhooks/deliveries/${deliveryId}/resend`,
        headers: m.headers,
      });
      expect(resent.statusCode).toBe(202);
      await app.webhooks.runner.drain();
      const [first, second] = receiver.received;
      expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
      expect(second!.body).toBe(first!.body);
      const sig = (r: typeof first) => ({
        id: String(r!.headers['webhook-id']),
        timestamp: String(r!.headers['webhook-timestamp']),
        signature: String(r!.headers['webhook-signature']),
      });
      expect(verifyWebhook(rotated.secret, sig(second), second!.body)).toBe(true);
      expect(verifyWebhook(secret, sig(second), second!.body)).toBe(false);

      expect(
        (await app.inject({ method: 'DELETE', url: `/api/v1/webhooks/endpoints/${endpoint.id}`, headers: m.headers }))
          .statusCode,
      ).toBe(204);
      expect(
        (await app.inject({ method: 'GET', url: `/api/v1/webhooks/deliveries/${deliveryId}`, headers: m.headers }))
          .statusCode,
      ).toBe(404);
    } finally {
      await receiver.close();
    }
  });

  test('tenancy and scope: another owner’s endpoint is a 404; analysts and API keys cannot manage webhooks', async ({
    app,
  }) => {
    const m = await signedIn(app, ['manager']);
    const b = await signedIn(app, ['manager']);
    const analyst = await signedIn(app, ['analyst']);
    const { endpoint } = await register(app, m.headers, 'http://127.0.0.1:9/hooks');
    expect(
      (await app.inject({ method: 'GET', url: `/api/v1/webhooks/endpoints/${endpoint.id}`, headers: b.headers }))
        .statusCode,
    ).toBe(404);
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/v1/webhooks/endpoints/${endpoint.id}`, headers: b.headers }))
        .statusCode,
    ).toBe(404);
    expect(
      (await app.inject({ method: 'GET', url: '/api/v1/webhooks/endpoints', headers: analyst.headers })).statusCode,
    ).toBe(403);
    const key = await createApiKey(app.db, m.owner.id);
    expect(
      (await app.inject({ method: 'GET', url: '/api/v1/webhooks/endpoints', headers: { 'x-api-key': key.key } }))
        .statusCode,
    ).toBe(403);
    const bad = await app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/endpoints',
      headers: m.headers,
      payload: { url: 'ftp://x', events: [] },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('webhooks in production: SSRF guard', () => {
  test.override({ env: { ...FAST, NODE_ENV: 'production', PUBLIC_URL: 'https://centinela.test' } });
  test('private and loopback URLs are refused unless WEBHOOKS_ALLOW_PRIVATE', async ({ app }) => {
    const m = await signedIn(app, ['manager']);
    for (const url of [
      'http://127.0.0.1:8080/x',
      'http://10.1.2.3/x',
      'http://169.254.169.254/latest',
      'http://[::1]/x',
      'http://localhost/x',
    ]) {
      const refused = await app.inject({
        method: 'POST',
        url: '/api/v1/webhooks/endpoints',
        headers: m.headers,
        payload: { url, events: ['profile.created'] },
      });
      expect(refused.statusCode, url).toBe(422);
      expect(refused.json()).toMatchObject({ code: 'webhook_url_forbidden' });
    }
    const ok = await app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/endpoints',
      headers: m.headers,
      payload: { url: 'https://93.184.215.14/hooks', events: ['profile.created'] },
    });
    expect(ok.statusCode).toBe(201);
  });
});
