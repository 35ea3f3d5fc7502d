import type { TScreenResponse } from '@centinela/shared';
import type { App } from '../../src/app.ts';
import { signedIn } from '../factories.ts';
import { describe, expect, test } from '../helper.ts';
import { FAST_ENV } from '../reports/support.ts';
import { loadList, staffSignedIn } from './lists.ts';
import { createScreenedPerson, watchlistReport } from './persons.ts';
import { OFAC_MAY } from './support.ts';

// OFAC 9339: "ARRIOLA MARQUEZ, Oscar Arturo", C.U.R.P. AIMO681106HCHRRS01 (Mexico).
const LISTED_CURP = 'AIMO681106HCHRRS01';

async function screen(app: App, headers: Record<string, string>, body: Record<string, string>) {
  const response = await app.inject({ method: 'POST', url: '/api/v1/watchlists/screen', headers, payload: body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TScreenResponse>();
}

describe('a document typed wrong', () => {
  test.override({ env: FAST_ENV });

  test(
    'one character away from a listed one, with a name that matches too, is a finding for review; the report says the number fails its format',
    { timeout: 120_000 },
    async ({ app }) => {
      const staff = await staffSignedIn(app);
      await loadList(app, staff.headers, 'ofac-sdn', OFAC_MAY);
      const { headers } = await signedIn(app, ['manager']);
      const mexican = { country: 'mx', documentType: 'national_id' };

      // A given name and a surname score 0.78: no finding by name alone.
      const byName = await screen(app, headers, { name: 'Oscar Arriola', ...mexican });
      expect(byName.matches.filter((m) => m.entryId === '9339')).toEqual([]);

      // The last character left out, changed, or one added: each one typo from the listed number.
      for (const typed of [LISTED_CURP.slice(0, -1), 'AIMO681106HCHRRS02', `${LISTED_CURP}1`, 'AIM0681106HCHRRS01']) {
        const { matches } = await screen(app, headers, { name: 'Oscar Arriola', documentId: typed, ...mexican });
        expect(
          matches.find((m) => m.entryId === '9339'),
          typed,
        ).toMatchObject({
          matchedBy: 'name',
          nearDocument: true,
          document: { number: LISTED_CURP, country: 'MX' },
        });
      }
      // The same near number with a name that is not the listed person's: nothing.
      const stranger = await screen(app, headers, {
        name: 'Persona Prueba Ejemplo',
        documentId: LISTED_CURP.slice(0, -1),
        ...mexican,
      });
      expect(stranger.matches).toEqual([]);
      // Two characters away is another number.
      const far = await screen(app, headers, { name: 'Oscar Arriola', documentId: 'AIMO681106HCHRRS', ...mexican });
      expect(far.matches.filter((m) => m.entryId === '9339')).toEqual([]);

      // The walk-through: the person added with the listed C.U.R.P. minus its last character.
      const id = await createScreenedPerson(app, headers, {
        name: 'Oscar Arriola',
        documentId: LISTED_CURP.slice(0, -1),
      });
      await app.reports.drain();
      const { report, profile } = await watchlistReport(app, headers, id);
      expect(report.status).toBe('PENDING_MANUAL_REVIEW');
      expect(report.findings).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            kind: 'document_invalid',
            severity: 'info',
            summary: expect.stringMatching(/fails its own format or check digit: not a clean result/),
            record: expect.objectContaining({ hint: 'too_short' }),
          }),
          expect.objectContaining({
            kind: 'watchlist_entry',
            matchedBy: 'name',
            severity: 'adverse',
            record: expect.objectContaining({ entryId: '9339', nearDocument: true }),
          }),
        ]),
      );
      expect(profile.status).toBe('PENDING_MANUAL_REVIEW');
    },
  );

  test('a document failing its format, with no listed person near, is never a clean result', async ({ app }) => {
    const staff = await staffSignedIn(app);
    await loadList(app, staff.headers, 'ofac-sdn', OFAC_MAY);
    const { headers } = await signedIn(app, ['manager']);
    const id = await createScreenedPerson(app, headers, {
      name: 'María Fernanda Ochoa Rincón',
      documentId: 'OORM900101MDFCNR0',
    });
    await app.reports.drain();
    const { report, profile } = await watchlistReport(app, headers, id);
    expect(report).toMatchObject({ status: 'INFO', findings: [{ kind: 'document_invalid', matchedBy: 'id' }] });
    expect(profile.status).toBe('INFO');
  });

  test(
    'a CURP whose check digit fails is never a clean result; a valid one is',
    { timeout: 120_000 },
    async ({ app }) => {
      const staff = await staffSignedIn(app);
      await loadList(app, staff.headers, 'ofac-sdn', OFAC_MAY);
      const { headers } = await signedIn(app, ['manager']);
      // The shape of a CURP throughout, the 18th character (RENAPO's check digit) wrong: 8 is right.
      const wrong = await createScreenedPerson(app, headers, {
        name: 'María Fernanda Ochoa Rincón',
        documentId: 'OORM900101MDFCNR05',
      });
      const right = await createScreenedPerson(app, headers, {
        name: 'Ana Lucía Ochoa Rincón',
        documentId: 'OORM900101MDFCNR08',
      });
      await app.reports.drain();
      const typedWrong = await watchlistReport(app, headers, wrong);
      expect(typedWrong.report).toMatchObject({
        status: 'INFO',
        findings: [{ kind: 'document_invalid', matchedBy: 'id', record: { hint: 'invalid_format' } }],
      });
      expect(typedWrong.profile.status).toBe('INFO');
      expect((await watchlistReport(app, headers, right)).report).toMatchObject({ status: 'COMPLETED', findings: [] });
    },
  );
});
