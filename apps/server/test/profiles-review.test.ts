import { and, eq } from 'drizzle-orm';
import type { TGetProfileResponse, TProfileReport } from '@centinela/shared';
import { auditEvents, profiles } from '../src/db/schema/index.ts';
import type { DomainEvent } from '../src/kernel/index.ts';
import { createProfile, signedIn } from './factories.ts';
import { describe, expect, test } from './helper.ts';
import { createReport } from './support/profiles-fixtures.ts';

const nameOnly = {
  kind: 'criminal_record',
  matchedBy: 'name' as const,
  severity: 'adverse' as const,
  summary: 'x',
  source: 'y',
  date: null,
  record: {},
};

describe('PATCH /api/v1/profiles/:id', () => {
  test('edits the review fields, audits the change; null clears one', async ({ app, db }) => {
    const a = await signedIn(app);
    const profile = await createProfile(db, a.owner.id, { status: 'PASSED', crimeCategory: 'old' });
    const payload = {
      observations: 'Checked by phone',
      outcome: 'hired',
      validationComment: 'ok',
      excludedProcessType: 'civil',
      crimeCategory: null,
      sentencingStatus: 'none',
    };
    const response = await app.inject({
      method: 'PATCH',
      url: `/api/v1/profiles/${profile.id}`,
      headers: a.headers,
      payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<TGetProfileResponse>()).toMatchObject(payload);
    const [audit] = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, profile.id), eq(auditEvents.action, 'profile.update')));
    expect(audit?.changes).toEqual(payload);
  });

  test('a confirmed homonym re-derives the status from the reports', async ({ app, db }) => {
    const a = await signedIn(app);
    const profile = await createProfile(db, a.owner.id, { status: 'PENDING_MANUAL_REVIEW' });
    await createReport(db, a.owner.id, {
      profileId: profile.id,
      status: 'PENDING_MANUAL_REVIEW',
      findings: [nameOnly],
    });
    const events: DomainEvent[] = [];
    app.events.subscribe((e) => events.push(e));
    const response = await app.inject({
      method: 'PATCH',
      url: `/api/v1/profiles/${profile.id}`,
      headers: a.headers,
      payload: { confirmedHomonym: true },
    });
    expect(response.json<TGetProfileResponse>()).toMatchObject({ confirmedHomonym: true, status: 'PASSED' });
    expect(events).toContainEqual({
      name: 'profile.updated',
      ownerId: a.owner.id,
      payload: { profileId: profile.id, status: 'PASSED' },
    });
  });

  test("refuses an empty or unknown change, and a viewer; another owner's person is a 404", async ({ app, db }) => {
    const a = await signedIn(app);
    const b = await signedIn(app);
    const viewer = await signedIn(app, ['viewer']);
    const profile = await createProfile(db, a.owner.id);
    const url = `/api/v1/profiles/${profile.id}`;
    expect((await app.inject({ method: 'PATCH', url, headers: a.headers, payload: {} })).statusCode).toBe(400);
    expect((await app.inject({ method: 'PATCH', url, headers: a.headers, payload: { name: 'x' } })).statusCode).toBe(
      400,
    );
    expect(
      (await app.inject({ method: 'PATCH', url, headers: viewer.headers, payload: { observations: 'x' } })).statusCode,
    ).toBe(403);
    expect(
      (await app.inject({ method: 'PATCH', url, headers: b.headers, payload: { observations: 'x' } })).statusCode,
    ).toBe(404);
    const [row] = await db.select().from(profiles).where(eq(profiles.id, profile.id));
    expect(row?.observations).toBeNull();
  });
});

describe('POST /api/v1/profiles/:id/review', () => {
  test.for([
    ['approved', 'PASSED'],
    ['rejected', 'FAILED'],
  ] as const)('%s → %s, manually reviewed, comment and outcome recorded', async ([decision, status], { app, db }) => {
    const a = await signedIn(app);
    const profile = await createProfile(db, a.owner.id, { status: 'PENDING_MANUAL_REVIEW' });
    const response = await app.inject({
      method: 'POST',
      url: `/api/v1/profiles/${profile.id}/review`,
      headers: a.headers,
      payload: { decision, comment: 'Looked at the record' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<TGetProfileResponse>()).toMatchObject({
      status,
      outcome: decision,
      manuallyReviewed: true,
      validationComment: 'Looked at the record',
    });
    const audit = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, profile.id), eq(auditEvents.action, 'profile.review')));
    expect(audit).toHaveLength(1);
  });

  test('only while PENDING_MANUAL_REVIEW; scope reports:review; tenant-isolated', async ({ app, db }) => {
    const a = await signedIn(app);
    const b = await signedIn(app);
    const viewer = await signedIn(app, ['viewer']);
    const passed = await createProfile(db, a.owner.id, { status: 'PASSED' });
    const waiting = await createProfile(db, a.owner.id, { status: 'PENDING_MANUAL_REVIEW' });
    const review = (id: string, headers: Record<string, string>) =>
      app.inject({ method: 'POST', url: `/api/v1/profiles/${id}/review`, headers, payload: { decision: 'approved' } });
    const conflict = await review(passed.id, a.headers);
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().code).toBe('review_not_pending');
    expect((await review(waiting.id, viewer.headers)).statusCode).toBe(403);
    expect((await review(waiting.id, b.headers)).statusCode).toBe(404);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `/api/v1/profiles/${waiting.id}/review`,
          headers: a.headers,
          payload: { decision: 'maybe' },
        })
      ).statusCode,
    ).toBe(400);
    expect((await review(waiting.id, a.headers)).statusCode).toBe(200);
    // Decided once: a second decision is refused.
    expect((await review(waiting.id, a.headers)).statusCode).toBe(409);
  });
});

