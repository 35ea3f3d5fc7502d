import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { TranscriptSegment } from '@centinela/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { owners, referenceChecks, references } from '../../db/schema/index.ts';
import type { EventBus } from '../../kernel/index.ts';
import {
  FINAL_CALL_STATUSES,
  type CallStatus,
  type InboundMessage,
  type Language,
  type SolAdapters,
} from './adapters/types.ts';
import { isCallableAt, nextCallTime, zoneOfPhone, type CallHours } from './hours.ts';
import { DONE, endCheck, outcome, type StepOutcome } from './check-end.ts';
import {
  held,
  loadCheck,
  release,
  stillHeld,
  TERMINAL,
  type CheckRow,
  type ClaimedCheck,
  type ReferenceRow,
} from './jobs.ts';
import { parseCandidateReply } from './replies.ts';

export type SolSettings = {
  deadlineMs: number;
  maxCallAttempts: number;
  callRetryMs: number;
  callHours: CallHours;
  /** Real calls wait for local calling hours; the sandbox (compressed time) does not. */
  respectCallHours: boolean;
  /** How soon to look again while waiting on a person (the sandbox's step; real: a fallback to webhooks). */
  waitMs: number;
  /** How soon to ask the provider about a call in progress (a lost status callback is caught up). */
  callPollMs: number;
  recordingsDir: string;
  candidateTemplate: string;
  referenceTemplate: string;
};

export type SolContext = { db: Db; adapters: SolAdapters; settings: SolSettings; events: EventBus; now: () => Date };

const later = (now: Date, ms: number) => new Date(now.getTime() + ms);
const minDate = (...dates: (Date | null | undefined)[]) =>
  new Date(Math.min(...dates.filter((d): d is Date => Boolean(d)).map((d) => d.getTime())));

/** Inside the hand-over transaction (reports worker → Sol): the check of a report, created once. A re-run report starts a new check. */
export async function startReferenceCheck(
  tx: Db,
  input: {
    reportId: string;
    ownerId: string;
    profileId: string;
    candidatePhone: string;
    candidateName: string;
    now: Date;
    deadlineMs: number;
    language: Language;
  },
): Promise<void> {
  const [existing] = await tx
    .select({ id: referenceChecks.id, status: referenceChecks.status })
    .from(referenceChecks)
    .where(eq(referenceChecks.reportId, input.reportId));
  if (existing && !TERMINAL.includes(existing.status)) return;
  if (existing) await tx.delete(referenceChecks).where(eq(referenceChecks.id, existing.id));
  await tx.insert(referenceChecks).values({
    ownerId: input.ownerId,
    profileId: input.profileId,
    reportId: input.reportId,
    candidatePhone: input.candidatePhone,
    candidateName: input.candidateName.slice(0, 200),
    language: input.language,
    status: 'pending',
    deadlineAt: later(input.now, input.deadlineMs),
    nextRunAt: input.now,
  });
}

/** One step of one claimed check: does the outside work of its current status, commits, lets go. */
export async function runStep(ctx: SolContext, job: ClaimedCheck): Promise<StepOutcome | null> {
  const loaded = await loadCheck(ctx.db, job.id);
  if (!loaded || TERMINAL.includes(loaded.check.status)) {
    await release(ctx.db, job, null);
    return null;
  }
  const { check, refs } = loaded;
  const now = ctx.now();
  if (now >= check.deadlineAt) return finish(ctx, job, check, 'expired');
  switch (check.status) {
    case 'pending':
      return contactCandidate(ctx, job, check, now);
    case 'contacting':
    case 'collecting':
      return awaitCandidate(ctx, job, check, now);
    case 'calling':
      return callReferences(ctx, job, check, refs);
    case 'summarising':
      return summarise(ctx, job, check, refs);
    default:
      await release(ctx.db, job, null);
      return null;
  }
}

async function contactCandidate(
  ctx: SolContext,
  job: ClaimedCheck,
  check: CheckRow,
  now: Date,
): Promise<StepOutcome | null> {
  const [owner] = await ctx.db.select({ name: owners.name }).from(owners).where(eq(owners.id, check.ownerId));
  const { messageId } = await ctx.adapters.messaging.sendTemplate({
    to: check.candidatePhone,
    template: ctx.settings.candidateTemplate,
    language: check.language as Language,
    params: [check.candidateName ?? '', owner?.name ?? ''],
    key: `check:${check.id}`,
  });
  const ok = await release(ctx.db, { ...job }, later(now, ctx.settings.waitMs), {
    status: 'contacting',
    candidateContactedAt: now,
    candidateMessageId: messageId,
  });
  return ok ? outcome(check, 'contacting') : null;
}

