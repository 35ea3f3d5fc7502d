import { readFile } from 'node:fs/promises';
import { ERROR_MESSAGES, type TApiError, type TListVersionsResponse } from '@centinela/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, test } from '../helper.ts';
import { listHealth, loadList, staffSignedIn, uploadList } from './lists.ts';
import { OFAC_MARCH, OFAC_MAY, UN_SC } from './support.ts';

const monitorRuns = async (db: { execute: (q: ReturnType<typeof sql>) => Promise<unknown> }) =>
  ((await db.execute(sql`select count(*)::int as n from watchlist_monitor_run`)) as { rows: { n: number }[] }).rows[0]!
    .n;

describe('an older list file never replaces a newer version', () => {
  test(
    'a file dated before the current version is refused with 422 in the caller’s language; nothing is delisted',
    { timeout: 120_000 },
    async ({ app }) => {
      const staff = await staffSignedIn(app);
      const original = await readFile(UN_SC, 'utf8');
      // The same list as the UN generated it two weeks later: the current version.
      const newer = original.replace(
        'dateGenerated="2018-10-29T19:09:49.856-04:00"',
        'dateGenerated="2018-11-12T10:00:00-05:00"',
      );
      expect(newer).not.toBe(original);
      const { version: current } = await loadList(app, staff.headers, 'un-sc', Buffer.from(newer));
      expect(current?.publishedAt).toBe('2018-11-12T15:00:00.000Z');
      const runs = await monitorRuns(app.db);

      for (const locale of ['en', 'es', 'pt'] as const) {
        const response = await uploadList(app, staff.headers, 'un-sc', UN_SC, { locale });
        expect(response.statusCode, response.body).toBe(422);
        expect(response.json<TApiError>()).toEqual({
          code: 'watchlist_file_older',
          message: ERROR_MESSAGES.watchlist_file_older[locale],
          issues: [{ path: 'body', code: 'older', message: expect.stringMatching(/dated 2018-10-29.*2018-11-12/) }],
        });
      }
      const health = await listHealth(app, staff.headers, 'un-sc');
      expect(health.current).toEqual({ ...current, current: true });
      expect(health.lastError).toMatchObject({ code: 'older' });
      expect(await monitorRuns(app.db)).toBe(runs);
    },
  );

  test(
    'the bytes of a version already replaced are refused: OFAC March after May is not version 3',
    { timeout: 180_000 },
    async ({ app }) => {
      const staff = await staffSignedIn(app);
      await loadList(app, staff.headers, 'ofac-sdn', OFAC_MARCH);
      const { version: may } = await loadList(app, staff.headers, 'ofac-sdn', OFAC_MAY);
      const runs = await monitorRuns(app.db);

      const response = await uploadList(app, staff.headers, 'ofac-sdn', OFAC_MARCH, { locale: 'es' });
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json<TApiError>()).toMatchObject({
        code: 'watchlist_file_older',
        message: ERROR_MESSAGES.watchlist_file_older.es,
        issues: [{ code: 'older', message: expect.stringMatching(/version 1.*version 2/) }],
      });
      const versions = await app.inject({
        method: 'GET',
        url: '/api/v1/watchlists/versions?source=ofac-sdn',
        headers: staff.headers,
      });
      expect(versions.json<TListVersionsResponse>().versions.map((v) => [v.seq, v.current])).toEqual([
        [2, true],
        [1, false],
      ]);
      expect((await listHealth(app, staff.headers, 'ofac-sdn')).current).toEqual({ ...may, current: true });
      // No delisting, so no "left the list" alerts: monitoring was not asked to look at anything.
      expect(await monitorRuns(app.db)).toBe(runs);
    },
  );
});