describe('POST /api/v1/profiles/reports/:reportId/rerun', () => {
  test('puts a finished report back to PENDING, re-derives the status, audits and publishes', async ({ app, db }) => {
    const a = await signedIn(app);
    const profile = await createProfile(db, a.owner.id, { status: 'ERROR' });
    const report = await createReport(db, a.owner.id, { profileId: profile.id, status: 'ERROR' });
    const events: DomainEvent[] = [];
    app.events.subscribe((e) => events.push(e));
    const response = await app.inject({
      method: 'POST',
      url: `/api/v1/profiles/reports/${report.id}/rerun`,
      headers: a.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<TProfileReport>()).toMatchObject({
      id: report.id,
      status: 'PENDING',
      attempts: 0,
      lastError: null,
    });
    const [row] = await db.select().from(profiles).where(eq(profiles.id, profile.id));
    expect(row?.status).toBe('PENDING');
    expect(events.map((e) => e.name)).toEqual(['report.updated', 'profile.updated']);
    const audit = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, report.id), eq(auditEvents.action, 'report.rerun')));
    expect(audit).toHaveLength(1);
  });

  test("another owner's report is a 404; a viewer is refused", async ({ app, db }) => {
    const a = await signedIn(app);
    const b = await signedIn(app);
    const viewer = await signedIn(app, ['viewer']);
    const report = await createReport(db, a.owner.id);
    expect(
      (await app.inject({ method: 'POST', url: `/api/v1/profiles/reports/${report.id}/rerun`, headers: b.headers }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `/api/v1/profiles/reports/${report.id}/rerun`,
          headers: viewer.headers,
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('a manual decision survives a later status refresh', () => {
  test.for(['approved', 'rejected'] as const)(
    '%s stays after the homonym flag is edited',
    async (decision, { app, db }) => {
      const a = await signedIn(app);
      const profile = await createProfile(db, a.owner.id, { status: 'PENDING_MANUAL_REVIEW' });
      await createReport(db, a.owner.id, {
        profileId: profile.id,
        status: 'PENDING_MANUAL_REVIEW',
        findings: [nameOnly],
      });
      const url = `/api/v1/profiles/${profile.id}`;
      await app.inject({ method: 'POST', url: `${url}/review`, headers: a.headers, payload: { decision } });
      const expected = decision === 'approved' ? 'PASSED' : 'FAILED';
      // From the reports alone: PASSED with the homonym ruled out, PENDING_MANUAL_REVIEW with it back.
      for (const confirmedHomonym of [true, false]) {
        const response = await app.inject({ method: 'PATCH', url, headers: a.headers, payload: { confirmedHomonym } });
        expect(response.json<TGetProfileResponse>().status, `confirmedHomonym ${confirmedHomonym}`).toBe(expected);
      }
    },
  );
});

describe('a record matched by document decides FAILED', () => {
  const byDocument = { ...nameOnly, matchedBy: 'id' as const, source: 'OFAC SDN', summary: 'SDN by passport' };

  test('beside a name-only match: FAILED, and an approval cannot make it PASSED', async ({ app, db }) => {
    const a = await signedIn(app);
    // The status as stored before the rule: waiting for a review of the name-only match.
    const profile = await createProfile(db, a.owner.id, { status: 'PENDING_MANUAL_REVIEW' });
    await createReport(db, a.owner.id, {
      profileId: profile.id,
      type: 'watchlists',
      status: 'PENDING_MANUAL_REVIEW',
      findings: [byDocument, nameOnly],
    });
    const url = `/api/v1/profiles/${profile.id}`;
    const approved = await app.inject({
      method: 'POST',
      url: `${url}/review`,
      headers: { ...a.headers, 'accept-language': 'es' },
      payload: { decision: 'approved' },
    });
    expect(approved.statusCode, approved.body).toBe(409);
    expect(approved.json()).toEqual({
      code: 'review_document_match',
      message: expect.stringContaining('coincide por su documento'),
    });
    const [stored] = await db.select().from(profiles).where(eq(profiles.id, profile.id));
    expect([stored!.status, stored!.outcome]).not.toContain('PASSED');
    // Derived from the reports, the person is FAILED, and no review is due.
    for (const confirmedHomonym of [true, false]) {
      const derived = await app.inject({ method: 'PATCH', url, headers: a.headers, payload: { confirmedHomonym } });
      expect(derived.json<TGetProfileResponse>().status, `confirmedHomonym ${confirmedHomonym}`).toBe('FAILED');
    }
    const again = await app.inject({
      method: 'POST',
      url: `${url}/review`,
      headers: a.headers,
      payload: { decision: 'approved' },
    });
    expect(again.statusCode).toBe(409);
    const view = await app.inject({ method: 'GET', url, headers: a.headers });
    expect(view.json<TGetProfileResponse>().status).toBe('FAILED');
  });
});
