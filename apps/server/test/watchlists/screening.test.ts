import { readFile } from 'node:fs/promises';
import type { TListAlertsResponse, TScreenResponse, TWatchlistMatch } from '@centinela/shared';
import type { App } from '../../src/app.ts';
import { signedIn } from '../factories.ts';
import { describe, expect, test } from '../helper.ts';
import { FAST_ENV } from '../reports/support.ts';
import { loadList, staffSignedIn } from './lists.ts';
import { createScreenedPerson, watchlistReport } from './persons.ts';
import { OFAC_MARCH, OFAC_MAY, UN_SC } from './support.ts';

type Headers = Record<string, string>;

async function screen(app: App, headers: Headers, body: Record<string, string>): Promise<TScreenResponse> {
  const response = await app.inject({ method: 'POST', url: '/api/v1/watchlists/screen', headers, payload: body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TScreenResponse>();
}

const entry = (matches: TWatchlistMatch[], entryId: string) =>
  matches.find((m) => m.source === 'ofac-sdn' && m.entryId === entryId);

/** The 200 answer of an alert's review. */
async function review(app: App, headers: Headers, alertId: string, resolution: string, reason?: string) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/v1/watchlists/alerts/${alertId}/review`,
    headers,
    payload: { resolution, reason },
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe('screening a person against the watch lists', () => {
  test.override({ env: FAST_ENV });

  test('a name as people write it matches the entry; a contradicting birth date drops it; a document ties by id', async ({
    app,
  }) => {
    const staff = await staffSignedIn(app);
    await loadList(app, staff.headers, 'ofac-sdn', OFAC_MAY);
    const { headers } = await signedIn(app, ['analyst']);

    // 6861 "GUZMAN LOERA, Joaquin" (DOB 25 Dec 1954): accents or none, either order, both surnames or one.
    for (const name of [
      'Joaquín Guzmán Loera',
      'Joaquin Guzman Loera',
      'GUZMÁN LOERA, Joaquín',
      'guzman loera joaquin',
      'Joaquín Guzmán',
    ]) {
      const match = entry((await screen(app, headers, { name })).matches, '6861');
      expect(match, name).toMatchObject({
        matchedBy: 'name',
        birthDate: 'unknown',
        url: 'https://sanctionssearch.ofac.treas.gov/Details.aspx?id=6861',
      });
      expect(match!.score, name).toBeGreaterThanOrEqual(0.82);
    }
    // 9568 "VARELA, Wilber" has two words, the person three: a listed two-word name inside a longer one is
    // weak evidence (it is most ordinary names' own), below the default threshold.
    expect(entry((await screen(app, headers, { name: 'Wilber Varela Fajardo' })).matches, '9568')).toBeUndefined();
    // 10434 "QUINONES, Benedicto" is written without its ñ.
    expect(entry((await screen(app, headers, { name: 'Benedicto Quiñones' })).matches, '10434')).toMatchObject({
      matchedBy: 'name',
      score: 1,
    });

    // The birth date: the published one raises the match, another takes a namesake below the threshold.
    const agrees = entry(
      (await screen(app, headers, { name: 'Joaquín Guzmán', birthDate: '1954-12-25' })).matches,
      '6861',
    );
    expect(agrees).toMatchObject({ birthDate: 'agrees' });
    expect(agrees!.score).toBeGreaterThan(agrees!.nameScore);
    const namesake = await screen(app, headers, { name: 'Joaquín Guzmán', birthDate: '1990-03-02' });
    expect(entry(namesake.matches, '6861')).toBeUndefined();

    // A document number the list carries ties the entry whatever the name: C.U.R.P. of 48066, a cédula of 10434.
    const curp = await screen(app, headers, { name: 'Persona Distinta', documentId: 'TIAJ961201HSLRNS08' });
    expect(curp.matches).toMatchObject([
      {
        entryId: '48066',
        matchedBy: 'id',
        score: 1,
        document: { type: 'curp', number: 'TIAJ961201HSLRNS08', country: 'MX' },
      },
    ]);
    const cedula = await screen(app, headers, { name: 'Persona Distinta', documentId: '14.934.266' });
    expect(cedula.matches).toMatchObject([{ entryId: '10434', matchedBy: 'id', score: 1 }]);
    expect(cedula.lists).toEqual([{ source: 'ofac-sdn', seq: 1, publishedAt: null, stale: false }]);
  });

  test("the owner's threshold applies to its screenings and its persons' reports", async ({ app }) => {
    const staff = await staffSignedIn(app);
    await loadList(app, staff.headers, 'ofac-sdn', OFAC_MAY);
    const manager = await signedIn(app, ['manager']);
    const other = await signedIn(app, ['analyst']);
    const settings = await app.inject({
      method: 'PATCH',
      url: '/api/v1/watchlists/settings',
      headers: manager.headers,
      payload: { reviewThreshold: 0.97 },
    });
    expect(settings.json()).toEqual({ reviewThreshold: 0.97, monitorAll: false });

    // "Joaquín Guzmán" is the entry's three words with the maternal surname left out (0.84): a finding at the
    // default 0.82, not at 0.97.
    const strict = await screen(app, manager.headers, { name: 'Joaquín Guzmán' });
    expect(strict.threshold).toBe(0.97);
    expect(entry(strict.matches, '6861')).toBeUndefined();
    expect(entry((await screen(app, manager.headers, { name: 'Joaquín Guzmán Loera' })).matches, '6861')).toMatchObject(
      { score: 1 },
    );
    const lenient = await screen(app, other.headers, { name: 'Joaquín Guzmán' });
    expect(lenient.threshold).toBe(0.82);
    expect(entry(lenient.matches, '6861')).toMatchObject({
      score: 0.84,
      nameParts: { matched: 2, person: 2, listed: 3 },
    });

    const partial = await createScreenedPerson(app, manager.headers, {
      name: 'Joaquín Guzmán',
      documentId: 'GUXJ540101HSLZRQ06',
    });
    const full = await createScreenedPerson(app, manager.headers, {
      name: 'Joaquín Guzmán Loera',
      documentId: 'GULJ541225HSLZRQ05',
    });
    const tied = await createScreenedPerson(app, manager.headers, {
      name: 'Jesús Tirado',
      documentId: 'TIAJ961201HSLRNS08',
    });
    const elsewhere = await createScreenedPerson(app, other.headers, {
      name: 'Joaquín Guzmán',
      documentId: 'GUXJ540101HSLZRQ14',
    });
    await app.reports.drain();
    expect((await watchlistReport(app, manager.headers, partial)).report).toMatchObject({
      status: 'COMPLETED',
      findings: [],
    });
    const named = await watchlistReport(app, manager.headers, full);
    expect(named.report).toMatchObject({
      status: 'PENDING_MANUAL_REVIEW',
      findings: [{ kind: 'watchlist_entry', matchedBy: 'name', record: { entryId: '6861', versionSeq: 1 } }],
    });
    expect(named.profile.status).toBe('PENDING_MANUAL_REVIEW');
    const byId = await watchlistReport(app, manager.headers, tied);
    expect(byId.report).toMatchObject({
      status: 'COMPLETED',
      findings: [{ kind: 'watchlist_entry', matchedBy: 'id', record: { entryId: '48066' } }],
    });
    expect(byId.profile.status).toBe('FAILED');
    // At the default threshold the two surnames of one Joaquín Guzmán and of another (41897 GUZMAN LOPEZ) both hold him: a reviewer decides.
    const lenientReport = (await watchlistReport(app, other.headers, elsewhere)).report;
    expect(lenientReport.status).toBe('PENDING_MANUAL_REVIEW');
    expect(lenientReport.findings.map((f) => [f.record.entryId, f.record.score]).sort()).toEqual([
      ['41897', 0.84],
      ['6861', 0.84],
    ]);
  });

  test(
    'an alert reviewed as a homonym stays dismissed when the list drops and adds the entry again, and on a re-run',
    { timeout: 180_000 },
    async ({ app }) => {
      const staff = await staffSignedIn(app);
      const { headers } = await signedIn(app, ['manager']);
      const loadAndMonitor = async (file: string | Buffer) => {
        await loadList(app, staff.headers, 'ofac-sdn', file);
        await app.jobs.runner['watchlist-monitor'].drain();
      };
      await loadAndMonitor(OFAC_MARCH);
      // Passes against 03-15 and is monitored from then on; 05-03 adds 48081 LEON VALDEZ, Jesus Manuel.
      const id = await createScreenedPerson(app, headers, {
        name: 'Jesús Manuel León Valdez',
        documentId: 'LEVX770508HDGNLS07',
      });
      await app.reports.drain();
      await loadAndMonitor(OFAC_MAY);
      const alerts = async () =>
        (
          await app.inject({ method: 'GET', url: '/api/v1/watchlists/alerts?state=all', headers })
        ).json<TListAlertsResponse>();
      const [alert] = (await alerts()).alerts;
      expect(alert).toMatchObject({
        profileId: id,
        kind: 'match',
        match: { entryId: '48081', matchedBy: 'name' },
        resolution: null,
      });
      expect((await watchlistReport(app, headers, id)).profile.status).toBe('PENDING_MANUAL_REVIEW');

      await review(app, headers, alert!.id, 'homonym', 'Born 1990 in Oaxaca, per his passport');
      const cleared = await watchlistReport(app, headers, id);
      // The finding stays on the report as the record of the ruling, and counts for nothing.
      const ruledOut = [
        {
          record: { entryId: '48081' },
          ruling: { verdict: 'homonym', reason: 'Born 1990 in Oaxaca, per his passport' },
        },
      ];
      expect(cleared.report).toMatchObject({ status: 'COMPLETED', findings: ruledOut });
      expect(cleared.profile.status).toBe('PASSED');

      // The entry leaves (03-15's entries again) and comes back (05-03's again): no new alert, and a re-run
      // keeps the ruling. Written with other line ends: the very bytes of a replaced version are refused.
      const retyped = async (file: string) =>
        Buffer.from((await readFile(file, 'latin1')).replace(/\r\n/g, '\n'), 'latin1');
      await loadAndMonitor(await retyped(OFAC_MARCH));
      await loadAndMonitor(await retyped(OFAC_MAY));
      expect((await alerts()).alerts.map((a) => [a.id, a.resolution])).toEqual([[alert!.id, 'homonym']]);
      const rerun = await app.inject({
        method: 'POST',
        url: `/api/v1/profiles/reports/${cleared.report.id}/rerun`,
        headers,
      });
      expect(rerun.statusCode, rerun.body).toBe(200);
      await app.reports.drain();
      const after = await watchlistReport(app, headers, id);
      expect(after.report).toMatchObject({ status: 'COMPLETED', findings: ruledOut });
      expect(after.profile.status).toBe('PASSED');
    },
  );

  test('with a stale list and no match the person is clean against data from its date; the note leaves once current', async ({
    app,
  }) => {
    const staff = await staffSignedIn(app);
    await loadList(app, staff.headers, 'ofac-sdn', OFAC_MAY);
    // The UN file carries its own date (dateGenerated 2018-10-29): years past the 7 days allowed.
    await loadList(app, staff.headers, 'un-sc', UN_SC);
    const { headers } = await signedIn(app, ['manager']);
    const screened = await screen(app, headers, { name: 'María Fernanda Ochoa Rincón' });
    expect(screened).toMatchObject({
      matches: [],
      lists: [
        { source: 'ofac-sdn', stale: false },
        { source: 'un-sc', stale: true, publishedAt: '2018-10-29T23:09:49.856Z' },
      ],
    });

    const id = await createScreenedPerson(app, headers, {
      name: 'María Fernanda Ochoa Rincón',
      documentId: 'OORM900101MDFCNR08',
    });
    await app.reports.drain();
    const { report, profile } = await watchlistReport(app, headers, id);
    // A clean result against older data, said on the report: not a finding about the person.
    expect(report).toMatchObject({
      status: 'COMPLETED',
      findings: [
        {
          kind: 'list_data_stale',
          severity: 'info',
          summary: 'UN Security Council: clean against data from Oct 29, 2018, older than 7 days',
          record: { source: 'un-sc', maxAgeDays: 7, dataAsOf: '2018-10-29T23:09:49.856Z', clean: true },
        },
      ],
    });
    expect(report.findings[0]!.record.ageDays as number).toBeGreaterThan(7);
    expect(profile.status).toBe('PASSED');

    // The UN's list of today: current again, the note leaves the report.
    const today = (await readFile(UN_SC, 'utf8')).replace(
      'dateGenerated="2018-10-29T19:09:49.856-04:00"',
      `dateGenerated="${new Date().toISOString()}"`,
    );
    await loadList(app, staff.headers, 'un-sc', Buffer.from(today));
    const current = await watchlistReport(app, headers, id);
    expect(current.report).toMatchObject({ status: 'COMPLETED', findings: [] });
    expect(current.profile.status).toBe('PASSED');
  });
});
