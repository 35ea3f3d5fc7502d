import { ZCreateProfileRequest } from '@centinela/shared';
import type { TFunction } from 'i18next';
import { candidateRequest, type CandidateValues } from './candidate.ts';
import { formErrors } from '../../../lib/form-validation.ts';

const FIELDS = [
  'country',
  'documentType',
  'documentId',
  'name',
  'email',
  'phone',
  'birthDate',
  'issueDate',
  'state',
  'pipelineId',
  'reportTypes',
] as const;

/** The create schema's verdict on the form, per field; "pipeline or reports" lands on the visible control. */
export function candidateErrors(values: CandidateValues, t: TFunction, language: string) {
  const labels = Object.fromEntries(FIELDS.map((f) => [f, t(`profiles.fields.${f}`)])) as Record<
    (typeof FIELDS)[number],
    string
  >;
  const body = candidateRequest(values) as unknown as Record<(typeof FIELDS)[number], unknown>;
  // 'xx' stands for "not chosen" in the body; the form shows it as required.
  const errors = formErrors(
    ZCreateProfileRequest,
    { ...body, country: values.country || undefined },
    t,
    language,
    labels,
    'profiles.validation.',
  );
  if (values.mode === 'pipeline' && errors.reportTypes) {
    errors.pipelineId = errors.reportTypes;
    delete errors.reportTypes;
  }
  return errors;
}
