import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { apiSignIn } from './support/api-sign-in.ts';

// The demo manager of Acme (seeded by the server on start).
const MANAGER = { email: 'manager@acme.test', password: 'centinela2026' };

// Signed in through the API (e2e/auth.spec.ts is the one about the sign-in page).
async function signIn(page: Page, path: string) {
  await apiSignIn(page, MANAGER);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

/** A receiver on 127.0.0.1: the first request fails with 503, the rest succeed. */
async function receiver() {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(received.length === 1 ? 503 : 200, { 'content-type': 'text/plain' });
      res.end(received.length === 1 ? 'busy' : 'thanks');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    close: () => new Promise((r) => server.close(r)),
  };
}

test('[WEBHOOKS]: register an endpoint, keep the secret, send a test event, read the delivery log and resend', async ({
  page,
}) => {
  const hooks = await receiver();
  try {
    await signIn(page, '/');
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();

    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const dialog = page.getByRole('dialog', { name: 'New webhook endpoint' });
    await dialog.getByLabel('URL', { exact: false }).first().fill(hooks.url);
    await dialog.getByLabel('Report completed').check();
    await dialog.getByRole('button', { name: 'Create' }).click();
    const secret = (await page.getByTestId('webhook-secret').textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'Done' }).click();

    const row = page.getByTestId('webhook-endpoint-row').filter({ hasText: hooks.url });
    await row.getByRole('button', { name: 'Send test event' }).click();
    // The first attempt fails (503), the retry succeeds: the log says so.
    const delivery = page.getByTestId('webhook-delivery-row').first();
    await expect(delivery).toContainText('Delivered', { timeout: 30_000 });
    expect(hooks.received).toHaveLength(2);
    const last = hooks.received[1]!;
    const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
    const signature = createHmac('sha256', key)
      .update(`${last.headers['webhook-id']}.${last.headers['webhook-timestamp']}.${last.body}`)
      .digest('base64');
    expect(last.headers['webhook-signature']).toBe(`v1,${signature}`);
    expect(JSON.parse(last.body)).toMatchObject({ type: 'webhook.test' });

    await delivery.getByRole('button', { name: 'View' }).click();
    const detail = page.getByRole('dialog', { name: 'Delivery' });
    await expect(detail.getByTestId('webhook-attempt')).toHaveCount(2);
    await expect(detail).toContainText('Response 503');
    await expect(detail).toContainText('Response 200');
    await detail.getByRole('button', { name: 'Resend' }).click();
    await expect(page.getByText('Delivery queued again.')).toBeVisible();
    await expect.poll(() => hooks.received.length, { timeout: 15_000 }).toBe(3);
    expect(hooks.received[2]!.headers['webhook-id']).toBe(last.headers['webhook-id']);
  } finally {
    await hooks.close();
  }
});
