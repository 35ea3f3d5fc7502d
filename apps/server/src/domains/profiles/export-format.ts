import type { ProfileRow } from './view.ts';

/**
 * Spreadsheet-formula injection: a cell starting with = + - @ (or a tab / carriage return that some
 * apps skip before reading a formula) is prefixed with an apostrophe so it opens as text, never runs.
 */
export function neutralizeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** The exported columns: data, so headers are stable field names rather than translated labels. */
export const EXPORT_COLUMNS = [
  'id',
  'name',
  'country',
  'document_type',
  'document_id',
  'email',
  'phone',
  'city',
  'state',
  'status',
  'created_as',
  'pipeline_id',
  'manually_reviewed',
  'outcome',
  'observations',
  'validation_comment',
  'confirmed_homonym',
  'crime_category',
  'sentencing_status',
  'created_at',
  'updated_at',
] as const;

export function exportRow(row: ProfileRow): string[] {
  const values: (string | boolean | Date | null)[] = [
    row.id,
    row.name,
    row.country,
    row.documentType,
    row.documentId,
    row.email,
    row.phone,
    row.city,
    row.state,
    row.status,
    row.createdAs,
    row.pipelineId,
    row.manuallyReviewed,
    row.outcome,
    row.observations,
    row.validationComment,
    row.confirmedHomonym,
    row.crimeCategory,
    row.sentencingStatus,
    row.createdAt,
    row.updatedAt,
  ];
  return values.map((v) => (v === null ? '' : v instanceof Date ? v.toISOString() : neutralizeCell(String(v))));
}
