import { reportDefinition, type ReportInput, type ReportType } from '@centinela/shared';
import type { profiles } from '../../db/schema/index.ts';
import type { ReportSubject } from './provider.ts';

type ProfileRow = typeof profiles.$inferSelect;

/** The person a source is asked about, from the profile row. */
export function subjectOf(p: ProfileRow): ReportSubject {
  return {
    profileId: p.id,
    ownerId: p.ownerId,
    country: p.country,
    documentType: p.documentType,
    documentId: p.documentId,
    name: p.name,
    birthDate: p.birthDate,
    email: p.email,
    phone: p.phone,
    state: p.state,
    inputs: p.inputs,
  };
}

/** One report input's value on the subject; blank counts as absent. */
export function inputValue(subject: ReportSubject, input: ReportInput): string | null {
  const value = input === 'issueDate' ? subject.inputs.issueDate : subject[input];
  return value && value.trim() !== '' ? value : null;
}

/**
 * The catalogue inputs this report needs that the subject lacks, and the values it has (stored on the
 * report as `inputs`, "as sent to the source"). A type the country does not offer needs nothing here:
 * callers reject it before (see enqueueReports).
 */
export function checkInputs(
  subject: ReportSubject,
  type: ReportType,
): { missing: ReportInput[]; values: Record<string, string> } {
  const missing: ReportInput[] = [];
  const values: Record<string, string> = {};
  for (const input of reportDefinition(subject.country, type)?.inputs ?? []) {
    const value = inputValue(subject, input);
    if (value === null) missing.push(input);
    else values[input] = value;
  }
  return { missing, values };
}
