import { PREFERRED_CONTACTS, type TGetProfileResponse, type TProfileReport, type TProfileSummary } from '@centinela/shared';
import type { profiles, reports } from '../../db/schema/index.ts';

export type ProfileRow = typeof profiles.$inferSelect;
export type ReportRow = typeof reports.$inferSelect;

const iso = (d: Date | null) => d && d.toISOString();

export function toProfileSummary(row: ProfileRow): TProfileSummary {
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

export function toProfileDetail(row: ProfileRow, reportRows: ReportRow[]): TGetProfileResponse {
  const { preferredContact: _, ...inputs } = row.inputs;
  return {
    ...toProfileSummary(row),
    birthDate: row.birthDate,
    city: row.city,
    cityLocode: row.cityLocode,
    state: row.state,
    createdBy: row.createdBy,
    observations: row.observations,
    validationComment: row.validationComment,
    confirmedHomonym: row.confirmedHomonym,
    excludedProcessType: row.excludedProcessType,
    crimeCategory: row.crimeCategory,
    sentencingStatus: row.sentencingStatus,
    inputs,
    preferredContact: preferredContactOf(row),
    reports: reportRows.map(toReportView),
  };
}
