import {
  missingFormInputs,
  toValidationLocale,
  translate,
  ZSubmitFormRequest,
  type Country,
  type Locale,
  type TPublicForm,
  type TSubmitFormInput,
} from '@centinela/shared';
import type { TFunction } from 'i18next';
import { formErrors } from '../../../lib/form-validation.ts';
import { CALLING_CODES, joinPhone } from './phone.ts';

export type CandidateValues = {
  name: string;
  documentType: string;
  documentId: string;
  email: string;
  phonePrefix: string;
  phoneNumber: string;
  birthDate: string;
  issueDate: string;
  state: string;
  consent: boolean;
};

export function emptyCandidate(form: TPublicForm): CandidateValues {
  return {
    name: '',
    documentType: form.documentTypes[0] ?? 'national_id',
    documentId: '',
    email: '',
    phonePrefix: CALLING_CODES[form.country as Exclude<Country, 'xx'>] ?? '57',
    phoneNumber: '',
    birthDate: '',
    issueDate: '',
    state: '',
    consent: false,
  };
}

const orNull = (v: string) => (v.trim() === '' ? null : v.trim());

/** The request body: only what the form asks (blank optional fields are left out). */
export function submitRequest(
  v: CandidateValues,
  form: TPublicForm,
  locale: Locale,
  uploadIds: string[],
): TSubmitFormInput {
  const phone = joinPhone(v.phonePrefix, v.phoneNumber);
  return {
    name: v.name,
    documentType: v.documentType as TSubmitFormInput['documentType'],
    documentId: v.documentId,
    email: orNull(v.email),
    phone: phone || null,
    birthDate: orNull(v.birthDate),
    issueDate: orNull(v.issueDate),
    state: orNull(v.state),
    consent: v.consent as true,
    consentVersion: form.consent.version,
    locale,
    uploadIds,
  };
}

type Field =
  'name' | 'documentType' | 'documentId' | 'email' | 'phone' | 'birthDate' | 'issueDate' | 'state' | 'consent';

/** The server's schema, plus the inputs this form requires, as translated messages per field. */
export function candidateErrors(
  v: CandidateValues,
  form: TPublicForm,
  t: TFunction,
  language: string,
  labels: Record<Field, string>,
): Partial<Record<Field | 'phoneNumber', string>> {
  const request = submitRequest(v, form, 'en', []);
  const errors: Partial<Record<Field | 'phoneNumber', string>> = formErrors(
    ZSubmitFormRequest,
    request as Record<Field, unknown>,
    t,
    language,
    labels,
    'forms.validation.',
  );
  const phoneError = formErrors(
    ZSubmitFormRequest,
    request as Record<Field, unknown>,
    t,
    language,
    labels,
    'profiles.validation.',
  ).phone;
  if (phoneError) errors.phone = phoneError;
  for (const missing of missingFormInputs(form.inputs, request))
    errors[missing as Field] ??= translate('required', toValidationLocale(language), {}, labels[missing as Field]);
  if (!v.consent) errors.consent = t('forms.validation.consentRequired');
  // The phone's error shows under the number the candidate types.
  if (errors.phone) errors.phoneNumber = errors.phone;
  return errors;
}
