/**
 * The realistic mix of bench/load.ts — list, search, the flyout, filtered list, create (whose reports the
 * workers then run), counts, export — as autocannon requests, shared by bench:load, bench:fleet and the
 * fleet test. A connection sends them in this order, so its n-th response answers MIX[n % 8].
 */
import type autocannon from 'autocannon';

export const MIX = ['list', 'search', 'flyout', 'filtered list', 'create', 'flyout', 'counts', 'export'] as const;
const SEARCHES = ['gómez', 'maría', 'rojas díaz', '1000123', 'person42', '+57300001'];

export function loadMix(opts: {
  authorization: string;
  /** Persons the flyout and export requests pick from. */
  ids: readonly string[];
  /** Called with each person the create request made (its 201 answer). */
  onCreated?: (id: string) => void;
}): { requests: autocannon.Request[]; created: () => number } {
  const { authorization, ids } = opts;
  const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;
  let created = 0;
  const json = { authorization, 'content-type': 'application/json' };
  const requests: autocannon.Request[] = [
    { method: 'GET', path: '/api/v1/profiles?limit=50', headers: { authorization } },
    {
      method: 'GET',
      setupRequest: (r) => ({ ...r, path: `/api/v1/profiles?limit=50&q=${encodeURIComponent(pick(SEARCHES))}` }),
      headers: { authorization },
    },
    {
      method: 'GET',
      setupRequest: (r) => ({ ...r, path: `/api/v1/profiles/${pick(ids)}` }),
      headers: { authorization },
    },
    { method: 'GET', path: '/api/v1/profiles?limit=50&status=FAILED&country=mx', headers: { authorization } },
    {
      method: 'POST',
      path: '/api/v1/profiles',
      headers: json,
      setupRequest: (r) => ({
        ...r,
        body: JSON.stringify({
          kind: 'candidate',
          country: 'co',
          // Ends in 1: never a sandbox ending that times out (98, 99) or waits for review (22).
          documentId: `9${String(Date.now()).slice(-8)}${created++}1`,
          name: 'Carga Prueba',
          reportTypes: ['criminal_records'],
        }),
      }),
      onResponse: (status, body) => {
        if (status !== 201 || !opts.onCreated) return;
        const { id } = JSON.parse(body) as { id?: unknown };
        if (typeof id === 'string') opts.onCreated(id);
      },
    },
    {
      method: 'GET',
      setupRequest: (r) => ({ ...r, path: `/api/v1/profiles/${pick(ids)}` }),
      headers: { authorization },
    },
    { method: 'GET', path: '/api/v1/profiles/counts', headers: { authorization } },
    {
      method: 'POST',
      path: '/api/v1/profiles/export',
      headers: json,
      setupRequest: (r) => ({ ...r, body: JSON.stringify({ format: 'csv', ids: ids.slice(0, 20) }) }),
    },
  ];
  return { requests, created: () => created };
}
