import type { TGetProfileResponse, TUpdatePersonRequest } from '@centinela/shared';

export const PERSON_FIELDS = [
  'name',
  'documentType',
  'documentId',
  'email',
  'phone',
  'birthDate',
  'issueDate',
  'state',
  'city',
  'cityLocode',
] as const;
export type PersonField = (typeof PERSON_FIELDS)[number];
export type PersonValues = Record<PersonField, string>;

/** Fields the API clears with null (name, document type and number are never empty). */
const CLEARABLE = new Set<PersonField>(['email', 'phone', 'birthDate', 'issueDate', 'state', 'city', 'cityLocode']);

export function personValues(p: TGetProfileResponse): PersonValues {
  return {
    name: p.name,
    documentType: p.documentType,
    documentId: p.documentId,
    email: p.email ?? '',
    phone: p.phone ?? '',
    birthDate: p.birthDate ?? '',
    issueDate: p.inputs.issueDate ?? '',
    state: p.state ?? '',
    city: p.city ?? '',
    cityLocode: p.cityLocode ?? '',
  };
}

/** The PATCH body: only what changed; an emptied optional field is sent as null (cleared). */
export function personRequest(values: PersonValues, initial: PersonValues): TUpdatePersonRequest {
  const body: Record<string, string | null> = {};
  for (const field of PERSON_FIELDS) {
    if (values[field].trim() === initial[field].trim()) continue;
    body[field] = CLEARABLE.has(field) && values[field].trim() === '' ? null : values[field];
  }
  return body as TUpdatePersonRequest;
}
