import { errorMessage, type ProfileStatus, type ReportStatus, type ReportType } from '@centinela/shared';
import { and, eq } from 'drizzle-orm';
import { auditEvents } from '../../src/db/schema/index.ts';
import { SandboxProvider } from '../../src/domains/reports/sandbox.ts';
import { describe, expect, test } from '../helper.ts';
import { FAST_ENV, personWithReports, profileStatus, recordEvents, reportsOf } from './support.ts';

const MAX_RETRIES = errorMessage('max_retries_exceeded', 'en');
// employment_references is handed to Sol's reference-check workflow (sol-workflow.test.ts), not run by a source.
const CO: ReportType[] = [
  'arrest_warrants',
  'criminal_records',
  'judicial_records',
  'news_search',
  'police_record',
  'procuradoria_sanctions',
];

type Case = {
  ending: string;
  profile: ProfileStatus;
  reports: Partial<Record<ReportType, ReportStatus>>;
  findings: ReportType[];
  attempts?: number;
  others?: ReportStatus;
};
/** What every Colombian report and the profile end as, per sandbox ending (the README's table). */
const CASES: Case[] = [
  { ending: '50', profile: 'PASSED', reports: {}, findings: [] },
  { ending: '13', profile: 'FAILED', reports: {}, findings: ['criminal_records', 'judicial_records', 'police_record'] },
  { ending: '14', profile: 'FAILED', reports: {}, findings: ['arrest_warrants'] },
  { ending: '15', profile: 'FAILED', reports: {}, findings: ['procuradoria_sanctions'] },
  { ending: '16', profile: 'FAILED', reports: {}, findings: ['judicial_records'] },
  {
    ending: '22',
    profile: 'PENDING_MANUAL_REVIEW',
    reports: {
      criminal_records: 'PENDING_MANUAL_REVIEW',
      judicial_records: 'PENDING_MANUAL_REVIEW',
      police_record: 'PENDING_MANUAL_REVIEW',
    },
    findings: ['criminal_records', 'judicial_records', 'police_record'],
  },
  {
    ending: '33',
    profile: 'INFO',
    reports: { judicial_records: 'INFO', news_search: 'INFO' },
    findings: ['judicial_records', 'news_search'],
  },
  { ending: '97', profile: 'ERROR', reports: {}, findings: [], attempts: 1, others: 'ERROR' },
  { ending: '98', profile: 'PASSED', reports: {}, findings: [], attempts: 3 },
  { ending: '99', profile: 'ERROR', reports: {}, findings: [], attempts: 3, others: 'ERROR' },
];

