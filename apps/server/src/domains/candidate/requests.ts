import {
  CANDIDATE_EXPORT_HOURS,
  type Locale,
  type TCreateCorrectionRequest,
  type TPrivacyRequest,
} from '@centinela/shared';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { owners, privacyRequests, profiles, uploads } from '../../db/schema/index.ts';
import { ApiError } from '../../lib/api-error.ts';
import { ownedBy, type Actor, type TenantScope } from '../../kernel/index.ts';
import { audit } from '../audit/record.ts';
import type { Candidate } from './access.ts';

const DAY = 86_400_000;
/** The channel the export queue listens on: a new request is prepared at once, not at the next poll. */
export const PRIVACY_EXPORTS_CHANNEL = 'privacy_exports';
/** How long a copy may take to prepare before the candidate is told it is late (a retry runs meanwhile). */
const EXPORT_DUE_MS = 3_600_000;

type Row = typeof privacyRequests.$inferSelect;

/** A ready copy past its time reads as expired even before the sweep removes its files. */
function statusOf(row: Row, now: Date): TPrivacyRequest['status'] {
  if (row.status === 'ready' && row.expiresAt && row.expiresAt <= now) return 'expired';
  return row.status;
}

function toPrivacyRequest(row: Row, fileName: string | null, now: Date): TPrivacyRequest {
  return {
    id: row.id,
    kind: row.kind,
    status: statusOf(row, now),
    message: row.message,
    upload: row.uploadId && fileName ? { id: row.uploadId, fileName } : null,
    createdAt: row.createdAt.toISOString(),
    dueAt: row.dueAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    resolution: row.resolution,
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
}

/** A person's requests, newest first (the candidate's page and the flyout list the same). */
export async function requestsOf(db: Db, profileId: string, now = new Date()): Promise<TPrivacyRequest[]> {
  const rows = await db
    .select({ request: privacyRequests, fileName: uploads.fileName })
    .from(privacyRequests)
    .leftJoin(uploads, eq(uploads.id, privacyRequests.uploadId))
    .where(eq(privacyRequests.profileId, profileId))
    .orderBy(desc(privacyRequests.createdAt), desc(privacyRequests.id))
    .limit(200);
  return rows.map((r) => toPrivacyRequest(r.request, r.fileName, now));
}

/** GET /profiles/:id/privacy-requests — 404 for a person outside the scope. */
export async function listPrivacyRequests(db: Db, scope: TenantScope, profileId: string) {
  const [person] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(ownedBy(scope, profiles.ownerId), eq(profiles.id, profileId)));
  if (!person) throw new ApiError(404, 'not_found');
  return { items: await requestsOf(db, profileId) };
}

/** The candidate acts as no user; the audit row keeps their address only. */
const candidateActor = (ip: string | null): Actor => ({ userId: null, ip });

/**
 * A correction: the candidate's words and, optionally, a document they uploaded on their page. It becomes a
 * task on the person for a reviewer, due in the owner's `correctionDeadlineDays` (default
 * CORRECTION_DEADLINE_DAYS), fixed when asked: a later change of the setting moves no deadline already
 * given. Audited without the words.
 */
export async function createCorrection(
  db: Db,
  { candidate, input, ip }: { candidate: Candidate; input: TCreateCorrectionRequest; ip: string | null },
  now = new Date(),
): Promise<TPrivacyRequest> {
  return db.transaction(async (tx) => {
    let fileName: string | null = null;
    if (input.uploadId) {
      // Only a document this candidate uploaded, not yet attached to another request.
      const [upload] = await tx
        .select({ id: uploads.id, fileName: uploads.fileName })
        .from(uploads)
        .leftJoin(privacyRequests, eq(privacyRequests.uploadId, uploads.id))
        .where(
          and(
            eq(uploads.id, input.uploadId),
            eq(uploads.profileId, candidate.profileId),
            isNull(uploads.createdBy),
            isNull(privacyRequests.id),
          ),
        );
      if (!upload)
        throw new ApiError(422, 'validation_failed', {}, [
          { path: 'body.uploadId', code: 'not_found', key: 'forms.validation.uploadUnknown' },
        ]);
      fileName = upload.fileName;
    }
    const [owner] = await tx
      .select({ days: owners.correctionDeadlineDays })
      .from(owners)
      .where(eq(owners.id, candidate.ownerId));
    const [row] = await tx
      .insert(privacyRequests)
      .values({
        ownerId: candidate.ownerId,
        profileId: candidate.profileId,
        kind: 'correction',
        status: 'open',
        message: input.message,
        uploadId: input.uploadId ?? null,
        locale: candidate.locale,
        createdAt: now,
        dueAt: new Date(now.getTime() + owner!.days * DAY),
      })
      .returning();
    await audit(tx, candidateActor(ip), {
      ownerId: candidate.ownerId,
      action: 'privacy.correction_request',
      entityType: 'profile',
      entityId: candidate.profileId,
      changes: { requestId: row!.id, withDocument: Boolean(input.uploadId) },
    });
    return toPrivacyRequest(row!, fileName, now);
  });
}

