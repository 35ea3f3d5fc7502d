import { randomUUID } from 'node:crypto';
import { bearer, createUser, login } from './factories.ts';
import { describe, expect, test } from './helper.ts';

// Platform staff naming an owner that does not exist got 500 (a foreign-key violation) from
// the routes that write a row for it; every route answers 404 now, before any work is done.
describe('platform staff naming an unknown owner', () => {
  test('is answered 404 not_found, never 500, on the routes that create rows for an owner', async ({ app }) => {
    const admin = await createUser(app.db, { ownerId: null, roles: ['admin'] });
    const headers = bearer((await login(app, admin.username)).token);
    const ownerId = randomUUID();
    const requests = [
      {
        method: 'POST' as const,
        url: '/api/v1/webhooks/endpoints',
        payload: { ownerId, url: 'https://example.com/hook', events: ['profile.created'] },
      },
      { method: 'POST' as const, url: '/api/v1/profiles/export', payload: { ownerId, format: 'csv', filter: {} } },
      {
        method: 'POST' as const,
        url: '/api/v1/profiles',
        payload: { ownerId, kind: 'precandidate', name: 'Ana Gómez', email: 'ana@example.test' },
      },
      {
        method: 'POST' as const,
        url: '/api/v1/pipelines',
        payload: { ownerId, name: 'Pipeline', country: 'co', reportTypes: ['criminal_records'] },
      },
      {
        method: 'POST' as const,
        url: `/api/v1/csv/jobs?ownerId=${ownerId}&fileName=a.csv`,
        payload: 'name,documentId\nAna,123\n',
        headers: { 'content-type': 'text/csv' },
      },
      { method: 'GET' as const, url: `/api/v1/profiles?ownerId=${ownerId}` },
    ];
    for (const r of requests) {
      const response = await app.inject({ ...r, headers: { ...headers, ...r.headers } });
      expect({ url: r.url, status: response.statusCode, code: response.json().code }).toEqual({
        url: r.url,
        status: 404,
        code: 'not_found',
      });
    }
  });
});
