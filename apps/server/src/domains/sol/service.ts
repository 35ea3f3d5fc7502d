import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { ReferenceCheck, TranscriptSegment } from '@centinela/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { referenceChecks, references } from '../../db/schema/index.ts';
import { ApiError } from '../../lib/api-error.ts';
import { recordAudit } from '../audit/record.ts';
import { type Actor, ownedBy, type TenantScope } from '../../kernel/index.ts';
import { SANDBOX_ASSETS } from './adapters/sandbox.ts';
import type { CallStatus, InboundMessage } from './adapters/types.ts';
import type { StepOutcome } from './check-end.ts';
import { applyCandidateMessage, type SolContext } from './engine.ts';
import type { CheckRow, ReferenceRow } from './jobs.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toReferenceCheck(check: CheckRow, refs: ReferenceRow[]): ReferenceCheck {
  return {
    id: check.id,
    profileId: check.profileId,
    reportId: check.reportId,
    status: check.status,
    candidatePhone: check.candidatePhone,
    language: check.language === 'en' ? 'en' : 'es',
    createdAt: check.createdAt.toISOString(),
    candidateContactedAt: iso(check.candidateContactedAt),
    candidateRepliedAt: iso(check.candidateRepliedAt),
    deadlineAt: check.deadlineAt.toISOString(),
    completedAt: iso(check.completedAt),
    declinedAt: iso(check.declinedAt),
    expiredAt: iso(check.expiredAt),
    crossCheck: check.crossCheck,
    fraudSignals: check.fraudSignals,
    references: refs.map((r) => ({
      id: r.id,
      name: r.name,
      phone: r.phone,
      relationship: r.relationship,
      status: r.status,
      callAttempts: r.callAttempts,
      callDurationSeconds: r.callDurationSeconds,
      whatsappContactedAt: iso(r.whatsappContactedAt),
      calledAt: iso(r.calledAt),
      claimed: r.claimed ?? null,
      stated: r.stated ?? null,
      summary: r.summary ?? null,
      evidence: r.evidence ?? {},
      transcript: r.transcript,
      segments: r.segments ?? [],
      hasRecording: Boolean(r.recordingPath),
    })),
  };
}

async function referencesOf(db: Db, checkId: string) {
  return db
    .select()
    .from(references)
    .where(eq(references.referenceCheckId, checkId))
    .orderBy(asc(references.createdAt), asc(references.id));
}

export async function getReferenceCheck(
  db: Db,
  scope: TenantScope,
  by: { id: string } | { reportId: string },
): Promise<ReferenceCheck> {
  const where = 'id' in by ? eq(referenceChecks.id, by.id) : eq(referenceChecks.reportId, by.reportId);
  const [check] = await db
    .select()
    .from(referenceChecks)
    .where(and(where, ownedBy(scope, referenceChecks.ownerId)));
  if (!check) throw new ApiError(404, 'not_found');
  return toReferenceCheck(check, await referencesOf(db, check.id));
}

/** A reference in scope, with its person (who saw the recording or transcript is recorded against them). */
async function referenceIn(db: Db, scope: TenantScope, id: string): Promise<{ ref: ReferenceRow; profileId: string }> {
  const [found] = await db
    .select({ ref: references, profileId: referenceChecks.profileId })
    .from(references)
    .innerJoin(referenceChecks, eq(referenceChecks.id, references.referenceCheckId))
    .where(and(eq(references.id, id), ownedBy(scope, references.ownerId)));
  if (!found) throw new ApiError(404, 'not_found');
  return found;
}

/** The media type a recording is served as, by its file's extension (anything else is mp3). */
export const RECORDING_CONTENT_TYPES = { ogg: 'audio/ogg', wav: 'audio/wav', mp3: 'audio/mpeg' } as const;

/** Where a reference's recording is: a sandbox asset or a downloaded file. */
export async function recordingFile(db: Db, scope: TenantScope, referenceId: string, recordingsDir: string) {
  const { ref, profileId } = await referenceIn(db, scope, referenceId);
  const stored = ref.recordingPath;
  if (!stored) throw new ApiError(404, 'not_found');
  const [kind, name] = stored.split(/:(.*)/s) as [string, string];
  // Names are ours (uuid.ext or a conversation id): anything with a path separator is refused.
  if (!name || name.includes('/') || name.includes('\\') || name.startsWith('.')) throw new ApiError(404, 'not_found');
  const file = path.join(kind === 'asset' ? SANDBOX_ASSETS : recordingsDir, name);
  const size = await stat(file).then(
    (s) => s.size,
    () => null,
  );
  if (size === null) throw new ApiError(404, 'not_found');
  const ext = path.extname(name).slice(1);
  const contentType = ext === 'ogg' || ext === 'wav' ? RECORDING_CONTENT_TYPES[ext] : RECORDING_CONTENT_TYPES.mp3;
  return {
    profileId,
    file,
    size,
    contentType,
    fileName: `${ref.name.replace(/[^\p{L}\p{N} _-]/gu, '').trim() || 'recording'}.${ext}`,
    open: (start: number, end: number) => createReadStream(file, { start, end }),
  };
}

