import { expect, type Page, type Request } from '@playwright/test';

/**
 * The page's requests in flight, counted from this call on; the realtime socket's long polls are not
 * (they stay open by design). `settled()` resolves once none is in flight, checked again after two
 * frames and an idle callback: a request the last answers made the app send (the next query, a chunk
 * loaded once the page is idle) has started by then. Events to wait for, where
 * `waitForLoadState('networkidle')` waits for half a second of quiet.
 */
export function requestsInFlight(page: Page) {
  const pending = new Set<Request>();
  page.on('request', (request) => {
    if (!new URL(request.url()).pathname.startsWith('/socket.io/')) pending.add(request);
  });
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
  return {
    async settled(options: { timeout?: number } = {}) {
      await expect
        .poll(
          async () => {
            if (pending.size > 0) return pending.size;
            await page.evaluate(
              () =>
                new Promise((resolve) =>
                  requestAnimationFrame(() => requestAnimationFrame(() => requestIdleCallback(resolve))),
                ),
            );
            return pending.size;
          },
          // Asked again soon: Playwright's default back-off waits up to a second between checks.
          { timeout: options.timeout ?? 20_000, intervals: [50], message: 'requests still in flight' },
        )
        .toBe(0);
    },
  };
}
