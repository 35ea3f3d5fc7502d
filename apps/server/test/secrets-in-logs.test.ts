import { buildApp } from '../src/app.ts';
import { freshDatabase } from './database.ts';
import { createOwner, createUser, PASSWORD } from './factories.ts';
import { describe, expect, test, testConfig } from './helper.ts';
import { assertResponseContract, watchResponseContract } from './support/response-contract.ts';

/**
 * Secrets are never logged. The app runs with its own production logger configuration at the
 * most verbose level, every line captured, through the calls that carry secrets (sign-in, tokens in
 * headers, refresh, a failed sign-in, an API key issued and used, a body that fails validation); then
 * the captured log is searched for each secret.
 */
describe('secrets in logs', () => {
  test('no password, access or refresh token, or API key appears in a full run of the logs', async ({ skip }) => {
    const fresh = await freshDatabase();
    if (!fresh) return skip('PostgreSQL unreachable');
    const lines: string[] = [];
    const app = await buildApp({
      config: testConfig({ LOG_LEVEL: 'trace' }),
      database: fresh.database,
      logStream: { write: (line) => void lines.push(line) },
    });
    const contract = watchResponseContract(app);
    await app.ready();
    try {
      const owner = await createOwner(app.db);
      const manager = await createUser(app.db, { ownerId: owner.id, roles: ['manager'] });

      const wrong = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: manager.username, password: `${PASSWORD}-wrong` },
      });
      expect(wrong.statusCode).toBe(401);
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: manager.username, password: PASSWORD },
      });
      const { token, refreshToken } = login.json<{ token: string; refreshToken: string }>();
      const headers = { authorization: `Bearer ${token}` };
      expect((await app.inject({ method: 'GET', url: '/api/auth/user', headers })).statusCode).toBe(200);
      // A body that fails validation is answered, not echoed to the log.
      await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'not-an-email', password: PASSWORD },
      });
      const refreshed = await app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken } });
      expect(refreshed.statusCode).toBe(200);
      const newToken = refreshed.json<{ token: string }>().token;

      const issued = await app.inject({
        method: 'POST',
        url: '/api/v1/api-keys',
        headers: { authorization: `Bearer ${newToken}` },
        payload: { name: 'ERP' },
      });
      expect(issued.statusCode).toBe(201);
      const apiKey = issued.json<{ key: string }>().key;
      await app.inject({ method: 'GET', url: '/api/v1/profiles', headers: { 'x-api-key': apiKey } });
      await app.inject({ method: 'GET', url: '/api/v1/profiles', headers: { authorization: `Bearer ${apiKey}` } });
      await app.inject({
        method: 'GET',
        url: '/api/auth/user',
        headers: { authorization: 'Bearer forged-token-value', cookie: `auth._token.local=${token}` },
      });

      const log = lines.join('');
      // The run was logged at all (requests and answers), so an empty log cannot pass this test.
      expect(lines.length).toBeGreaterThan(10);
      expect(log).toContain('/api/auth/login');
      for (const [what, secret] of Object.entries({
        password: PASSWORD,
        token,
        refreshToken,
        newToken,
        apiKey,
        forged: 'forged-token-value',
      })) {
        expect(log.includes(secret), `${what} found in the logs`).toBe(false);
      }
    } finally {
      await app.close();
      await fresh.drop();
    }
    assertResponseContract(contract);
  });
});
