import {
  IDENTITY_PICTURE_MAX_BYTES,
  ZIdentityFormPictureFields,
  ZIdentityQuickCheckFields,
  type Locale,
  type TIdentityPicture,
  type TIdentityQuickCheck,
} from '@centinela/shared';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../lib/api-error.ts';
import { parseFields } from '../../lib/parse-fields.ts';
import type { UploadStorage } from '../uploads/storage.ts';
import { quickCheck, storePicture, toPicture } from './pictures.ts';

/**
 * A candidate's identity step, the same on the public form and on their own page: one picture per
 * request, checked by the engine, then stored (or refused) with the three-tries rule. Each route keeps
 * its own lookup (form code or candidate code) and hands over the request's parts, read with these limits.
 */
export const CANDIDATE_PICTURE_PARTS = { maxBytes: IDENTITY_PICTURE_MAX_BYTES, maxFiles: 1 } as const;

/** A multipart request's parts as the route read them: files by field name, text fields. */
export type PictureParts = { files: Map<string, Buffer>; fields: Record<string, string> };

/** Whose the picture is: a form's (no person until it is sent) or the candidate's own person's. */
export type CandidatePictureOwner = { ownerId: string; profileId: string | null; formLinkId: string | null };

/** The one picture, sent as the part `file`. */
function theFile({ files }: PictureParts): Buffer {
  const body = files.get('file');
  if (!body) throw new ApiError(400, 'upload_invalid');
  return body;
}

/** `…/identity/check`: what to fix in the picture, if anything; stores nothing. */
export async function checkCandidatePicture(parts: PictureParts, locale: Locale): Promise<TIdentityQuickCheck> {
  const body = theFile(parts);
  const { kind } = parseFields(ZIdentityQuickCheckFields, parts.fields);
  const { codes: _codes, ...quick } = await quickCheck(body, kind, locale);
  return quick;
}

/** `…/identity/pictures`: the picture checked, then stored as the owner's; the answer the route sends with 201. */
export async function takeCandidatePicture(
  deps: { db: Db; storage: UploadStorage },
  owner: CandidatePictureOwner,
  parts: PictureParts,
  request: { ip: string; locale: Locale },
): Promise<TIdentityPicture> {
  const body = theFile(parts);
  const input = parseFields(ZIdentityFormPictureFields, parts.fields);
  const row = await storePicture(deps, {
    ...owner,
    createdBy: null,
    ip: request.ip,
    kind: input.kind,
    body,
    consentVersion: input.consentVersion,
    turn: input.turn ?? null,
    mirrored: input.mirrored ?? false,
    attempt: input.attempt,
    locale: request.locale,
  });
  return toPicture(row, request.locale);
}
