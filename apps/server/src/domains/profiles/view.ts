import {
  PREFERRED_CONTACTS,
  type TGetProfileResponse,
  type TProfileReport,
  type TPersonConsent,
  type TProfileSummary,
} from '@centinela/shared';
import { profiles as profilesTable, type reports } from '../../db/schema/index.ts';

export type ProfileRow = typeof profilesTable.$inferSelect;
export type ReportRow = typeof reports.$inferSelect;

const iso = (d: Date | null) => d && d.toISOString();

/** The columns a list row needs: the list selects only these (less to read, parse and map per row). */
export const summaryColumns = {
  id: profilesTable.id,
  country: profilesTable.country,
  documentType: profilesTable.documentType,
  documentId: profilesTable.documentId,
  name: profilesTable.name,
  email: profilesTable.email,
  phone: profilesTable.phone,
  status: profilesTable.status,
  createdAs: profilesTable.createdAs,
  pipelineId: profilesTable.pipelineId,
  manuallyReviewed: profilesTable.manuallyReviewed,
  outcome: profilesTable.outcome,
  createdAt: profilesTable.createdAt,
  updatedAt: profilesTable.updatedAt,
};
export type SummaryRow = Pick<ProfileRow, keyof typeof summaryColumns>;

export function toProfileSummary(row: SummaryRow): TProfileSummary {
  return {
    id: row.id,
    country: row.country,
    documentType: row.documentType,
    documentId: row.documentId,
    name: row.name,
    email: row.email,
    phone: row.phone,
    status: row.status,
    createdAs: row.createdAs,
    pipelineId: row.pipelineId,
    manuallyReviewed: row.manuallyReviewed,
    outcome: row.outcome,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toReportView(row: ReportRow): TProfileReport {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    findings: row.findings,
    missingInputs: row.missingInputs,
    details: row.details ?? null,
    attempts: row.attempts,
    lastError: row.lastError,
    startedAt: iso(row.startedAt),
    completedAt: iso(row.completedAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** `preferredContact` has no column: it lives in `inputs` (extra values without a column of their own). */
export function preferredContactOf(row: ProfileRow): TGetProfileResponse['preferredContact'] {
  const value = row.inputs.preferredContact;
  return PREFERRED_CONTACTS.find((c) => c === value) ?? null;
}

/** `createdByUsername`: the creator's username, looked up by the caller (see repository `profileDetail`). */
export function toProfileDetail(
  row: ProfileRow,
  reportRows: ReportRow[],
  createdByUsername: string | null = null,
  consent: TPersonConsent | null = null,
): TGetProfileResponse {
  const { preferredContact: _, ...inputs } = row.inputs;
  return {
    ...toProfileSummary(row),
    birthDate: row.birthDate,
    city: row.city,
    cityLocode: row.cityLocode,
    state: row.state,
    createdBy: row.createdBy,
    createdByUsername,
    observations: row.observations,
    validationComment: row.validationComment,
    confirmedHomonym: row.confirmedHomonym,
    excludedProcessType: row.excludedProcessType,
    crimeCategory: row.crimeCategory,
    sentencingStatus: row.sentencingStatus,
    inputs,
    preferredContact: preferredContactOf(row),
    reports: reportRows.map(toReportView),
    consent,
    consentWithdrawal: row.consentWithdrawnAt
      ? { at: row.consentWithdrawnAt.toISOString(), via: 'candidate_page' }
      : null,
  };
}
