import type { TListAlertsResponse, TWebhookEndpointWithSecret } from '@centinela/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { auditEvents, watchlistDismissals, watchlistMonitorRuns } from '../../src/db/schema/index.ts';
import type { DomainEvent } from '../../src/kernel/index.ts';
import { signedIn } from '../factories.ts';
import { describe, expect, test } from '../helper.ts';
import { FAST_ENV } from '../reports/support.ts';
import { startReceiver } from '../support/webhook-receiver.ts';
import { loadList, staffSignedIn } from './lists.ts';
import { createScreenedPerson, watchlistReport, type Person } from './persons.ts';
import { OFAC_MARCH, OFAC_MAY } from './support.ts';

/**
 * Who is monitored, and what OFAC's 2024-05-03 list must raise for each (ent_nums from the raw files:
 * the parser test's Python line lists the 514 added, 15 removed and 11 changed).
 */
const A_PERSONS = {
  // Added on 05-03 with C.U.R.P. TIAJ961201HSLRNS08 (48066 TIRADO ANDRADE, Jesus): tied by document.
  curp: { name: 'Jesús Tirado Andrade', documentId: 'TIAJ-961201-HSLRNS08', birthDate: '1996-12-01' },
  // Added with R.F.C. GAVJ870112DP3 (48088 GARCIA VELAZCO, Jorge Alejandro), under another name: by document only.
  rfc: { name: 'Alejandro Velasco Ruiz', documentType: 'tax_id', documentId: 'GAVJ870112DP3' },
  // Added: 48081 LEON VALDEZ, Jesus Manuel, written with accents in "Given SURNAME" order: by name.
  leon: { name: 'Jesús Manuel León Valdez', documentId: 'LEVX770508HDGNLS07' },
  // 46788 PERETYATKO changed on 05-03: a new passport number, this person's. A new tie, by document.
  passport: { name: 'Iván Pérez Soto', documentType: 'passport', documentId: '8705080546' },
  // On both lists (6861 GUZMAN LOERA, unchanged): matched when screened, nothing new to alert.
  guzman: { name: 'Joaquín Guzmán Loera', documentId: 'GULJ570404HSLZRQ05' },
  // 27865 KOUFFA changed on 05-03 (a program and a remark), not its names: nothing new to alert.
  kouffa: { name: 'Amadou Kouffa', documentId: 'KOAM580101HNEXXX02' },
  // Named like the added 48070 MARIN GONZALEZ, Porthos, ruled out for this person earlier.
  porthos: { name: 'Porthos Marín González', documentId: 'MAGP000101HSLRNR07' },
  // Named like nobody on any list.
  unrelated: { name: 'María Fernanda Ochoa Rincón', documentId: 'OORM900101MDFCNR08' },
  // Matched 39136 STANKOVIC, Slobodan when screened; the entry left the list on 05-03.
  stankovic: { name: 'Slobodan Stanković', documentId: 'SAXS600101HNEXXX06' },
} satisfies Record<string, Person>;

const B_PERSONS = {
  leon: { name: 'Jesús Manuel León Valdez', documentId: 'LEVX770508HDGNLS15' },
  // Added: 48068 NUNEZ HERRERA, Alan Gabriel.
  nunez: { name: 'Alan Gabriel Nuñez Herrera', documentId: 'NUHX930929HSLXRL02' },
  unrelated: { name: 'Pedro Luis Gómez Arias', documentId: 'GOAP800101HDFMRD07' },
} satisfies Record<string, Person>;

type Alert = { person: string; entryId: string; kind: 'match' | 'delisted'; matchedBy: 'id' | 'name' };
const EXPECTED_A: Alert[] = [
  { person: 'curp', entryId: '48066', kind: 'match', matchedBy: 'id' },
  { person: 'rfc', entryId: '48088', kind: 'match', matchedBy: 'id' },
  // 48089 CELULANDIA TALLER & STORE, added the same day, is the business registered under the same R.F.C.
  { person: 'rfc', entryId: '48089', kind: 'match', matchedBy: 'id' },
  { person: 'leon', entryId: '48081', kind: 'match', matchedBy: 'name' },
  { person: 'passport', entryId: '46788', kind: 'match', matchedBy: 'id' },
  { person: 'stankovic', entryId: '39136', kind: 'delisted', matchedBy: 'name' },
];
const EXPECTED_B: Alert[] = [
  { person: 'leon', entryId: '48081', kind: 'match', matchedBy: 'name' },
  { person: 'nunez', entryId: '48068', kind: 'match', matchedBy: 'name' },
];

const byKey = (a: Alert) => `${a.person} ${a.entryId} ${a.kind}`;
const sorted = (alerts: Alert[]) => [...alerts].sort((x, y) => byKey(x).localeCompare(byKey(y)));

type App = Parameters<typeof signedIn>[0];

