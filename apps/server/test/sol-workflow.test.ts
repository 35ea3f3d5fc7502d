import { eq } from 'drizzle-orm';
import {
  auditEvents,
  referenceChecks,
  references,
  webhookDeliveries,
  webhookEndpoints,
} from '../src/db/schema/index.ts';
import { createWebhookEndpoint } from './support/webhooks.ts';
import { SANDBOX_SHARED_PHONE } from '../src/domains/sol/adapters/sandbox.ts';
import { createOwner, createUser, login, bearer } from './factories.ts';
import { describe, expect, test } from './helper.ts';
import { recordEvents } from './reports/support.ts';
import { checkState, manualClock, requestSol, solWorker } from './support/sol.ts';

const HOUR = 3600_000;

describe('Sol workflow (sandbox)', () => {
  test.override({ env: { SOL_SANDBOX_STEP_MS: '1000', SANDBOX_LATENCY_MS: '0' } });

  test('a candidate who accepts: references called, summarised, report settled once', async ({ app }) => {
    const owner = await createOwner(app.db);
    const endpoint = await createWebhookEndpoint(app.db, owner.id);
    await app.db
      .update(webhookEndpoints)
      .set({ events: ['reference_check.completed'] })
      .where(eq(webhookEndpoints.id, endpoint.id));
    const events = recordEvents(app);
    const { checkId, reportId } = await requestSol(app, owner.id, '+573001234500');
    let state = await checkState(app, checkId);
    expect(state.check.status).toBe('pending');
    expect(state.report).toMatchObject({ status: 'PENDING', lockedBy: null });

    const clock = manualClock();
    const worker = solWorker(app, clock);
    await worker.runDue();
    expect((await checkState(app, checkId)).check.status).toBe('contacting');
    // The candidate answers one step later (compressed time): references arrive, calls start.
    clock.advance(1_000);
    await worker.runDue();
    state = await checkState(app, checkId);
    expect(state.check.status).toBe('calling');
    expect(state.refs.map((r) => r.status)).toEqual(['calling', 'calling']);
    expect(state.refs.every((r) => r.whatsappContactedAt && r.callAttempts === 1)).toBe(true);

    clock.advance(1_000);
    await worker.runDue();
    state = await checkState(app, checkId);
    expect(state.check.status).toBe('completed');
    expect(state.refs.map((r) => r.status)).toEqual(['completed', 'completed']);
    for (const ref of state.refs) {
      expect(ref.summary?.evaluation).toBeTruthy();
      expect(ref.segments?.length).toBeGreaterThan(5);
      expect(ref.callDurationSeconds).toBeGreaterThan(30);
      expect(ref.recordingPath).toMatch(/^asset:es-\d\.ogg$/);
      // Every evidence link points at a passage of this transcript.
      for (const i of Object.values(ref.evidence ?? {})) expect(ref.segments![i]).toBeDefined();
    }
    expect(state.check.crossCheck.every((c) => c.result === 'match')).toBe(true);
    expect(state.check.fraudSignals).toEqual([]);
    expect(state.report).toMatchObject({ status: 'COMPLETED', findings: [] });
    expect(state.report?.details).toMatchObject({ outcome: 'completed', referencesCompleted: 2 });
    const finished = await app.db.select().from(auditEvents).where(eq(auditEvents.entityId, reportId));
    expect(finished.filter((a) => a.action === 'report.finished')).toHaveLength(1);
    expect(
      events.some((e) => e.name === 'report.updated' && (e.payload as { status: string }).status === 'COMPLETED'),
    ).toBe(true);
    expect(
      events.some(
        (e) => e.name === 'reference_check.updated' && (e.payload as { status: string }).status === 'completed',
      ),
    ).toBe(true);
    // The client's webhook, queued in the transaction that completed the check (the webhook outbox).
    const deliveries = await app.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(deliveries.map((d) => d.eventType)).toEqual(['reference_check.completed']);
    expect(JSON.parse(deliveries[0]!.payload)).toMatchObject({
      type: 'reference_check.completed',
      data: { referenceCheckId: checkId, reportId, status: 'completed', referencesCompleted: 2 },
    });
  });

  test('a candidate who declines: declined, the report INFO', async ({ app }) => {
    const owner = await createOwner(app.db);
    const { checkId } = await requestSol(app, owner.id, '+573001234510');
    const clock = manualClock();
    const worker = solWorker(app, clock);
    await worker.runDue();
    clock.advance(1_000);
    await worker.runDue();
    const state = await checkState(app, checkId);
    expect(state.check).toMatchObject({ status: 'declined' });
    expect(state.check.declinedAt).not.toBeNull();
    expect(state.refs).toEqual([]);
    expect(state.report).toMatchObject({ status: 'INFO' });
    expect(state.report?.findings.map((f) => f.kind)).toEqual(['references_declined']);
  });

  test('no answer: expired at 48 hours (injected clock), partial results kept', async ({ app }) => {
    const owner = await createOwner(app.db);
    const { checkId } = await requestSol(app, owner.id, '+573001234520');
    const clock = manualClock();
    const worker = solWorker(app, clock);
    await worker.runDue();
    clock.advance(47 * HOUR);
    await worker.runDue();
    expect((await checkState(app, checkId)).check.status).toBe('contacting');
    clock.advance(1 * HOUR + 1000);
    await worker.runDue();
    const state = await checkState(app, checkId);
    expect(state.check.status).toBe('expired');
    expect(state.check.expiredAt).not.toBeNull();
    expect(state.report).toMatchObject({ status: 'INFO' });
    expect(state.report?.findings.map((f) => f.kind)).toEqual(['references_expired']);
  });

  test('a reference who never answers is unreachable after the attempts; the rest completes', async ({ app }) => {
    const owner = await createOwner(app.db);
    const { checkId } = await requestSol(app, owner.id, '+573001234530');
    const clock = manualClock();
    const worker = solWorker(app, clock);
    for (let i = 0; i < 10; i++) {
      await worker.runDue();
      clock.advance(1_000);
    }
    const state = await checkState(app, checkId);
    expect(state.check.status).toBe('completed');
    expect(state.refs.map((r) => [r.status, r.callAttempts])).toEqual([
      ['completed', 1],
      ['unreachable', 3],
    ]);
    expect(state.report).toMatchObject({ status: 'COMPLETED' });
  });

  test('restart mid-call: another worker takes over after the lease and resumes the same call', async ({ app }) => {
    const owner = await createOwner(app.db);
    const { checkId } = await requestSol(app, owner.id, '+573001234500');
    const clock = manualClock();
    const first = solWorker(app, clock);
    await first.runDue();
    clock.advance(1_000);
    await first.runDue();
    const calling = await checkState(app, checkId);
    expect(calling.check.status).toBe('calling');
    const callIds = calling.refs.map((r) => r.callId);
    // The first worker "dies" holding the check: it claimed and never wrote.
    const leaseMs = app.config.SOL_LEASE_SECONDS * 1000;
    await app.db
      .update(referenceChecks)
      .set({ lockedBy: 'dead-worker', lockedUntil: new Date(clock.now().getTime() + leaseMs), nextRunAt: clock.now() })
      .where(eq(referenceChecks.id, checkId));
    const second = solWorker(app, clock);
    expect(await second.runOnce()).toBe(0); // the lease still holds
    clock.advance(leaseMs + 1_000);
    await second.runDue();
    const state = await checkState(app, checkId);
    expect(state.check.status).toBe('completed');
    // No second call was placed: the same calls were followed to their end.
    expect(state.refs.map((r) => r.callId)).toEqual(callIds);
    expect(state.refs.every((r) => r.callAttempts === 1)).toBe(true);
    expect(state.report).toMatchObject({ status: 'COMPLETED' });
  });

  test('fraud pattern and claim mismatches are flagged; a reviewer resolves a signal', async ({ app }) => {
    const owner = await createOwner(app.db);
    const clock = manualClock();
    const worker = solWorker(app, clock);
    const earlier = await requestSol(app, owner.id, '+573001111160', 'Luis Pérez');
    const fraud = await requestSol(app, owner.id, '+573002222260', 'Marta Ruiz');
    const mismatch = await requestSol(app, owner.id, '+573003333350', 'Jorge Díaz');
    for (let i = 0; i < 6; i++) {
      await worker.runDue();
      clock.advance(1_000);
    }
    const first = await checkState(app, earlier.checkId);
    expect(first.check.status).toBe('completed');
    const state = await checkState(app, fraud.checkId);
    expect(state.check.status).toBe('completed');
    const kinds = state.check.fraudSignals.map((s) => `${s.kind}:${s.level}`).sort();
    expect(kinds).toEqual([
      'phone_is_candidate:high',
      'phone_reused_across_candidates:medium',
      'unlisted_company:medium',
    ]);
    expect(state.refs[1]!.phone).toBe(SANDBOX_SHARED_PHONE);
    expect(state.report).toMatchObject({ status: 'PENDING_MANUAL_REVIEW' });

    const m = await checkState(app, mismatch.checkId);
    const bad = m.check.crossCheck
      .filter((c) => c.result === 'mismatch')
      .map((c) => c.field)
      .sort();
    expect(bad).toEqual(['position', 'start']);
    expect(m.report).toMatchObject({ status: 'PENDING_MANUAL_REVIEW' });

    // A reviewer (reports:review) resolves one; a viewer may not.
    const analyst = await createUser(app.db, { ownerId: owner.id, roles: ['analyst'] });
    const viewer = await createUser(app.db, { ownerId: owner.id, roles: ['viewer'] });
    const signal = state.check.fraudSignals.find((s) => s.kind === 'phone_is_candidate')!;
    const url = `/api/v1/sol/checks/${fraud.checkId}/fraud-signals/${signal.id}/resolve`;
    const denied = await app.inject({
      method: 'POST',
      url,
      headers: bearer((await login(app, viewer.username)).token),
    });
    expect(denied.statusCode).toBe(403);
    const ok = await app.inject({ method: 'POST', url, headers: bearer((await login(app, analyst.username)).token) });
    expect(ok.statusCode).toBe(200);
    const resolved = ok
      .json<{ fraudSignals: { id: string; resolvedAt: string | null; resolvedBy: string | null }[] }>()
      .fraudSignals.find((s) => s.id === signal.id);
    expect(resolved).toMatchObject({ resolvedBy: analyst.id });
    expect(resolved?.resolvedAt).toBeTruthy();
    const audit = await app.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'reference_check.fraud_signal_resolved'));
    expect(audit).toHaveLength(1);
  });

  test('staff routes: the check, the recording with Range, the transcript; other owners get 404', async ({ app }) => {
    const owner = await createOwner(app.db);
    const user = await createUser(app.db, { ownerId: owner.id, roles: ['viewer'] });
    const headers = bearer((await login(app, user.username)).token);
    const { checkId, reportId } = await requestSol(app, owner.id, '+12025550100', 'John Smith');
    const clock = manualClock();
    const worker = solWorker(app, clock);
    for (let i = 0; i < 4; i++) {
      await worker.runDue();
      clock.advance(1_000);
    }
    const byReport = await app.inject({ url: `/api/v1/sol/checks/by-report/${reportId}`, headers });
    expect(byReport.statusCode).toBe(200);
    const check = byReport.json<{
      id: string;
      status: string;
      language: string;
      references: { id: string; hasRecording: boolean; segments: { speaker: string }[] }[];
    }>();
    expect(check).toMatchObject({ id: checkId, status: 'completed', language: 'en' });
    const ref = check.references[0]!;
    expect(ref.hasRecording).toBe(true);
    expect(ref.segments[0]!.speaker).toBe('sol');

    const whole = await app.inject({ url: `/api/v1/sol/references/${ref.id}/recording`, headers });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/ogg');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.subarray(0, 4).toString()).toBe('OggS');
    const size = whole.rawPayload.length;
    // A browser asks with its usual accept-encoding: the range is of the file itself, never of a compressed copy.
    const part = await app.inject({
      url: `/api/v1/sol/references/${ref.id}/recording`,
      headers: { ...headers, range: 'bytes=100-199', 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.headers['content-range']).toBe(`bytes 100-199/${size}`);
    expect(part.rawPayload).toEqual(whole.rawPayload.subarray(100, 200));
    const tail = await app.inject({
      url: `/api/v1/sol/references/${ref.id}/recording`,
      headers: { ...headers, range: 'bytes=-10' },
    });
    expect(tail.rawPayload).toEqual(whole.rawPayload.subarray(size - 10));
    const bad = await app.inject({
      url: `/api/v1/sol/references/${ref.id}/recording`,
      headers: { ...headers, range: `bytes=${size + 5}-` },
    });
    expect(bad.statusCode).toBe(416);

    const transcript = await app.inject({ url: `/api/v1/sol/references/${ref.id}/transcript`, headers });
    expect(transcript.statusCode).toBe(200);
    expect(transcript.headers['content-disposition']).toContain('attachment');
    expect(transcript.body).toMatch(/^\[00:00\] Sol: Good/);

    const other = await createOwner(app.db);
    const stranger = await createUser(app.db, { ownerId: other.id, roles: ['manager'] });
    const strangerHeaders = bearer((await login(app, stranger.username)).token);
    expect((await app.inject({ url: `/api/v1/sol/checks/${checkId}`, headers: strangerHeaders })).statusCode).toBe(404);
    expect(
      (await app.inject({ url: `/api/v1/sol/references/${ref.id}/recording`, headers: strangerHeaders })).statusCode,
    ).toBe(404);
    const rows = await app.db.select().from(references).where(eq(references.referenceCheckId, checkId));
    expect(rows).toHaveLength(2);
  });
});
