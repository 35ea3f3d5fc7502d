import {
  ZIdentityPicture,
  type HeadTurnSide,
  type IdentityPictureKind,
  type TIdentityPicture,
} from '@centinela/shared';
import { readBody, readError } from '../../../lib/http.ts';
import { postMultipart } from './multipart.ts';

export type FormPictureAnswer =
  /** Stored: it passed its quick check, or failed it on the last try (`acceptedAfterTries`). */
  | { stored: true; picture: TIdentityPicture }
  /** Refused by the quick check before the last try: the problems say what to do. */
  | { stored: false; problems: { code: string; message: string }[] };

/**
 * POST {uploadUrl} (the form's `identity.uploadUrl`): one picture with its kind, which try it is and the
 * biometric consent's version. The server runs the quick check and answers 201 (stored) or 422
 * `identity_picture_retake` with one issue per problem; any other refusal is thrown as an ApiError.
 */
export async function sendFormPicture(
  uploadUrl: string,
  input: { file: File; kind: IdentityPictureKind; attempt: number; consentVersion: string; turn?: HeadTurnSide },
): Promise<FormPictureAnswer> {
  const response = await postMultipart(
    uploadUrl,
    {
      kind: input.kind,
      attempt: String(input.attempt),
      consentVersion: input.consentVersion,
      turn: input.turn,
      file: input.file,
    },
    { auth: false },
  );
  if (response.status === 422) {
    const data = (await response
      .clone()
      .json()
      .catch(() => null)) as { code?: string; issues?: { code?: unknown; message?: unknown }[] } | null;
    if (data?.code === 'identity_picture_retake')
      return {
        stored: false,
        problems: (data.issues ?? []).map((i) => ({ code: String(i.code ?? ''), message: String(i.message ?? '') })),
      };
  }
  if (!response.ok) throw await readError(response);
  return { stored: true, picture: await readBody(response, ZIdentityPicture) };
}