async function awaitCandidate(
  ctx: SolContext,
  job: ClaimedCheck,
  check: CheckRow,
  now: Date,
): Promise<StepOutcome | null> {
  const poll = ctx.adapters.messaging.pollReplies;
  let result: StepOutcome | null = null;
  if (poll) {
    const messages = await poll.call(ctx.adapters.messaging, {
      to: check.candidatePhone,
      since: check.candidateContactedAt ?? now,
      now,
      key: check.id,
    });
    for (const message of messages) {
      const applied = await ctx.db.transaction(async (tx) =>
        (await stillHeld(tx, job)) ? applyCandidateMessage(tx, ctx, check.id, message) : null,
      );
      if (applied) result = applied;
      if (applied && TERMINAL.includes(applied.status)) return applied;
    }
  }
  // Replies that arrive by webhook wake the check; until then look again now and then, and at the deadline.
  await release(ctx.db, job, minDate(later(now, poll ? ctx.settings.waitMs : 30 * 60_000), check.deadlineAt));
  return result;
}

/**
 * A message from a candidate (webhook or sandbox), in the caller's transaction: accept → collecting,
 * decline → declined (the report is settled), references → the references are stored and calling
 * starts. Idempotent: a repeated message, or one after the references arrived, changes nothing.
 */
export async function applyCandidateMessage(
  tx: Db,
  ctx: Pick<SolContext, 'now' | 'settings' | 'events'>,
  checkId: string,
  message: InboundMessage,
): Promise<StepOutcome | null> {
  const [check] = await tx.select().from(referenceChecks).where(eq(referenceChecks.id, checkId)).for('update');
  if (!check || (check.status !== 'contacting' && check.status !== 'collecting')) return null;
  const now = ctx.now();
  const reply = parseCandidateReply(message);
  switch (reply.kind) {
    case 'accept':
      if (check.status === 'collecting') return null;
      await tx
        .update(referenceChecks)
        .set({ status: 'collecting', candidateRepliedAt: now, nextRunAt: now })
        .where(eq(referenceChecks.id, check.id));
      return outcome(check, 'collecting');
    case 'decline':
      return endCheck(tx, { ...check, candidateRepliedAt: check.candidateRepliedAt ?? now }, [], 'declined', now);
    case 'references': {
      await tx.insert(references).values(
        reply.references.map((r, i) => ({
          ownerId: check.ownerId,
          referenceCheckId: check.id,
          name: r.name,
          phone: r.phone,
          relationship: r.relationship,
          claimed: r.claimed,
          country: zoneOfPhone(r.phone).country,
          nextCallAt: now,
          // Keeps the order the candidate gave.
          createdAt: new Date(now.getTime() + i),
        })),
      );
      await tx
        .update(referenceChecks)
        .set({ status: 'calling', candidateRepliedAt: check.candidateRepliedAt ?? now, nextRunAt: now })
        .where(eq(referenceChecks.id, check.id));
      return outcome(check, 'calling');
    }
    case 'unknown':
      return null;
  }
}

async function callReferences(
  ctx: SolContext,
  job: ClaimedCheck,
  check: CheckRow,
  refs: ReferenceRow[],
): Promise<StepOutcome | null> {
  const { settings, adapters } = ctx;
  const language = check.language as Language;
  const guarded = (id: string, patch: Partial<typeof references.$inferInsert>) =>
    ctx.db.transaction(async (tx) => {
      if (!(await stillHeld(tx, job))) return false;
      await tx.update(references).set(patch).where(eq(references.id, id));
      return true;
    });
  for (const ref of refs) {
    const now = ctx.now();
    if (ref.status === 'calling' && ref.callId) {
      const known = FINAL_CALL_STATUSES.includes(ref.callStatus as CallStatus);
      const state = known
        ? {
            status: ref.callStatus as CallStatus,
            durationSeconds: ref.callDurationSeconds,
            recordingUrl: ref.recordingUrl,
          }
        : await adapters.voice.getCall(ref.callId, now);
      if (!FINAL_CALL_STATUSES.includes(state.status)) {
        if (state.status !== ref.callStatus && !(await guarded(ref.id, { callStatus: state.status }))) return null;
        continue;
      }
      const answered = state.status === 'completed' && (state.durationSeconds ?? 0) > 0;
      const patch: Partial<typeof references.$inferInsert> = answered
        ? {
            status: 'completed',
            callStatus: state.status,
            callDurationSeconds: state.durationSeconds,
            recordingUrl: state.recordingUrl,
          }
        : ref.callAttempts >= settings.maxCallAttempts
          ? { status: 'unreachable', callStatus: state.status }
          : { status: 'pending', callStatus: state.status, nextCallAt: later(now, settings.callRetryMs) };
      if (!(await guarded(ref.id, patch))) return null;
      Object.assign(ref, patch);
    }
    // 'calling' without a call id: a call that was never placed (imported or seeded data): place it.
    if ((ref.status === 'pending' || (ref.status === 'calling' && !ref.callId)) && (ref.nextCallAt ?? now) <= now) {
      const { zone } = zoneOfPhone(ref.phone);
      if (settings.respectCallHours && !isCallableAt(now, zone, settings.callHours)) {
        const next = nextCallTime(now, zone, settings.callHours);
        if (!(await guarded(ref.id, { nextCallAt: next }))) return null;
        ref.nextCallAt = next;
        continue;
      }
      if (!ref.whatsappContactedAt) {
        await adapters.messaging.sendTemplate({
          to: ref.phone,
          template: settings.referenceTemplate,
          language,
          params: [ref.name, check.candidateName ?? ''],
          key: `reference:${ref.id}`,
        });
        if (!(await guarded(ref.id, { whatsappContactedAt: now }))) return null;
      }
      const attempt = ref.callAttempts + 1;
      const { callId } = await adapters.voice.startCall({
        to: ref.phone,
        language,
        key: `${ref.id}:${attempt}`,
        referenceId: ref.id,
        now,
      });
      const patch = {
        status: 'calling' as const,
        callId,
        callStatus: 'queued',
        callAttempts: attempt,
        calledAt: now,
        recordingUrl: null,
      };
      if (!(await guarded(ref.id, patch))) return null;
      Object.assign(ref, patch);
    }
  }
  const now = ctx.now();
  if (refs.length > 0 && refs.every((r) => DONE.includes(r.status))) {
    return (await release(ctx.db, job, now, { status: 'summarising' })) ? outcome(check, 'summarising') : null;
  }
  const calling = refs.some((r) => r.status === 'calling');
  const nextCall = refs.filter((r) => r.status === 'pending').map((r) => r.nextCallAt ?? now);
  await release(ctx.db, job, minDate(calling ? later(now, settings.callPollMs) : null, ...nextCall, check.deadlineAt));
  return outcome(check, 'calling');
}

