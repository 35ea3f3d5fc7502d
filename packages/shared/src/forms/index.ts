import { z } from 'zod';
import { COUNTRIES, DOCUMENT_TYPES, LOCALES } from '../enums.ts';
import { REPORT_INPUTS, type ReportInput } from '../reports/catalogue.ts';
import { zPhone } from '../profiles/create.ts';
import { zDocumentId, zPersonName, zStoredText } from '../common/text.ts';
import { IDENTITY_PICTURE_KINDS, ZPublicIdentityStep } from '../identity/index.ts';

/**
 * Data-collection forms (SPEC §2 `/forms/{code?}`): staff make a link for a pipeline, a candidate fills
 * exactly the inputs the pipeline's reports need, consents to the background check and may attach files.
 */

export * from './consent.ts';

/** A candidate attaches at most this many files to one submission. */
export const FORM_MAX_FILES = 5;

export const FORM_LINK_STATUSES = ['active', 'expired', 'revoked', 'used_up'] as const;
export type FormLinkStatus = (typeof FORM_LINK_STATUSES)[number];

const zDateTime = () => z.iso.datetime({ offset: true });

export const ZFormSubmissionSummary = z.object({
  id: z.uuid(),
  profileId: z.uuid().nullable(),
  profileName: z.string().nullable(),
  profileStatus: z.string().nullable(),
  locale: z.enum(LOCALES),
  consentVersion: z.string(),
  consentedAt: zDateTime(),
  createdAt: zDateTime(),
});
export type TFormSubmissionSummary = z.infer<typeof ZFormSubmissionSummary>;

export const ZFormLink = z.object({
  id: z.uuid(),
  code: z.string(),
  label: z.string().nullable(),
  country: z.enum(COUNTRIES),
  pipelineId: z.uuid().nullable(),
  pipelineName: z.string().nullable(),
  expiresAt: zDateTime().nullable(),
  revokedAt: zDateTime().nullable(),
  singleUse: z.boolean(),
  submissions: z.number().int(),
  status: z.enum(FORM_LINK_STATUSES),
  /** The language the form opens in (the link's /es, /pt prefix); null: chosen before links carried one. */
  locale: z.enum(LOCALES).nullable(),
  createdAt: zDateTime(),
  /** The latest submissions, newest first. */
  recentSubmissions: z.array(ZFormSubmissionSummary),
});
export type TFormLink = z.infer<typeof ZFormLink>;

/** GET /api/v1/forms */
export const ZListFormLinksQuery = z.strictObject({ ownerId: z.uuid().optional().describe('Platform staff only') });
export const ZListFormLinksResponse = z.object({ items: z.array(ZFormLink) });
export type TListFormLinksResponse = z.infer<typeof ZListFormLinksResponse>;

/** POST /api/v1/forms */
export const ZCreateFormLinkRequest = z.strictObject({
  pipelineId: z.uuid({ message: 'forms.validation.pipelineRequired' }),
  expiresAt: zDateTime()
    .refine((v) => Date.parse(v) > Date.now(), { message: 'forms.validation.expiryPast' })
    .describe('When the link stops accepting submissions'),
  singleUse: z.boolean().default(false),
  label: zStoredText().trim().max(120).nullable().optional(),
  locale: z.enum(LOCALES).optional().describe('The language the form opens in; the sender’s language when left out'),
  ownerId: z.uuid().optional().describe('Platform staff only'),
});
export type TCreateFormLinkRequest = z.infer<typeof ZCreateFormLinkRequest>;
export type TCreateFormLinkInput = z.input<typeof ZCreateFormLinkRequest>;

export const ZFormLinkParams = z.strictObject({ id: z.uuid() });

// ---------------------------------------------------------------- public (the candidate's side)

export const ZPublicFormParams = z.strictObject({ code: z.string().min(1).max(64) });

/** GET /api/v1/public/forms/:code — what the candidate fills. */
export const ZPublicForm = z.object({
  code: z.string(),
  company: z.string(),
  country: z.enum(COUNTRIES),
  pipelineName: z.string(),
  /** The inputs the pipeline's reports need (name, document type and id always). */
  inputs: z.array(z.enum(REPORT_INPUTS)),
  documentTypes: z.array(z.enum(DOCUMENT_TYPES)),
  consent: z.object({ version: z.string(), text: z.record(z.enum(LOCALES), z.string()) }),
  uploads: z.object({ url: z.string(), maxBytes: z.number().int(), maxFiles: z.number().int() }),
  /** The document-and-selfie step, when the pipeline runs an identity document report; null otherwise. */
  identity: ZPublicIdentityStep.nullable(),
});
export type TPublicForm = z.infer<typeof ZPublicForm>;

/** The fields a candidate may send; which are required depends on the form (`missingFormInputs`). */
export const ZFormSubmissionFields = z.strictObject({
  name: zPersonName().trim().min(1, { message: 'validation.required' }).max(200),
  documentType: z.enum(DOCUMENT_TYPES).default('national_id'),
  documentId: zDocumentId().trim().min(1, { message: 'validation.required' }).max(64),
  email: z.email({ message: 'validation.email' }).max(254).nullable().optional(),
  phone: zPhone().nullable().optional(),
  birthDate: z.iso.date().nullable().optional(),
  issueDate: z.iso.date().nullable().optional(),
  state: zStoredText().trim().max(120).nullable().optional(),
  city: zStoredText().trim().max(120).nullable().optional(),
});
export type TFormSubmissionFields = z.infer<typeof ZFormSubmissionFields>;

/** POST /api/v1/public/forms/:code */
export const ZSubmitFormRequest = ZFormSubmissionFields.extend({
  consent: z.literal(true, { message: 'forms.validation.consentRequired' }),
  consentVersion: z.string().min(1).max(32),
  locale: z.enum(LOCALES).default('en'),
  uploadIds: z.array(z.uuid()).max(FORM_MAX_FILES).default([]),
  /** The identity step's pictures (POST …/identity/pictures answers each id); required when the form has the step. */
  identityPictureIds: z.array(z.uuid()).max(IDENTITY_PICTURE_KINDS.length).default([]),
  /** A field people never see: bots fill it. */
  website: z.string().max(200).optional(),
});
export type TSubmitFormRequest = z.infer<typeof ZSubmitFormRequest>;
export type TSubmitFormInput = z.input<typeof ZSubmitFormRequest>;

/** POST /api/v1/public/forms/:code */
export const ZSubmitFormResponse = z.object({
  ok: z.literal(true),
  /** The candidate's own page: the state of their check, their requests, consent withdrawal. */
  candidatePath: z.string().optional(),
});

/** The required inputs a submission lacks (the server checks; the form shows them as required). */
export function missingFormInputs(
  inputs: readonly ReportInput[],
  values: Partial<Record<ReportInput, unknown>>,
): ReportInput[] {
  return inputs.filter((input) => {
    const v = values[input];
    return v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
  });
}
