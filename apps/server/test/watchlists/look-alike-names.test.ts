import type { TScreenResponse } from '@centinela/shared';
import { eq, sql } from 'drizzle-orm';
import type { App } from '../../src/app.ts';
import { watchlistEnrolments } from '../../src/db/schema/index.ts';
import { enrol, enrolmentKeys } from '../../src/domains/watchlists/enrol.ts';
import { sortedNameKey } from '../../src/domains/watchlists/names.ts';
import { rekeyNames } from '../../src/domains/watchlists/rekey.ts';
import { createOwner, createProfile, signedIn } from '../factories.ts';
import { describe, expect, test } from '../helper.ts';
import { FAST_ENV } from '../reports/support.ts';
import { loadList, staffSignedIn } from './lists.ts';
import { OFAC_MAY } from './support.ts';

async function screen(app: App, headers: Record<string, string>, name: string): Promise<TScreenResponse> {
  const response = await app.inject({ method: 'POST', url: '/api/v1/watchlists/screen', headers, payload: { name } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TScreenResponse>();
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe('one normal form for names: fullwidth letters and look-alikes from other scripts', () => {
  test.override({ env: FAST_ENV });

  test(
    'a listed name typed in fullwidth or with Cyrillic and Greek look-alikes finds its entry',
    { timeout: 120_000 },
    async ({ app }) => {
      const staff = await staffSignedIn(app);
      await loadList(app, staff.headers, 'ofac-sdn', OFAC_MAY);
      const { headers } = await signedIn(app, ['analyst']);
      // 6861 "GUZMAN LOERA, Joaquin".
      for (const name of ['Ｊｏａｑｕｉｎ Ｇｕｚｍａｎ Ｌｏｅｒａ', 'Јоаquіn Guzmаn Lоеrа', 'JOAQUІN GUZMΑN LΟERA']) {
        const match = (await screen(app, headers, name)).matches.find((m) => m.entryId === '6861');
        expect(match, name).toMatchObject({ source: 'ofac-sdn', matchedBy: 'name', score: 1 });
        // The person's name is only folded for the comparison: the entry's is shown as published.
        expect(match!.matchedName).toBe('GUZMAN LOERA, Joaquin');
      }
    },
  );

  test(
    'keys stored before the normal form changed are computed again at start-up',
    { timeout: 120_000 },
    async ({ app, db }) => {
      const staff = await staffSignedIn(app);
      await loadList(app, staff.headers, 'ofac-sdn', OFAC_MAY);
      const owner = await createOwner(db);
      const person = await createProfile(db, owner.id, { name: 'Ｍａｒíａ Ｐéｒｅｚ', documentId: '1020304050' });
      await enrol(db, [enrolmentKeys({ ...person, birthDate: null })], 'owner', null);
      // What the earlier fold stored: fullwidth letters kept as they are.
      await db.execute(
        sql`update watchlist_enrolment set sorted_key = 'ｍａｒｉａ ｐｅｒｅｚ' where profile_id = ${person.id}`,
      );
      await db.execute(sql`update watchlist_name set sorted_key = 'stale key' where name = 'GUZMAN LOERA, Joaquin'`);

      expect(await rekeyNames(db)).toEqual({ names: 1, enrolments: 1 });
      const [enrolment] = await db
        .select()
        .from(watchlistEnrolments)
        .where(eq(watchlistEnrolments.profileId, person.id));
      expect(enrolment!.sortedKey).toBe('maria perez');
      const names = rowsOf<{ sorted_key: string }>(
        await db.execute(sql`select sorted_key from watchlist_name where name = 'GUZMAN LOERA, Joaquin'`),
      );
      expect(names).toEqual([{ sorted_key: sortedNameKey('GUZMAN LOERA, Joaquin') }]);
      // Nothing left to do the second time.
      expect(await rekeyNames(db)).toEqual({ names: 0, enrolments: 0 });
    },
  );
});