/**
 * A copy of the candidate's data: queued for the export queue, which prepares the JSON and the PDF. One
 * copy at a time: asking again while one is being prepared answers that one.
 */
export async function requestExport(
  db: Db,
  { candidate, ip, locale }: { candidate: Candidate; ip: string | null; locale: Locale },
  now = new Date(),
): Promise<TPrivacyRequest> {
  return db.transaction(async (tx) => {
    const [pending] = await tx
      .select()
      .from(privacyRequests)
      .where(
        and(
          eq(privacyRequests.profileId, candidate.profileId),
          eq(privacyRequests.kind, 'export'),
          eq(privacyRequests.status, 'preparing'),
        ),
      )
      .limit(1);
    if (pending) return toPrivacyRequest(pending, null, now);
    const [row] = await tx
      .insert(privacyRequests)
      .values({
        ownerId: candidate.ownerId,
        profileId: candidate.profileId,
        kind: 'export',
        status: 'preparing',
        locale,
        createdAt: now,
        dueAt: new Date(now.getTime() + EXPORT_DUE_MS),
      })
      .returning();
    await audit(tx, candidateActor(ip), {
      ownerId: candidate.ownerId,
      action: 'privacy.export_request',
      entityType: 'profile',
      entityId: candidate.profileId,
      changes: { requestId: row!.id },
    });
    await tx.execute(sql`select pg_notify(${PRIVACY_EXPORTS_CHANNEL}, '')`);
    return toPrivacyRequest(row!, null, now);
  });
}

/** How long a ready copy stays downloadable. */
export const exportExpiry = (readyAt: Date) => new Date(readyAt.getTime() + CANDIDATE_EXPORT_HOURS * 3_600_000);

/**
 * POST /privacy-requests/:id/resolve — the reviewer's answer to a correction, which the candidate reads on
 * their page. Resolving twice is refused (409); audited without the words.
 */
export async function resolveCorrection(
  db: Db,
  { scope, requestId, actor, resolution }: { scope: TenantScope; requestId: string; actor: Actor; resolution: string },
): Promise<TPrivacyRequest> {
  const now = new Date();
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ request: privacyRequests, fileName: uploads.fileName })
      .from(privacyRequests)
      .leftJoin(uploads, eq(uploads.id, privacyRequests.uploadId))
      .where(
        and(
          ownedBy(scope, privacyRequests.ownerId),
          eq(privacyRequests.id, requestId),
          eq(privacyRequests.kind, 'correction'),
        ),
      )
      .for('update', { of: privacyRequests });
    if (!found) throw new ApiError(404, 'not_found');
    if (found.request.status !== 'open') throw new ApiError(409, 'privacy_request_resolved');
    const [row] = await tx
      .update(privacyRequests)
      .set({ status: 'resolved', resolvedAt: now, resolvedBy: actor.userId, resolution })
      .where(eq(privacyRequests.id, requestId))
      .returning();
    await audit(tx, actor, {
      ownerId: row!.ownerId,
      action: 'privacy.correction_resolve',
      entityType: 'profile',
      entityId: row!.profileId,
      changes: { requestId },
    });
    return toPrivacyRequest(row!, found.fileName, now);
  });
}
