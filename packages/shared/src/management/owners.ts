import { z } from 'zod';
import { zStoredText } from '../common/text.ts';
import { COUNTRIES, OWNER_PLANS } from '../enums.ts';
import { zRetentionMonths } from './retention-months.ts';
import { zCorrectionDeadlineDays } from '../inbox/index.ts';

/** A code name is a slug: lower-case letters, digits and single hyphens (SPEC §3 "code name"). */
export const OWNER_CODE_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const OWNER_CODE_NAME_MAX = 64;
const CREDITS_MAX = 1_000_000;

/** Fields only platform support (scope owners:support) may set (DESIGN.md "support-only fields"). */
export const OWNER_SUPPORT_FIELDS = [
  'plan',
  'creditsInitial',
  'creditsAvailable',
  'deferredApiSync',
  'country',
  'taxId',
  'billingEmail',
  'supportNotes',
] as const;

export const ZOwner = z.object({
  id: z.uuid(),
  codeName: z.string(),
  name: z.string(),
  active: z.boolean(),
  plan: z.enum(OWNER_PLANS),
  creditsInitial: z.number().int(),
  creditsAvailable: z.number().int(),
  deferredApiSync: z.boolean(),
  country: z.enum(COUNTRIES).nullable(),
  taxId: z.string().nullable(),
  billingEmail: z.string().nullable(),
  supportNotes: z.string().nullable(),
  retentionMonths: z
    .number()
    .int()
    .nullable()
    .describe('Persons are deleted this many months after their last activity; null keeps them'),
  consentAttestationRequired: z
    .boolean()
    .describe('Persons created outside a form (dashboard, CSV, API) must carry a consent attestation'),
  candidateFindingsVisible: z
    .boolean()
    .describe("The candidate's own page shows their finished reports' findings, not only the check's state"),
  identityMinimumAge: z
    .number()
    .int()
    .describe('Identity document reports fail a person younger than this (years; default 18)'),
  correctionDeadlineDays: zCorrectionDeadlineDays,
  userCount: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type TOwner = z.infer<typeof ZOwner>;

export const OWNER_SORTS = ['name', 'codeName', 'createdAt', 'plan'] as const;
export type OwnerSort = (typeof OWNER_SORTS)[number];

/** GET /api/v1/owners — `active=false` is the inactive list (SPEC §2 /management/owners/inactive). */
export const ZListOwnersRequest = z.strictObject({
  active: z.enum(['true', 'false']).optional(),
  q: zStoredText().trim().min(1).max(100).optional().describe('Searches code name and name'),
  sort: z.enum(OWNER_SORTS).default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type TListOwnersRequest = z.infer<typeof ZListOwnersRequest>;

export const ZListOwnersResponse = z.object({
  items: z.array(ZOwner),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TListOwnersResponse = z.infer<typeof ZListOwnersResponse>;

export const ZOwnerParams = z.strictObject({ id: z.uuid() });

const credits = z.number().int().min(0).max(CREDITS_MAX);
const optionalText = (max: number) => zStoredText().trim().max(max).nullable().optional();

/** Every editable field, unrefined so forms can `.pick()` them. */
export const ZOwnerFields = z.strictObject({
  codeName: z
    .string()
    .trim()
    .min(1, { message: 'validation.required' })
    .max(OWNER_CODE_NAME_MAX)
    .regex(OWNER_CODE_NAME, { message: 'management.validation.codeName' }),
  name: zStoredText().trim().min(1, { message: 'validation.required' }).max(200),
  active: z.boolean(),
  plan: z.enum(OWNER_PLANS),
  creditsInitial: credits,
  creditsAvailable: credits,
  deferredApiSync: z.boolean(),
  country: z.enum(COUNTRIES).nullable(),
  taxId: optionalText(64),
  billingEmail: z.email({ message: 'validation.email' }).max(254).nullable().optional(),
  supportNotes: optionalText(2000),
  retentionMonths: zRetentionMonths,
  consentAttestationRequired: z.boolean(),
  candidateFindingsVisible: z.boolean(),
  identityMinimumAge: z.number().int().min(14).max(99),
  correctionDeadlineDays: zCorrectionDeadlineDays,
});

/** POST /api/v1/owners */
export const ZCreateOwnerRequest = ZOwnerFields.partial().required({ codeName: true, name: true });
export type TCreateOwnerRequest = z.infer<typeof ZCreateOwnerRequest>;

const someField = (v: Record<string, unknown>) => Object.values(v).some((x) => x !== undefined);

/** PATCH /api/v1/owners/:id — one owner, any field. */
export const ZUpdateOwnerRequest = ZOwnerFields.partial().refine(someField, {
  message: 'management.validation.nothingToUpdate',
});
export type TUpdateOwnerRequest = z.infer<typeof ZUpdateOwnerRequest>;

/** The fields several owners may share: not the code name or the name, which are each owner's own. */
export const ZOwnerSharedFields = ZOwnerFields.omit({
  codeName: true,
  name: true,
  taxId: true,
  billingEmail: true,
}).partial();

/** PATCH /api/v1/owners — edit several at once, or (de)activate them (`changes: { active }`). */
export const ZUpdateOwnersRequest = z.strictObject({
  ids: z.array(z.uuid()).min(1).max(100),
  changes: ZOwnerSharedFields.refine(someField, { message: 'management.validation.nothingToUpdate' }),
});
export type TUpdateOwnersRequest = z.infer<typeof ZUpdateOwnersRequest>;
export const ZUpdateOwnersResponse = z.object({ items: z.array(ZOwner) });
export type TUpdateOwnersResponse = z.infer<typeof ZUpdateOwnersResponse>;

/** DELETE /api/v1/owners/:id — refused while the owner holds data unless `purge=true`. */
export const ZDeleteOwnerRequest = z.strictObject({ purge: z.enum(['true', 'false']).optional() });
export type TDeleteOwnerRequest = z.infer<typeof ZDeleteOwnerRequest>;
