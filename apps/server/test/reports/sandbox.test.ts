import { deriveProfileStatus, REPORT_TYPES, reportTypesFor, CATALOGUE_COUNTRIES } from '@centinela/shared';
import { profiles, reports } from '../../src/db/schema/index.ts';
import { seedDemo } from '../../src/seed/index.ts';
import { PermanentSourceError, TransientSourceError, type ReportSubject } from '../../src/domains/reports/provider.ts';
import { SANDBOX_ENDINGS, SandboxProvider, sandboxEnding } from '../../src/domains/reports/sandbox.ts';
import { describe, expect, test } from '../helper.ts';

const subject = (documentId: string, country: ReportSubject['country'] = 'co'): ReportSubject => ({
  profileId: '00000000-0000-4000-8000-000000000000',
  country,
  documentType: 'national_id',
  documentId,
  name: 'Ana Gómez',
  birthDate: '1990-04-12',
  email: null,
  phone: '+573001234567',
  state: null,
  inputs: {},
});
const today = () => new Date('2026-11-22T10:00:00Z');
const signal = () => new AbortController().signal;

describe('sandbox provider', () => {
  test('the same document and report always get the same answer', async () => {
    const a = new SandboxProvider({ latency: { min: 0, max: 0 }, today });
    const b = new SandboxProvider({ latency: { min: 0, max: 0 }, today });
    for (const ending of ['13', '14', '15', '16', '22', '33', '50']) {
      for (const type of REPORT_TYPES) {
        const one = await a.run(type, subject(`10203040${ending}`), signal());
        const two = await b.run(type, subject(`10203040${ending}`), signal());
        expect(one.findings).toEqual(two.findings);
        expect({ ...one.details, checkedAt: 0 }).toEqual({ ...two.details, checkedAt: 0 });
      }
    }
  });

  test('the ending is read from letters and digits only', () => {
    expect(sandboxEnding('12345678-5')).toBe('85');
    expect(sandboxEnding('8-123-413')).toBe('13');
    expect(sandboxEnding('ab1234513')).toBe('13');
  });

  test('every country has a report a criminal-record ending shows up in', async () => {
    const p = new SandboxProvider({ latency: { min: 0, max: 0 }, today });
    for (const country of CATALOGUE_COUNTRIES) {
      const results = await Promise.all(
        reportTypesFor(country).map((t) => p.run(t, subject('ZZ000013', country), signal())),
      );
      expect(
        results.some((r) => r.findings.some((f) => f.matchedBy === 'id' && f.severity === 'adverse')),
        country,
      ).toBe(true);
    }
  });

  test('failures: 97 refuses for good, 98 fails twice then answers, 99 never answers', async () => {
    const p = new SandboxProvider({ latency: { min: 0, max: 0 }, today });
    await expect(
      p.run('criminal_records', subject('1020304097'), signal(), { reportId: 'r', attempt: 1 }),
    ).rejects.toBeInstanceOf(PermanentSourceError);
    for (const attempt of [1, 2]) {
      await expect(
        p.run('news_search', subject('1020304098'), signal(), { reportId: 'r', attempt }),
      ).rejects.toBeInstanceOf(TransientSourceError);
    }
    await expect(
      p.run('news_search', subject('1020304098'), signal(), { reportId: 'r', attempt: 3 }),
    ).resolves.toMatchObject({ findings: [] });
    for (const attempt of [1, 5, 50]) {
      await expect(
        p.run('news_search', subject('1020304099'), signal(), { reportId: 'r', attempt }),
      ).rejects.toBeInstanceOf(TransientSourceError);
    }
    expect(Object.keys(SANDBOX_ENDINGS).sort()).toEqual(['13', '14', '15', '16', '22', '33', '97', '98', '99']);
  });

  test('latency is spread deterministically within the range and honours abort', async () => {
    const p = new SandboxProvider({ latency: { min: 30, max: 60 }, today });
    const started = Date.now();
    await p.run('news_search', subject('1020304050'), signal());
    expect(Date.now() - started).toBeGreaterThanOrEqual(29);
    const abort = new AbortController();
    const pending = p.run('news_search', subject('1020304050'), abort.signal);
    abort.abort(new Error('stop'));
    await expect(pending).rejects.toThrow();
  });
});

describe('demo seed and the status function agree', () => {
  test('every seeded profile has the status its reports derive', async ({ db }) => {
    await seedDemo(db, { profilesPerOwner: 60 });
    const people = await db.select().from(profiles);
    const rows = await db.select().from(reports);
    const byProfile = new Map<string, typeof rows>();
    for (const r of rows) byProfile.set(r.profileId, [...(byProfile.get(r.profileId) ?? []), r]);
    const mismatches = people
      .map((p) => ({
        id: p.id,
        stored: p.status,
        derived: deriveProfileStatus({
          precandidate: p.status === 'PRECANDIDATE',
          confirmedHomonym: p.confirmedHomonym,
          reports: byProfile.get(p.id) ?? [],
        }),
      }))
      .filter((m) => m.stored !== m.derived);
    expect(mismatches).toEqual([]);
    // Seeded findings have the worker's shape.
    for (const f of rows.flatMap((r) => r.findings))
      expect(f).toMatchObject({
        kind: expect.any(String),
        matchedBy: expect.stringMatching(/^(id|name)$/),
        severity: expect.stringMatching(/^(adverse|info)$/),
        source: expect.any(String),
      });
    expect(rows.some((r) => r.findings.some((f) => f.matchedBy === 'name' && f.severity === 'adverse'))).toBe(true);
  });
});
