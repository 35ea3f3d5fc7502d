import { ERROR_MESSAGES, type TApiError, type TListVersionsResponse } from '@centinela/shared';
import { signedIn } from '../factories.ts';
import { describe, expect, test } from '../helper.ts';
import { badOfacFiles } from './bad-files.ts';
import { listHealth, loadList, staffSignedIn, uploadList } from './lists.ts';
import { OFAC_MARCH } from './support.ts';

const REFUSALS = {
  format: 'watchlist_file_format',
  empty: 'watchlist_file_empty',
  truncated: 'watchlist_file_truncated',
  shrank: 'watchlist_file_shrank',
} as const;

describe('a list file that is not a whole list, uploaded', () => {
  test(
    'is refused with 422 in the caller’s language; the previous version stays and health says why',
    { timeout: 120_000 },
    async ({ app }) => {
      const staff = await staffSignedIn(app);
      const { version: current } = await loadList(app, staff.headers, 'ofac-sdn', OFAC_MARCH);
      const bad = await badOfacFiles();
      for (const [n, file] of bad.entries()) {
        const code = REFUSALS[file.code as keyof typeof REFUSALS];
        for (const locale of ['en', 'es'] as const) {
          const response = await uploadList(app, staff.headers, 'ofac-sdn', file.bytes, { locale });
          expect(response.statusCode, `${file.name}: ${response.body}`).toBe(422);
          const body = response.json<TApiError>();
          expect(body).toEqual({
            code,
            message: ERROR_MESSAGES[code][locale],
            issues: [{ path: 'body', code: file.code, message: expect.stringMatching(file.message) }],
          });
        }
        const health = await listHealth(app, staff.headers, 'ofac-sdn');
        expect(health.lastError, file.name).toEqual({
          at: expect.any(String),
          code: file.code,
          message: expect.stringMatching(file.message),
        });
        // The loads of the last day: the good one, and two refusals (en, es) per bad file so far.
        expect(health.syncs24h).toEqual({ total: 1 + 2 * (n + 1), failed: 2 * (n + 1) });
        expect(health.current).toEqual({ ...current, current: true });
      }
      expect(new Set(Object.values(REFUSALS).map((code) => ERROR_MESSAGES[code].es)).size).toBe(4);

      const versions = await app.inject({ method: 'GET', url: '/api/v1/watchlists/versions', headers: staff.headers });
      expect(versions.json<TListVersionsResponse>().versions.map((v) => v.id)).toEqual([current!.id]);
      // Screening still reads the whole previous version.
      const analyst = await signedIn(app, ['analyst']);
      const screened = await app.inject({
        method: 'POST',
        url: '/api/v1/watchlists/screen',
        headers: analyst.headers,
        payload: { name: 'Joaquin Guzman Loera' },
      });
      expect(screened.json()).toMatchObject({
        matches: [{ source: 'ofac-sdn', entryId: '6861' }],
        lists: [{ source: 'ofac-sdn', seq: 1 }],
      });

      // A whole list clears the error.
      await loadList(app, staff.headers, 'ofac-sdn', OFAC_MARCH);
      expect((await listHealth(app, staff.headers, 'ofac-sdn')).lastError).toBeNull();
    },
  );
});
