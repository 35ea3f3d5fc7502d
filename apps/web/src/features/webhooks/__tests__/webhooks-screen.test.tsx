import { scopesForRoles, type TWebhookDeliveryDetail, type TWebhookEndpoint } from '@centinela/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeTokens } from '../../../lib/auth-storage.ts';
import { buildTokens, buildUser } from '../../../testing/data.ts';
import { json, stubApi } from '../../../testing/fetch-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';

const SECRET = `whsec_${'A'.repeat(43)}=`;

function endpoint(overrides: Partial<TWebhookEndpoint> = {}): TWebhookEndpoint {
  return {
    id: crypto.randomUUID(),
    ownerId: crypto.randomUUID(),
    url: 'https://erp.example.com/hooks',
    description: 'ERP',
    events: ['report.completed'],
    active: true,
    secretPrefix: 'whsec_AAAA…',
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

function signedInManager(handlers: Parameters<typeof stubApi>[0]) {
  storeTokens(buildTokens());
  const user = buildUser({ roles: ['manager'], scope: scopesForRoles(['manager']) });
  return stubApi({ 'GET /api/auth/user': () => json(200, { user }), ...handlers });
}

describe('webhooks screen', { timeout: 20_000 }, () => {
  it('creates an endpoint with the chosen events and shows its secret once', async () => {
    const created = endpoint({ url: 'https://new.example.com/hooks', events: ['profile.created', 'csv_job.finished'] });
    const requests = signedInManager({
      'GET /api/v1/webhooks/endpoints': [() => json(200, { items: [] }), () => json(200, { items: [created] })],
      'POST /api/v1/webhooks/endpoints': () => json(201, { endpoint: created, secret: SECRET }),
    });
    renderApp('/webhooks');
    fireEvent.click(await screen.findByRole('button', { name: 'Add endpoint' }, { timeout: 8_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'New webhook endpoint' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Enter an http:// or https:// URL.')).toBeTruthy();
    expect(within(dialog).getByText('Choose at least one event.')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText(/^URL/), { target: { value: 'https://new.example.com/hooks' } });
    fireEvent.click(within(dialog).getByLabelText('Person created'));
    fireEvent.click(within(dialog).getByLabelText('CSV import finished'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    const secret = await screen.findByTestId('webhook-secret');
    expect(secret.textContent).toBe(SECRET);
    const post = requests.find((r) => r.method === 'POST');
    expect(await post!.clone().json()).toEqual({
      url: 'https://new.example.com/hooks',
      events: ['profile.created', 'csv_job.finished'],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByTestId('webhook-secret')).toBeNull());
    expect(await screen.findByText('https://new.example.com/hooks')).toBeTruthy();
  });

  it('shows the delivery log with each attempt, and resends', async () => {
    const e = endpoint();
    const delivery: TWebhookDeliveryDetail = {
      id: crypto.randomUUID(),
      endpointId: e.id,
      messageId: 'msg_0123456789abcdef',
      eventType: 'report.completed',
      status: 'succeeded',
      attempts: 2,
      nextAttemptAt: null,
      lastResponseStatus: 200,
      lastError: null,
      createdAt: '2026-11-01T10:00:00.000Z',
      completedAt: '2026-11-01T10:00:05.000Z',
      payload: '{"type":"report.completed"}',
      attemptLog: [
        {
          attempt: 1,
          startedAt: '2026-11-01T10:00:00.000Z',
          durationMs: 12,
          requestHeaders: { 'webhook-id': 'msg_0123456789abcdef' },
          requestBody: '{}',
          responseStatus: 503,
          responseHeaders: { 'content-type': 'text/plain' },
          responseBody: 'busy',
          error: null,
        },
        {
          attempt: 2,
          startedAt: '2026-11-01T10:00:05.000Z',
          durationMs: 9,
          requestHeaders: { 'webhook-id': 'msg_0123456789abcdef' },
          requestBody: '{}',
          responseStatus: 200,
          responseHeaders: {},
          responseBody: 'ok',
          error: null,
        },
      ],
    };
    const { payload: _p, attemptLog: _a, ...summary } = delivery;
    const requests = signedInManager({
      'GET /api/v1/webhooks/endpoints': () => json(200, { items: [e] }),
      [`GET /api/v1/webhooks/endpoints/${e.id}/deliveries`]: () => json(200, { items: [summary], nextBefore: null }),
      [`GET /api/v1/webhooks/deliveries/${delivery.id}`]: () => json(200, delivery),
      [`POST /api/v1/webhooks/deliveries/${delivery.id}/resend`]: () =>
        json(202, { delivery: { ...summary, id: crypto.randomUUID(), status: 'pending', attempts: 0 } }),
    });
    renderApp('/webhooks');
    fireEvent.click(await screen.findByRole('button', { name: 'Delivery log' }, { timeout: 8_000 }));
    const row = await screen.findByTestId('webhook-delivery-row');
    expect(within(row).getByText('Delivered')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'View' }));
    const attempts = await screen.findAllByTestId('webhook-attempt');
    expect(attempts).toHaveLength(2);
    expect(within(attempts[0]!).getByText('Response 503')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('Delivery queued again.')).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST' && r.url.endsWith('/resend'))).toBe(true);
  });
});
