import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { TCreateProfileResponse, TGetProfileResponse } from '@centinela/shared';
import { loadAndRecord } from '../../src/domains/watchlists/load.ts';
import { BUNDLED_DIR, listSources } from '../../src/domains/watchlists/sources.ts';
import { signedIn } from '../factories.ts';
import { describe, expect, test } from '../helper.ts';
import { FAST_ENV } from '../reports/support.ts';

// OFAC 6861 is "GUZMAN LOERA, Joaquin" in both shipped snapshots.
const GUZMAN = { source: 'ofac-sdn', entryId: '6861' };
const isGuzman = (f: Record<string, unknown>) =>
  f.kind === 'watchlist_entry' && (f.record as { entryId?: string }).entryId === GUZMAN.entryId;

describe('watch lists: a confirmed homonym', () => {
  test.override({ env: { ...FAST_ENV, WATCHLIST_MAX_AGE_DAYS: '100000' } });

  test('stays dismissed for that entry when the list changes and the report runs again', async ({ app, db }) => {
    const ofac = listSources(app.config).find((s) => s.id === 'ofac-sdn')!;
    const load = (file: string) =>
      loadAndRecord(db, ofac, {
        bytes: createReadStream(path.join(BUNDLED_DIR, file)),
        origin: 'upload',
        fileName: file,
      });
    await load('ofac-sdn-2024-03-15.csv');
    const a = await signedIn(app, ['manager']);
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/profiles',
      headers: a.headers,
      payload: {
        kind: 'candidate',
        country: 'mx',
        documentType: 'passport',
        documentId: 'AB1234567',
        name: 'Joaquín Guzmán Loera',
        reportTypes: ['watchlists'],
      },
    });
    expect(created.statusCode).toBe(201);
    const { profile } = created.json<TCreateProfileResponse>();
    await app.reports.drain();
    const detail = async () =>
      (await app.inject({ url: `/api/v1/profiles/${profile.id}`, headers: a.headers })).json<TGetProfileResponse>();
    const screened = await detail();
    const report = () => screened.reports.find((r) => r.type === 'watchlists')!;
    expect(report().findings.some(isGuzman)).toBe(true);
    expect(screened.status).toBe('PENDING_MANUAL_REVIEW');

    // The reviewer: not this person.
    const homonym = await app.inject({
      method: 'PATCH',
      url: `/api/v1/profiles/${profile.id}`,
      headers: a.headers,
      payload: { confirmedHomonym: true },
    });
    expect(homonym.statusCode).toBe(200);
    // The report, the person and the finding agree: the match is ruled a homonym, nothing waits for review.
    const ruled = await detail();
    expect(ruled.status).toBe('PASSED');
    const ruledReport = ruled.reports.find((r) => r.type === 'watchlists')!;
    expect(ruledReport.status).toBe('COMPLETED');
    expect(ruledReport.findings.find(isGuzman)).toMatchObject({ ruling: { verdict: 'homonym' } });

    // A newer version of the list, and the report run again: the entry does not come back.
    await load('ofac-sdn-2024-05-03.csv');
    const rerun = await app.inject({
      method: 'POST',
      url: `/api/v1/profiles/reports/${report().id}/rerun`,
      headers: a.headers,
    });
    expect(rerun.statusCode).toBe(200);
    await app.reports.drain();
    const after = await detail();
    const again = after.reports.find((r) => r.type === 'watchlists')!;
    expect(again.findings.find(isGuzman)).toMatchObject({ ruling: { verdict: 'homonym' } });
    expect(again.status).toBe('COMPLETED');
    expect(after.status).toBe('PASSED');
  }, 120_000);
});