/** An owner: its manager, its monitored persons (created with the watch-lists report), and a webhook endpoint for watchlist.match. */
async function owner<K extends string>(app: App, persons: Record<K, Person>) {
  const manager = await signedIn(app, ['manager']);
  const receiver = await startReceiver();
  const registered = await app.inject({
    method: 'POST',
    url: '/api/v1/webhooks/endpoints',
    headers: manager.headers,
    payload: { url: receiver.url, events: ['watchlist.match'] },
  });
  expect(registered.statusCode, registered.body).toBe(201);
  const { secret } = registered.json<TWebhookEndpointWithSecret>();
  const ids = {} as Record<K, string>;
  for (const [key, person] of Object.entries(persons) as [K, Person][])
    ids[key] = await createScreenedPerson(app, manager.headers, person);
  const nameOf = new Map(Object.entries(ids).map(([key, id]) => [id as string, key]));
  return { ...manager, receiver, secret, ids, nameOf };
}

describe('continuous monitoring of watch lists', () => {
  test.override({ env: { ...FAST_ENV, WEBHOOK_BACKOFF_MS: '10', WEBHOOK_BACKOFF_MAX_MS: '50' } });

  test(
    'a newer OFAC list alerts exactly the monitored persons its additions name, once, within their owner',
    { timeout: 180_000 },
    async ({ app, db }) => {
      const staff = await staffSignedIn(app);
      await loadList(app, staff.headers, 'ofac-sdn', OFAC_MARCH);
      // The first version's run, done while nobody is monitored yet.
      await app.jobs.runner['watchlist-monitor'].drain();
      const a = await owner(app, A_PERSONS);
      const b = await owner(app, B_PERSONS);
      try {
        await app.reports.drain();
        // Everyone monitored (those who passed screening already are: enrolling again changes nothing).
        for (const o of [a, b]) {
          const enrolled = await app.inject({
            method: 'POST',
            url: '/api/v1/watchlists/enrolments',
            headers: o.headers,
            payload: { profileIds: Object.values(o.ids) },
          });
          expect(enrolled.statusCode, enrolled.body).toBe(200);
        }
        // A reviewer ruled 48070 out for this person earlier (a homonym stays dismissed for that entry).
        await db
          .insert(watchlistDismissals)
          .values({ profileId: a.ids.porthos, sourceId: 'ofac-sdn', entryId: '48070', dismissedBy: a.user.id });
        const before = await watchlistReport(app, a.headers, a.ids.stankovic);
        expect(before.report.findings).toMatchObject([
          { kind: 'watchlist_entry', record: { entryId: '39136', versionSeq: 1 } },
        ]);

        const events: DomainEvent[] = [];
        const unsubscribe = app.events.subscribe((e) => events.push(e));
        const { version } = await loadList(app, staff.headers, 'ofac-sdn', OFAC_MAY);
        await app.jobs.runner['watchlist-monitor'].drain();
        unsubscribe();
        await app.webhooks.runner.drain();

        for (const [o, expected] of [
          [a, EXPECTED_A],
          [b, EXPECTED_B],
        ] as const) {
          const listed = await app.inject({
            method: 'GET',
            url: '/api/v1/watchlists/alerts?state=all',
            headers: o.headers,
          });
          const { alerts, open } = listed.json<TListAlertsResponse>();
          const seen = alerts.map((al) => ({
            person: o.nameOf.get(al.profileId) ?? al.profileId,
            entryId: al.match.entryId,
            kind: al.kind,
            matchedBy: al.match.matchedBy,
          }));
          expect(sorted(seen)).toEqual(sorted(expected));
          expect(open).toBe(expected.length);
          // Every alert was raised by version 2; a match's finding says version 2 found it, a delisting keeps the finding's own.
          expect(
            alerts.map((al) => [
              al.versionSeq,
              al.match.source,
              al.kind === 'match' ? al.match.versionSeq : al.match.delistedOn,
            ]),
          ).toEqual(
            alerts.map((al) => [2, 'ofac-sdn', al.kind === 'match' ? 2 : expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/)]),
          );

          // The realtime events: one watchlist.alert per alert, to its owner only.
          const published = events.filter((e) => e.name === 'watchlist.alert');
          const payloads = published
            .filter((e) => e.ownerId === o.owner.id)
            .map((e) => e.payload as { alertId: string });
          expect(payloads.sort((x, y) => x.alertId.localeCompare(y.alertId))).toEqual(
            alerts
              .map((al) => ({ alertId: al.id, profileId: al.profileId, kind: al.kind }))
              .sort((x, y) => x.alertId.localeCompare(y.alertId)),
          );

          // One signed watchlist.match webhook per match alert, to the owner's endpoint, verified by the Standard Webhooks library.
          const matches = alerts.filter((al) => al.kind === 'match');
          const verifier = new Webhook(o.secret);
          const delivered = o.receiver.received.map(
            (r) =>
              verifier.verify(r.body, r.headers as Record<string, string>) as {
                type: string;
                data: Record<string, unknown>;
              },
          );
          expect(delivered.map((d) => d.type)).toEqual(matches.map(() => 'watchlist.match'));
          expect(delivered.map((d) => d.data.alertId).sort()).toEqual(matches.map((al) => al.id).sort());
          for (const d of delivered) {
            const alert = matches.find((al) => al.id === d.data.alertId)!;
            expect(d.data).toEqual({
              alertId: alert.id,
              profileId: alert.profileId,
              reportId: alert.reportId,
              source: 'ofac-sdn',
              entryId: alert.match.entryId,
              matchedBy: alert.match.matchedBy,
              score: alert.match.score,
              versionSeq: 2,
            });
          }
          const tampered = o.receiver.received[0]!;
          expect(() =>
            verifier.verify(
              tampered.body.replace('"versionSeq":2', '"versionSeq":3'),
              tampered.headers as Record<string, string>,
            ),
          ).toThrow();

          // The audit log: a row per alert, naming the entry and version, never the person's data.
          const audits = await db
            .select()
            .from(auditEvents)
            .where(
              and(
                eq(auditEvents.ownerId, o.owner.id),
                inArray(auditEvents.action, ['watchlist.alert', 'watchlist.delisted']),
              ),
            );
          expect(
            audits.map((r) => `${r.entityId} ${(r.changes as { entryId: string }).entryId} ${r.action}`).sort(),
          ).toEqual(
            alerts
              .map(
                (al) =>
                  `${al.profileId} ${al.match.entryId} ${al.kind === 'match' ? 'watchlist.alert' : 'watchlist.delisted'}`,
              )
              .sort(),
          );
          const persons = Object.values(o === a ? A_PERSONS : B_PERSONS) as Person[];
          const logged = JSON.stringify(audits);
          for (const p of persons) {
            for (const value of [
              p.name,
              p.documentId,
              p.documentId.replaceAll('-', ''),
              ...p.name.split(' ').filter((w) => w.length > 3),
              p.birthDate,
            ].filter(Boolean)) {
              expect(logged).not.toContain(value);
            }
          }
        }

        const [run] = await db
          .select()
          .from(watchlistMonitorRuns)
          .where(eq(watchlistMonitorRuns.versionId, version!.id));
        expect(run).toMatchObject({ status: 'done', alerts: EXPECTED_A.length + EXPECTED_B.length });

        // Another owner's alert is not there for A: not listed (above), not reviewable.
        const bAlerts = (
          await app.inject({ method: 'GET', url: '/api/v1/watchlists/alerts', headers: b.headers })
        ).json<TListAlertsResponse>().alerts;
        const crossed = await app.inject({
          method: 'POST',
          url: `/api/v1/watchlists/alerts/${bAlerts[0]!.id}/review`,
          headers: a.headers,
          payload: { resolution: 'homonym' },
        });
        expect(crossed.statusCode).toBe(404);

        // Each alert's person has their watch-lists report updated by the version that found it.
        const reportOf = (id: string) => watchlistReport(app, a.headers, id);
        const curp = await reportOf(a.ids.curp);
        expect(curp.report).toMatchObject({
          status: 'COMPLETED',
          findings: [
            {
              kind: 'watchlist_entry',
              matchedBy: 'id',
              record: { entryId: '48066', versionSeq: 2, birthDate: 'agrees' },
            },
          ],
        });
        expect(curp.profile.status).toBe('FAILED');
        for (const [key, entries] of [
          ['rfc', ['48088', '48089']],
          ['passport', ['46788']],
        ] as const) {
          const tied = await reportOf(a.ids[key]);
          expect(tied.report.status, key).toBe('COMPLETED');
          expect(tied.report.findings.map((f) => [f.record.entryId, f.matchedBy, f.record.versionSeq]).sort()).toEqual(
            entries.map((e) => [e, 'id', 2]),
          );
          expect(tied.profile.status, key).toBe('FAILED');
        }
        const leon = await reportOf(a.ids.leon);
        expect(leon.report).toMatchObject({
          status: 'PENDING_MANUAL_REVIEW',
          findings: [{ matchedBy: 'name', record: { entryId: '48081', versionSeq: 2 } }],
        });
        expect(leon.profile.status).toBe('PENDING_MANUAL_REVIEW');
        // The delisting is shown on the finding (the entry left the list), not silently dropped.
        const stankovic = await reportOf(a.ids.stankovic);
        expect(stankovic.report.findings).toMatchObject([
          { record: { entryId: '39136', versionSeq: 1, delistedOn: version!.loadedAt.slice(0, 10) } },
        ]);
        // Nobody else's report moved.
        for (const key of ['guzman', 'kouffa', 'porthos', 'unrelated'] as const) {
          const unchanged = await reportOf(a.ids[key]);
          expect(
            unchanged.report.findings.every((f) => f.record.versionSeq !== 2),
            key,
          ).toBe(true);
        }
      } finally {
        await a.receiver.close();
        await b.receiver.close();
      }
    },
  );
});
