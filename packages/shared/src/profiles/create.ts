import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { z } from 'zod';
import { ZConsentAttestation } from '../forms/consent.ts';
import { COUNTRIES, DOCUMENT_TYPES, REPORT_TYPES } from '../enums.ts';
import { zDocumentId, zPersonName, zStoredText } from '../common/text.ts';
import { zOptionalText, ZRunCountry } from './schemas.ts';

/**
 * The profile schemas that check a phone number (SPEC §5), apart from ./schemas.ts because
 * libphonenumber's metadata is heavy: only the create and edit forms (lazy chunks) and the server load it.
 */

const zEmail = () => z.email({ message: 'validation.email' }).max(254);
/**
 * SPEC §5: the phone must carry its country prefix, so it is parsed with no default country.
 * The server stores `toE164Phone` of it.
 */
export function toE164Phone(phone: string): string | null {
  const parsed = parsePhoneNumberFromString(phone);
  return parsed?.isValid() ? parsed.number : null;
}
/** A phone with its country prefix, valid by libphonenumber (the person form, the public form, the CSV rows). */
export const zPhone = () =>
  zStoredText()
    .trim()
    .max(32)
    .refine((p) => toE164Phone(p) !== null, { message: 'profiles.validation.invalidPhone' });

/** Fields both kinds of person share. */
export const ZProfileFields = z.strictObject({
  name: zPersonName().trim().min(1).max(200),
  email: zEmail().nullable().optional(),
  phone: zPhone().nullable().optional(),
  city: zOptionalText(120),
  state: zOptionalText(120),
  birthDate: z.iso.date().nullable().optional(),
  ownerId: z.uuid().optional().describe('Platform staff only: the owner to create the person for'),
  consentAttestation: ZConsentAttestation.optional(),
});

/** A candidate: reports run now, from a pipeline or a chosen set. */
export const ZCreateCandidateFields = ZProfileFields.extend({
  kind: z.literal('candidate'),
  country: ZRunCountry,
  documentType: z.enum(DOCUMENT_TYPES).default('national_id'),
  documentId: zDocumentId().trim().min(1).max(64),
  issueDate: z.iso.date().optional().describe('Some reports ask for the document issue date'),
  pipelineId: z.uuid().optional(),
  reportTypes: z.array(z.enum(REPORT_TYPES)).min(1).max(REPORT_TYPES.length).optional(),
});

/** A pre-candidate (SPEC §5): contact details first, reports later. */
export const ZCreatePrecandidateFields = ZProfileFields.extend({
  kind: z.literal('precandidate'),
  country: z.enum(COUNTRIES).default('xx'),
  documentType: z.enum(DOCUMENT_TYPES).default('national_id'),
  documentId: zDocumentId().trim().max(64).default(''),
});

/** POST /api/v1/profiles */
export const ZCreateProfileRequest = z
  .discriminatedUnion('kind', [ZCreateCandidateFields, ZCreatePrecandidateFields])
  .superRefine((v, ctx) => {
    if (v.kind === 'precandidate' && !v.email && !v.phone) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: 'profiles.validation.emailOrPhone' });
    }
    if (v.kind === 'candidate' && !v.pipelineId === !v.reportTypes) {
      ctx.addIssue({ code: 'custom', path: ['reportTypes'], message: 'profiles.validation.pipelineOrReports' });
    }
  });
export type TCreateProfileRequest = z.infer<typeof ZCreateProfileRequest>;

// ---------------------------------------------------------------- person fields (report inputs)

/**
 * PATCH /api/v1/profiles/:id/person — the person's own fields of SPEC §3 (the report inputs among them);
 * null clears an optional one. The country is not editable: the reports belong to it. INCOMPLETE
 * reports whose missing inputs this provides are queued again.
 */
export const ZUpdatePersonRequest = z
  .strictObject({
    name: zPersonName().trim().min(1).max(200).optional(),
    documentType: z.enum(DOCUMENT_TYPES).optional(),
    documentId: zDocumentId().trim().min(1).max(64).optional(),
    email: zEmail().nullable().optional(),
    phone: zPhone().nullable().optional(),
    birthDate: z.iso.date().nullable().optional(),
    issueDate: z.iso.date().nullable().optional().describe('Some reports ask for the document issue date'),
    state: zOptionalText(120),
    city: zOptionalText(120),
    cityLocode: zOptionalText(8),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'profiles.validation.nothingToUpdate' });
export type TUpdatePersonRequest = z.infer<typeof ZUpdatePersonRequest>;
