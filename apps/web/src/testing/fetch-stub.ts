import { vi } from 'vitest';

type Handler = (request: Request) => Response | Promise<Response>;

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Answers every test gets unless it stubs the route itself: the local strategy, not in maintenance. */
const DEFAULTS: Record<string, Handler> = {
  'GET /api/config': () => json(200, { maintenance: false, auth: { strategy: 'local', oidc: null } }),
};

/**
 * Replaces `fetch` (the network boundary, nothing above it) with handlers keyed 'METHOD /path'.
 * A handler given as an array answers successive calls in turn. Returns the requests made, in order.
 */
export function stubApi(handlers: Record<string, Handler | Handler[]>): Request[] {
  const requests: Request[] = [];
  const counts = new Map<string, number>();
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(new URL(String(input), 'http://localhost'), init);
    requests.push(request.clone());
    const key = `${request.method} ${new URL(request.url).pathname}`;
    const entry = handlers[key] ?? DEFAULTS[key];
    const n = counts.get(key) ?? 0;
    counts.set(key, n + 1);
    const handler = Array.isArray(entry) ? entry[Math.min(n, entry.length - 1)] : entry;
    if (!handler) return json(404, { code: 'route_not_found', message: `No stub for ${key}` });
    return handler(request);
  });
  return requests;
}
