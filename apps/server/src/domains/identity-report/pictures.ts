import { createHash, randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import {
  BIOMETRIC_CONSENT_TEXTS,
  IDENTITY_MAX_TRIES,
  quickProblemsIn,
  type HeadTurnSide,
  type IdentityPictureKind,
  type Locale,
  type QuickProblemCode,
  type TIdentityPicture,
  type TIdentityQuickCheck,
} from '@centinela/shared';
import sharp from 'sharp';
import type { Db } from '../../db/client.ts';
import { identityPictures } from '../../db/schema/index.ts';
import { ApiError } from '../../lib/api-error.ts';
import { audit } from '../audit/record.ts';
import { IdentityEngineError, IdentityInputError, type PictureKind } from '../identity-check/index.ts';
import type { UploadStorage } from '../uploads/storage.ts';
import { identityEngine } from './engine.ts';

export type PictureRow = typeof identityPictures.$inferSelect;

/** The engine reads a turned selfie like any selfie. */
export const engineKind = (kind: IdentityPictureKind): PictureKind => (kind === 'turned_selfie' ? 'selfie' : kind);

const CONTENT_TYPES: Record<string, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  heif: 'image/heif',
};

/** A picture the engine cannot take, as the API's 4xx (`identity_<code>`, status from the engine). */
export function inputError(error: IdentityInputError): ApiError {
  return new ApiError(error.status, `identity_${error.code}`);
}

/** How long a candidate is told to wait before sending a picture the engine could not check. */
const ENGINE_RETRY_AFTER_S = 10;

/**
 * The engine could not answer (its worker overran or died; piscina replaces it): nothing is wrong with the
 * picture, so the caller is told to send it again shortly.
 */
export function engineBusy(error: IdentityEngineError): ApiError {
  const busy = new ApiError(503, 'identity_engine_busy');
  busy.retryAfter = ENGINE_RETRY_AFTER_S;
  return Object.assign(busy, { cause: error });
}

/** One picture's quick check, in the caller's language; bad input throws the 4xx, a busy engine the 503. */
export async function quickCheck(
  body: Buffer,
  kind: IdentityPictureKind,
  locale: Locale,
): Promise<TIdentityQuickCheck & { codes: string[] }> {
  try {
    const quick = await identityEngine().quickCheck(body, engineKind(kind));
    return {
      ok: quick.ok,
      problems: quickProblemsIn(quick.problems, locale),
      codes: quick.problems,
      faces: quick.faces,
      readable: quick.readable,
    };
  } catch (error) {
    if (error instanceof IdentityInputError) throw inputError(error);
    if (error instanceof IdentityEngineError) throw engineBusy(error);
    throw error;
  }
}

export const toPicture = (row: PictureRow, locale: Locale): TIdentityPicture => ({
  id: row.id,
  kind: row.kind,
  contentType: row.contentType,
  size: row.size,
  problems: quickProblemsIn(row.problems, locale),
  acceptedAfterTries: row.acceptedAfterTries,
  turn: row.turn,
  consentVersion: row.consentVersion,
  createdAt: row.createdAt.toISOString(),
});

/** A picture to take again: 422 with one issue per problem, worded in the caller's language. */
export class RetakeError extends ApiError {
  constructor(problems: readonly { code: QuickProblemCode }[]) {
    super(
      422,
      'identity_picture_retake',
      {},
      problems.map((p) => ({ path: 'file', code: p.code, key: `identity.problems.${p.code}` as const })),
    );
  }
}

export type PictureInput = {
  ownerId: string;
  profileId: string | null;
  formLinkId: string | null;
  createdBy: string | null;
  ip: string | null;
  kind: IdentityPictureKind;
  body: Buffer;
  consentVersion: string;
  turn?: HeadTurnSide | null;
  mirrored?: boolean;
  /** The form's try of this picture (1…): before the last, a failed quick check is refused. Staff/API: omitted (kept as sent). */
  attempt?: number;
  locale: Locale;
  /** The quick check already made of these bytes (a multi-picture request checks all before storing any). */
  checked?: Awaited<ReturnType<typeof quickCheck>>;
};

/**
 * Checks a picture (the engine's own intake and quick check: never the browser's word), then stores it
 * like an upload: the object first, then its row, so a row always has its file. A failed quick check
 * before the form's last try is refused (RetakeError) and nothing is kept.
 */