describe('report worker, end to end on the real database', () => {
  test.override({ env: FAST_ENV });

  test('every sandbox ending ends as documented; each report finishes once, with its events', async ({ app, db }) => {
    const events = recordEvents(app);
    const people = [];
    for (const c of CASES)
      people.push({ c, ...(await personWithReports(db, { documentId: `10203040${c.ending}`, types: CO })) });
    expect(people.every((p) => p.queued.created.length === CO.length)).toBe(true);
    expect(people.every((p) => p.queued.profile?.status === 'PENDING')).toBe(true);

    await app.reports.drain();

    for (const { c, profile } of people) {
      const rows = await reportsOf(db, profile.id);
      expect(
        rows.map((r) => r.type),
        c.ending,
      ).toEqual(CO);
      for (const r of rows) {
        const expected = c.reports[r.type] ?? c.others ?? 'COMPLETED';
        expect({ ending: c.ending, type: r.type, status: r.status }).toEqual({
          ending: c.ending,
          type: r.type,
          status: expected,
        });
        expect(r.findings.length > 0, `${c.ending} ${r.type} findings`).toBe(c.findings.includes(r.type));
        expect(r.attempts, `${c.ending} ${r.type} attempts`).toBe(c.attempts ?? 1);
        expect(r.lockedBy).toBeNull();
        if (c.ending === '99') expect(r.lastError).toBe(MAX_RETRIES);
        if (c.ending === '99') expect(r.details).toMatchObject({ errorCode: 'max_retries_exceeded' });
        if (c.ending === '97') expect(r.details).toMatchObject({ errorCode: 'source_refused' });
        if (c.ending === '13' && r.findings.length > 0)
          expect(r.findings[0]).toMatchObject({ kind: 'criminal_record', matchedBy: 'id', severity: 'adverse' });
        if (c.ending === '22')
          for (const f of r.findings) expect(f).toMatchObject({ matchedBy: 'name', severity: 'adverse' });
      }
      expect(await profileStatus(db, profile.id), c.ending).toBe(c.profile);

      // Events: one report.updated per report, and the last profile.updated says the final status.
      const mine = events.filter((e) => e.payload && 'profileId' in e.payload && e.payload.profileId === profile.id);
      const reportEvents = mine.filter((e) => e.name === 'report.updated');
      expect(reportEvents).toHaveLength(CO.length);
      const last = mine.filter((e) => e.name === 'profile.updated').at(-1);
      expect(last?.payload).toEqual({ profileId: profile.id, status: c.profile });
      // Exactly once: one 'report.finished' audit row per report.
      const audit = await db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'report.finished'), eq(auditEvents.ownerId, profile.ownerId)));
      expect(audit.map((a) => a.entityId).sort()).toEqual(rows.map((r) => r.id).sort());
    }
  });

  test('missing inputs: INCOMPLETE at enqueue with the inputs listed, and no source is asked', async ({ app, db }) => {
    const { profile, queued } = await personWithReports(db, {
      documentId: '1020304050',
      overrides: { phone: null, inputs: {} },
    });
    const byType = Object.fromEntries(queued.created.map((r) => [r.type, r]));
    expect(byType.employment_references).toMatchObject({ status: 'INCOMPLETE', missingInputs: ['phone'] });
    expect(byType.police_record).toMatchObject({ status: 'INCOMPLETE', missingInputs: ['issueDate'] });
    // An identity document waits for the candidate's pictures, and is charged only when they arrive.
    expect(byType.identity_document).toMatchObject({ status: 'INCOMPLETE', missingInputs: ['identityPictures'] });
    expect(byType.criminal_records).toMatchObject({ status: 'PENDING', missingInputs: [] });
    expect(queued.profile?.status).toBe('INCOMPLETE');
    await app.reports.drain();
    const rows = await reportsOf(db, profile.id);
    expect(rows.filter((r) => r.status === 'INCOMPLETE').map((r) => [r.type, r.attempts])).toEqual([
      ['employment_references', 0],
      ['identity_document', 0],
      ['police_record', 0],
    ]);
    expect(await profileStatus(db, profile.id)).toBe('INCOMPLETE');
  });

  test('enqueueing is idempotent per (profile, type)', async ({ db }) => {
    const { profile, ownerId, queued } = await personWithReports(db, {
      documentId: '1020304050',
      types: ['criminal_records'],
    });
    const { enqueueReports } = await import('../../src/domains/reports/index.ts');
    const { subjectOf } = await import('../../src/domains/reports/subject.ts');
    const again = await db.transaction((tx) =>
      enqueueReports(tx, {
        ownerId,
        profileId: profile.id,
        types: ['criminal_records', 'news_search'],
        subject: subjectOf(profile),
      }),
    );
    expect(queued.created).toHaveLength(1);
    expect(again.created.map((r) => r.type)).toEqual(['news_search']);
    expect((await reportsOf(db, profile.id)).map((r) => r.type)).toEqual(['criminal_records', 'news_search']);
  });

  test('a sandbox with latency runs the same way (and the seed-shaped findings are stored)', async ({ app, db }) => {
    const { profile } = await personWithReports(db, { documentId: '1020304013', types: ['criminal_records'] });
    const { workerWith } = await import('./support.ts');
    await workerWith(app, new SandboxProvider({ latency: { min: 5, max: 20 } })).drain();
    const [row] = await reportsOf(db, profile.id);
    expect(row).toMatchObject({ status: 'COMPLETED', attempts: 1 });
    expect(row!.findings[0]).toMatchObject({
      source: 'Policía Nacional de Colombia',
      summary: expect.any(String),
      record: expect.any(Object),
    });
    expect(row!.details).toMatchObject({ source: 'sandbox', reference: expect.stringMatching(/^SBX-\d{8}$/) });
  });
});
