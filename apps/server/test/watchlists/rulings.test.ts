import { and, eq } from 'drizzle-orm';
import type { TListAlertsResponse, TRuleMatchResponse } from '@centinela/shared';
import { auditEvents } from '../../src/db/schema/index.ts';
import { signedIn } from '../factories.ts';
import { describe, expect, test } from '../helper.ts';
import { FAST_ENV } from '../reports/support.ts';
import { loadList, staffSignedIn } from './lists.ts';
import { createScreenedPerson, watchlistReport } from './persons.ts';
import { OFAC_MARCH, OFAC_MAY } from './support.ts';

describe('watch lists: each match ruled on its own', () => {
  test.override({ env: { ...FAST_ENV, WATCHLIST_MAX_AGE_DAYS: '100000' } });

  test('a ruling decides the report and the person alike, with its reason and reviewer, audited', async ({
    app,
    db,
  }) => {
    const staff = await staffSignedIn(app);
    await loadList(app, staff.headers, 'ofac-sdn', OFAC_MAY);
    const manager = await signedIn(app, ['manager']);
    const stranger = await signedIn(app, ['manager']);
    // 6861 GUZMAN LOERA matches by name; 48066's C.U.R.P. ties Jesús Tirado by document.
    const named = await createScreenedPerson(app, manager.headers, {
      name: 'Joaquín Guzmán Loera',
      documentId: 'GULJ541225HSLZRQ05',
    });
    const tied = await createScreenedPerson(app, manager.headers, {
      name: 'Jesús Tirado',
      documentId: 'TIAJ961201HSLRNS08',
    });
    await app.reports.drain();
    const rule = (headers: Record<string, string>, body: Record<string, unknown>) =>
      app.inject({ method: 'POST', url: '/api/v1/watchlists/rulings', headers, payload: body });
    const guzman = { profileId: named, source: 'ofac-sdn', entryId: '6861' };

    // A homonym needs a reason, said in the reviewer's language.
    const bare = await rule({ ...manager.headers, 'accept-language': 'es' }, { ...guzman, verdict: 'homonym' });
    expect(bare.statusCode).toBe(422);
    expect(bare.json()).toEqual({
      code: 'watchlist_ruling_reason',
      message: 'Indica por qué esta coincidencia es un homónimo.',
    });
    // A match on the document is never a homonym.
    const onDocument = await rule(manager.headers, {
      profileId: tied,
      source: 'ofac-sdn',
      entryId: '48066',
      verdict: 'homonym',
      reason: 'Another person',
    });
    expect(onDocument.statusCode).toBe(409);
    expect(onDocument.json()).toMatchObject({ code: 'watchlist_ruling_document' });
    // Another owner's person is not there; an entry not on the report is refused.
    expect((await rule(stranger.headers, { ...guzman, verdict: 'confirmed' })).statusCode).toBe(404);
    const absent = await rule(manager.headers, { ...guzman, entryId: '1', verdict: 'confirmed' });
    expect(absent.statusCode).toBe(404);
    expect(absent.json()).toMatchObject({ code: 'watchlist_match_not_found' });

    // "It is this person": the name match decides like a document match.
    const confirmed = await rule(manager.headers, { ...guzman, verdict: 'confirmed', reason: 'Photo matches' });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json<TRuleMatchResponse>()).toMatchObject({
      ruling: { verdict: 'confirmed', reason: 'Photo matches', by: manager.user.username },
      reportStatus: 'COMPLETED',
      profileStatus: 'FAILED',
    });
    const failed = await watchlistReport(app, manager.headers, named);
    expect(failed.profile.status).toBe('FAILED');
    expect(failed.report.status).toBe('COMPLETED');
    expect(failed.report.findings.find((f) => f.record.entryId === '6861')).toMatchObject({
      ruling: { verdict: 'confirmed', reason: 'Photo matches', by: manager.user.username },
    });

    // Changing a ruling needs its reason, said in the reviewer's language.
    const unexplained = await rule(
      { ...manager.headers, 'accept-language': 'pt' },
      { ...guzman, verdict: 'acknowledged' },
    );
    expect(unexplained.statusCode).toBe(422);
    expect(unexplained.json()).toEqual({
      code: 'watchlist_ruling_change_reason',
      message: 'Diga por que a decisão sobre esta correspondência muda.',
    });

    // A later word replaces it: a homonym, with its reason; the report, the person and the finding agree.
    const homonym = await rule(manager.headers, { ...guzman, verdict: 'homonym', reason: 'Born 1988, per INE' });
    expect(homonym.json<TRuleMatchResponse>()).toMatchObject({ reportStatus: 'COMPLETED', profileStatus: 'PASSED' });
    const cleared = await watchlistReport(app, manager.headers, named);
    expect(cleared.profile.status).toBe('PASSED');
    expect(cleared.report.findings.find((f) => f.record.entryId === '6861')).toMatchObject({
      ruling: {
        verdict: 'homonym',
        reason: 'Born 1988, per INE',
        // The ruling it replaced stays on the record: who, when, what and why.
        history: [{ verdict: 'confirmed', reason: 'Photo matches', by: manager.user.username, at: expect.any(String) }],
      },
    });
    expect(homonym.json<TRuleMatchResponse>().ruling.history).toEqual([
      { verdict: 'confirmed', reason: 'Photo matches', by: manager.user.username, at: expect.any(String) },
    ]);

    // An acknowledged document match keeps deciding FAILED.
    const seen = await rule(manager.headers, {
      profileId: tied,
      source: 'ofac-sdn',
      entryId: '48066',
      verdict: 'acknowledged',
      reason: 'Escalated to legal',
    });
    expect(seen.json<TRuleMatchResponse>()).toMatchObject({ reportStatus: 'COMPLETED', profileStatus: 'FAILED' });
    // Changed later, a match by document is still never a homonym.
    const changedToHomonym = await rule(manager.headers, {
      profileId: tied,
      source: 'ofac-sdn',
      entryId: '48066',
      verdict: 'homonym',
      reason: 'Another person',
    });
    expect(changedToHomonym.statusCode).toBe(409);
    expect(changedToHomonym.json()).toMatchObject({ code: 'watchlist_ruling_document' });

    const trail = await db
      .select({ changes: auditEvents.changes, actor: auditEvents.actorUserId })
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'watchlist.ruling'), eq(auditEvents.entityId, named)));
    expect(trail.map((t) => [t.actor, t.changes?.verdict, t.changes?.from, t.changes?.reason])).toEqual([
      [manager.user.id, 'confirmed', null, 'Photo matches'],
      [manager.user.id, 'homonym', 'confirmed', 'Born 1988, per INE'],
    ]);
    expect(trail[1]!.changes?.previous).toEqual({
      verdict: 'confirmed',
      reason: 'Photo matches',
      by: manager.user.username,
      at: expect.any(String),
    });
  }, 120_000);

  test("a ruling from the flyout closes the entry's open alert with the same word and reason", async ({ app }) => {
    const staff = await staffSignedIn(app);
    const manager = await signedIn(app, ['manager']);
    const loadAndMonitor = async (file: string) => {
      await loadList(app, staff.headers, 'ofac-sdn', file);
      await app.jobs.runner['watchlist-monitor'].drain();
    };
    await loadAndMonitor(OFAC_MARCH);
    // Passes against 03-15 and is monitored; 05-03 adds 48081 LEON VALDEZ, Jesus Manuel.
    const id = await createScreenedPerson(app, manager.headers, {
      name: 'Jesús Manuel León Valdez',
      documentId: 'LEVX770508HDGNLS07',
    });
    await app.reports.drain();
    await loadAndMonitor(OFAC_MAY);
    const alerts = async () =>
      (
        await app.inject({ method: 'GET', url: '/api/v1/watchlists/alerts?state=all', headers: manager.headers })
      ).json<TListAlertsResponse>().alerts;
    expect(await alerts()).toMatchObject([{ profileId: id, kind: 'match', resolution: null }]);

    const ruled = await app.inject({
      method: 'POST',
      url: '/api/v1/watchlists/rulings',
      headers: manager.headers,
      payload: { profileId: id, source: 'ofac-sdn', entryId: '48081', verdict: 'confirmed', reason: 'Same face' },
    });
    expect(ruled.statusCode, ruled.body).toBe(200);
    expect(ruled.json<TRuleMatchResponse>()).toMatchObject({ reportStatus: 'COMPLETED', profileStatus: 'FAILED' });
    expect(await alerts()).toMatchObject([
      { resolution: 'confirmed', reason: 'Same face', reviewedBy: manager.user.username },
    ]);
    const { report, profile } = await watchlistReport(app, manager.headers, id);
    expect(profile.status).toBe('FAILED');
    expect(report.findings.find((f) => f.record.entryId === '48081')).toMatchObject({
      ruling: { verdict: 'confirmed', reason: 'Same face' },
    });

    // Changed from the monitoring alert: the same word again has nothing to change, a new one needs its
    // reason; then the alert, the report's finding and the person agree, the first ruling kept.
    const [alert] = await alerts();
    const review = (payload: Record<string, unknown>) =>
      app.inject({
        method: 'POST',
        url: `/api/v1/watchlists/alerts/${alert!.id}/review`,
        headers: manager.headers,
        payload,
      });
    expect((await review({ resolution: 'confirmed', reason: 'Again' })).statusCode).toBe(409);
    const bare = await review({ resolution: 'homonym' });
    expect(bare.statusCode).toBe(422);
    const changed = await review({ resolution: 'homonym', reason: 'Different birth date on the INE' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ resolution: 'homonym', reason: 'Different birth date on the INE' });
    const after = await watchlistReport(app, manager.headers, id);
    expect(after.profile.status).toBe('PASSED');
    expect(after.report.findings.find((f) => f.record.entryId === '48081')).toMatchObject({
      ruling: {
        verdict: 'homonym',
        reason: 'Different birth date on the INE',
        history: [{ verdict: 'confirmed', reason: 'Same face', by: manager.user.username }],
      },
    });
    expect(await alerts()).toMatchObject([{ resolution: 'homonym', reason: 'Different birth date on the INE' }]);
  }, 180_000);
});