/** A single "bytes=a-b" / "bytes=a-" / "bytes=-n" range of a file of `size` bytes; null: the whole file; 'invalid': 416. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null | 'invalid' {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return 'invalid';
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'invalid';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start > end || start >= size) return 'invalid';
  return { start, end };
}

export async function transcriptOf(
  db: Db,
  scope: TenantScope,
  referenceId: string,
): Promise<{ profileId: string; name: string; text: string; segments: TranscriptSegment[] }> {
  const { ref, profileId } = await referenceIn(db, scope, referenceId);
  if (!ref.transcript && !ref.segments) throw new ApiError(404, 'not_found');
  return { profileId, name: ref.name, text: ref.transcript ?? '', segments: ref.segments ?? [] };
}

/** A reviewer marks a fraud signal resolved (audited). Resolving twice is a no-op. */
export async function resolveFraudSignal(
  db: Db,
  scope: TenantScope,
  checkId: string,
  signalId: string,
  actor: Actor,
  now = new Date(),
): Promise<ReferenceCheck> {
  return db.transaction(async (tx) => {
    const [check] = await tx
      .select()
      .from(referenceChecks)
      .where(and(eq(referenceChecks.id, checkId), ownedBy(scope, referenceChecks.ownerId)))
      .for('update');
    if (!check) throw new ApiError(404, 'not_found');
    const signal = check.fraudSignals.find((s) => s.id === signalId);
    if (!signal) throw new ApiError(404, 'not_found');
    if (!signal.resolvedAt) {
      const fraudSignals = check.fraudSignals.map((s) =>
        s.id === signalId ? { ...s, resolvedAt: now.toISOString(), resolvedBy: actor.userId } : s,
      );
      await tx.update(referenceChecks).set({ fraudSignals }).where(eq(referenceChecks.id, check.id));
      check.fraudSignals = fraudSignals;
      await recordAudit(tx, {
        ownerId: check.ownerId,
        actorUserId: actor.userId,
        action: 'reference_check.fraud_signal_resolved',
        entityType: 'reference_check',
        entityId: check.id,
        ip: actor.ip,
        changes: { signalId, kind: signal.kind, level: signal.level },
      });
    }
    return toReferenceCheck(check, await referencesOf(tx, check.id));
  });
}

/**
 * WhatsApp webhook messages: each goes to the open check of the candidate who sent it (newest first).
 * Returns the changes to publish; the caller wakes the Sol worker.
 */
export async function receiveMessages(
  ctx: Pick<SolContext, 'db' | 'now' | 'settings' | 'events'>,
  messages: InboundMessage[],
): Promise<StepOutcome[]> {
  const out: StepOutcome[] = [];
  for (const message of messages) {
    const applied = await ctx.db.transaction(async (tx) => {
      const [check] = await tx
        .select({ id: referenceChecks.id })
        .from(referenceChecks)
        .where(
          and(
            eq(referenceChecks.candidatePhone, message.from),
            inArray(referenceChecks.status, ['contacting', 'collecting']),
          ),
        )
        .orderBy(asc(referenceChecks.createdAt))
        .limit(1);
      return check ? applyCandidateMessage(tx, ctx, check.id, message) : null;
    });
    if (applied) out.push(applied);
  }
  return out;
}

/** A voice status callback: the call's status (and duration, recording) stored; its check is due now. */
export async function receiveCallStatus(
  db: Db,
  now: Date,
  input: { callId: string; status: CallStatus | null; durationSeconds: number | null; recordingUrl: string | null },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [ref] = await tx.select().from(references).where(eq(references.callId, input.callId)).for('update');
    if (!ref) return false;
    await tx
      .update(references)
      .set({
        ...(input.status && { callStatus: input.status }),
        ...(input.durationSeconds !== null && { callDurationSeconds: input.durationSeconds }),
        ...(input.recordingUrl && { recordingUrl: input.recordingUrl }),
      })
      .where(eq(references.id, ref.id));
    await tx.update(referenceChecks).set({ nextRunAt: now }).where(eq(referenceChecks.id, ref.referenceCheckId));
    return true;
  });
}
