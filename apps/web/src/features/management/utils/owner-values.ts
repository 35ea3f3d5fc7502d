import {
  CORRECTION_DEADLINE_DAYS,
  type Country,
  type OwnerPlan,
  type TCreateOwnerRequest,
  type TOwner,
} from '@centinela/shared';

export type OwnerValues = {
  codeName: string;
  name: string;
  plan: OwnerPlan;
  creditsInitial: number | string;
  creditsAvailable: number | string;
  deferredApiSync: boolean;
  country: string | null;
  taxId: string;
  billingEmail: string;
  supportNotes: string;
  /** Months of retention; '' keeps persons until deleted by hand. */
  retentionMonths: number | string;
  consentAttestationRequired: boolean;
  candidateFindingsVisible: boolean;
  /** Days to answer a candidate's correction request (the legal term, 1 to 60). */
  correctionDeadlineDays: number | string;
};

export const OWNER_FIELDS = [
  'codeName',
  'name',
  'plan',
  'creditsInitial',
  'creditsAvailable',
  'deferredApiSync',
  'country',
  'taxId',
  'billingEmail',
  'supportNotes',
  'retentionMonths',
  'consentAttestationRequired',
  'candidateFindingsVisible',
  'correctionDeadlineDays',
] as const;

export function ownerValues(owner?: TOwner): OwnerValues {
  return {
    codeName: owner?.codeName ?? '',
    name: owner?.name ?? '',
    plan: owner?.plan ?? 'standard',
    creditsInitial: owner?.creditsInitial ?? 0,
    creditsAvailable: owner?.creditsAvailable ?? 0,
    deferredApiSync: owner?.deferredApiSync ?? false,
    country: owner?.country ?? null,
    taxId: owner?.taxId ?? '',
    billingEmail: owner?.billingEmail ?? '',
    supportNotes: owner?.supportNotes ?? '',
    retentionMonths: owner?.retentionMonths ?? '',
    consentAttestationRequired: owner?.consentAttestationRequired ?? false,
    candidateFindingsVisible: owner?.candidateFindingsVisible ?? false,
    correctionDeadlineDays: owner?.correctionDeadlineDays ?? CORRECTION_DEADLINE_DAYS,
  };
}

const number = (v: number | string) => (typeof v === 'number' ? v : v.trim() === '' ? Number.NaN : Number(v));

/** The request for these values; support-only fields only when the user may set them. */
export function toOwnerRequest(v: OwnerValues, withSupportFields: boolean): TCreateOwnerRequest {
  const retentionMonths = v.retentionMonths === '' ? null : number(v.retentionMonths);
  const base = {
    codeName: v.codeName.trim(),
    name: v.name,
    retentionMonths,
    consentAttestationRequired: v.consentAttestationRequired,
    candidateFindingsVisible: v.candidateFindingsVisible,
    correctionDeadlineDays: number(v.correctionDeadlineDays),
  };
  if (!withSupportFields) return base;
  return {
    ...base,
    plan: v.plan,
    creditsInitial: number(v.creditsInitial),
    creditsAvailable: number(v.creditsAvailable),
    deferredApiSync: v.deferredApiSync,
    country: (v.country || null) as Country | null,
    taxId: v.taxId.trim() || null,
    billingEmail: v.billingEmail.trim() || null,
    supportNotes: v.supportNotes.trim() || null,
  };
}