export async function storePicture(
  { db, storage }: { db: Db; storage: UploadStorage },
  input: PictureInput,
): Promise<PictureRow> {
  if (!(input.consentVersion in BIOMETRIC_CONSENT_TEXTS)) throw new ApiError(409, 'identity_consent_required');
  const quick = input.checked ?? (await quickCheck(input.body, input.kind, input.locale));
  const fromForm = input.attempt !== undefined;
  if (!quick.ok && fromForm && input.attempt! < IDENTITY_MAX_TRIES) throw new RetakeError(quick.problems);
  const { format } = await sharp(input.body, { limitInputPixels: false }).metadata();
  const contentType = CONTENT_TYPES[format ?? ''] ?? 'application/octet-stream';
  const id = randomUUID();
  const storageKey = `${input.ownerId}/identity/${id}`;
  try {
    await storage.put(storageKey, input.body, contentType);
  } catch (error) {
    throw Object.assign(new ApiError(503, 'upload_unavailable'), { cause: error });
  }
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(identityPictures)
        .values({
          id,
          ownerId: input.ownerId,
          profileId: input.profileId,
          formLinkId: input.formLinkId,
          createdBy: input.createdBy,
          kind: input.kind,
          contentType,
          size: input.body.length,
          sha256: createHash('sha256').update(input.body).digest('hex'),
          storageKey,
          problems: quick.codes,
          acceptedAfterTries: fromForm && !quick.ok,
          turn: input.kind === 'turned_selfie' ? (input.turn ?? null) : null,
          mirrored: input.mirrored ?? false,
          consentVersion: input.consentVersion,
          consentedAt: new Date(),
          consentIp: input.ip,
        })
        .returning();
      await audit(
        tx,
        { userId: input.createdBy, ip: input.ip },
        {
          ownerId: input.ownerId,
          action: 'identity_picture.create',
          entityType: 'identity_picture',
          entityId: id,
          changes: {
            kind: input.kind,
            size: input.body.length,
            profileId: input.profileId,
            formLinkId: input.formLinkId,
            consentVersion: input.consentVersion,
            problems: quick.codes,
          },
        },
      );
      return row!;
    });
  } catch (error) {
    await storage.delete(storageKey).catch(() => undefined);
    throw error;
  }
}

/** The person's current pictures: the newest of each kind. */
export async function currentPictures(db: Db, profileId: string): Promise<PictureRow[]> {
  const rows = await db
    .select()
    .from(identityPictures)
    .where(eq(identityPictures.profileId, profileId))
    .orderBy(desc(identityPictures.createdAt));
  const seen = new Set<string>();
  return rows.filter((r) => !seen.has(r.kind) && seen.add(r.kind));
}

/** Whether the person has what a check needs (the document's front and a selfie). */
export const hasRequired = (rows: readonly Pick<PictureRow, 'kind'>[]) =>
  rows.some((r) => r.kind === 'document_front') && rows.some((r) => r.kind === 'selfie');

/**
 * A form's pictures become the new person's at submission (inside its transaction). Unknown ids, or
 * ids of another form, answer false.
 */
export async function attachFormPictures(
  tx: Db,
  input: { ids: string[]; formLinkId: string; profileId: string },
): Promise<boolean> {
  if (input.ids.length === 0) return true;
  const attached = await tx
    .update(identityPictures)
    .set({ profileId: input.profileId })
    .where(
      and(
        inArray(identityPictures.id, input.ids),
        eq(identityPictures.formLinkId, input.formLinkId),
        isNull(identityPictures.profileId),
      ),
    )
    .returning({ id: identityPictures.id, kind: identityPictures.kind });
  return attached.length === input.ids.length;
}

/** The kinds among a form's (unattached) pictures. */
export async function formPictureKinds(db: Db, formLinkId: string, ids: string[]): Promise<IdentityPictureKind[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ kind: identityPictures.kind })
    .from(identityPictures)
    .where(
      and(
        inArray(identityPictures.id, ids),
        eq(identityPictures.formLinkId, formLinkId),
        isNull(identityPictures.profileId),
      ),
    );
  return rows.map((r) => r.kind);
}
