import type { TScreenResponse } from '@centinela/shared';
import type { App } from '../../src/app.ts';
import { signedIn } from '../factories.ts';
import { describe, expect, test } from '../helper.ts';
import { FAST_ENV } from '../reports/support.ts';
import { loadList, staffSignedIn } from './lists.ts';
import { createScreenedPerson, watchlistReport } from './persons.ts';
import { OFAC_MAY, UN_SC } from './support.ts';

async function screen(app: App, headers: Record<string, string>, body: Record<string, string>) {
  const response = await app.inject({ method: 'POST', url: '/api/v1/watchlists/screen', headers, payload: body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TScreenResponse>().matches;
}

describe('a birth date never hides an exact listed name', () => {
  test.override({ env: FAST_ENV });

  test(
    'the listed name with a contradicting date is still a finding for review, saying the date contradicts',
    { timeout: 180_000 },
    async ({ app }) => {
      const staff = await staffSignedIn(app);
      await loadList(app, staff.headers, 'ofac-sdn', OFAC_MAY);
      await loadList(app, staff.headers, 'un-sc', UN_SC);
      const manager = await signedIn(app, ['manager']);

      // OFAC 6861 "GUZMAN LOERA, Joaquin", DOB 25 Dec 1954; the person says 1980.
      const ofac = (await screen(app, manager.headers, { name: 'Joaquín Guzmán Loera', birthDate: '1980-01-01' })).find(
        (m) => m.source === 'ofac-sdn' && m.entryId === '6861',
      );
      expect(ofac).toMatchObject({ matchedBy: 'name', nameScore: 1, birthDate: 'contradicts', score: 0.8 });

      // UN QDi.192 "ABD ALLAH MOHAMED RAGAB ABDEL RAHMAN", born 1957-11-03; the person says 1970, another order.
      const un = (
        await screen(app, manager.headers, { name: 'Abdel Rahman Abd Allah Mohamed Ragab', birthDate: '1970-06-15' })
      ).find((m) => m.source === 'un-sc' && m.reference === 'QDi.192');
      expect(un).toMatchObject({ matchedBy: 'name', nameScore: 1, birthDate: 'contradicts' });

      // Two of the three words (0.84) are a namesake's: the contradicting date still clears them.
      const namesake = await screen(app, manager.headers, { name: 'Joaquín Guzmán', birthDate: '1980-01-01' });
      expect(namesake.find((m) => m.entryId === '6861')).toBeUndefined();

      // The person's report: pending review, the finding's record saying the date contradicts.
      const person = await createScreenedPerson(app, manager.headers, {
        name: 'Joaquín Guzmán Loera',
        documentId: 'GULJ800101HSLZRQ04',
        birthDate: '1980-01-01',
      });
      await app.reports.drain();
      const { report, profile } = await watchlistReport(app, manager.headers, person);
      expect(report.status).toBe('PENDING_MANUAL_REVIEW');
      // (The UN snapshot's age adds its own informational finding.)
      expect(report.findings.filter((f) => f.kind === 'watchlist_entry')).toMatchObject([
        { matchedBy: 'name', record: { entryId: '6861', birthDate: 'contradicts', nameScore: 1, score: 0.8 } },
      ]);
      expect(profile.status).toBe('PENDING_MANUAL_REVIEW');
    },
  );
});