async function recordingOf(
  ctx: SolContext,
  ref: ReferenceRow,
): Promise<{ path: string; body: Buffer; contentType: string; fileName: string } | null> {
  // A status callback can come before the recording exists: ask the provider for it then.
  const url =
    ref.recordingUrl ?? (ref.callId ? (await ctx.adapters.voice.getCall(ref.callId, ctx.now())).recordingUrl : null);
  if (!url) return null;
  const { body, contentType } = await ctx.adapters.voice.fetchRecording(url);
  if (url.startsWith('sandbox:')) {
    const id = url.slice('sandbox:'.length);
    return { path: `asset:${id}.ogg`, body, contentType, fileName: `${url}.ogg` };
  }
  const ext = contentType.includes('ogg') ? 'ogg' : contentType.includes('wav') ? 'wav' : 'mp3';
  const fileName = `${ref.id}.${ext}`;
  await mkdir(ctx.settings.recordingsDir, { recursive: true });
  await writeFile(path.join(ctx.settings.recordingsDir, fileName), body);
  return { path: `file:${fileName}`, body, contentType, fileName };
}

export const transcriptText = (segments: TranscriptSegment[], referenceName: string) =>
  segments.map((s) => `${s.speaker === 'sol' ? 'Sol' : referenceName}: ${s.text}`).join('\n');

async function summarise(
  ctx: SolContext,
  job: ClaimedCheck,
  check: CheckRow,
  refs: ReferenceRow[],
): Promise<StepOutcome | null> {
  const language = check.language as Language;
  for (const ref of refs) {
    if (ref.status !== 'completed' || ref.summary) continue;
    const recording = await recordingOf(ctx, ref);
    if (!recording) continue;
    const { segments: raw } = await ctx.adapters.llm.transcribe({
      audio: recording.body,
      contentType: recording.contentType,
      fileName: recording.fileName,
      language,
    });
    const result = await ctx.adapters.llm.summarise({
      segments: raw,
      language,
      candidateName: check.candidateName ?? '',
      claimed: ref.claimed ?? null,
    });
    const segments: TranscriptSegment[] = raw.map((s, i) => ({
      ...s,
      speaker: result.speakers[i] ?? (i % 2 === 0 ? 'sol' : 'reference'),
    }));
    const patch = {
      summary: result.summary,
      evidence: result.evidence,
      stated: result.stated,
      segments,
      transcript: transcriptText(segments, ref.name),
      recordingPath: recording.path,
    };
    const ok = await ctx.db.transaction(async (tx) => {
      if (!(await stillHeld(tx, job))) return false;
      await tx.update(references).set(patch).where(eq(references.id, ref.id));
      return true;
    });
    if (!ok) return null;
    Object.assign(ref, patch);
  }
  return finish(ctx, job, check, 'completed');
}

/** Ends a claimed check (completed or expired) in one transaction with its report. */
async function finish(
  ctx: SolContext,
  job: ClaimedCheck,
  check: CheckRow,
  status: 'completed' | 'expired',
): Promise<StepOutcome | null> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(referenceChecks).where(held(job)).for('update');
    if (!row) return null;
    const refs = await tx.select().from(references).where(eq(references.referenceCheckId, check.id));
    return endCheck(tx, row, refs, status, now);
  });
}
