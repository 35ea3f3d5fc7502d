import { normalizeDocumentId, toE164Phone, type TCreateProfileRequest } from '@centinela/shared';

/**
 * The profile's own columns for a new person, stored the same way whichever path it came by (the
 * dashboard, the client API, a form submission, a CSV row): document id
 * normalised for its country, E.164 phone, lower-case email. Adding a field to a person starts here.
 */
export function personColumns(input: TCreateProfileRequest) {
  const precandidate = input.kind === 'precandidate';
  const phone = input.phone ? toE164Phone(input.phone) : null;
  /** Report inputs that have no column of their own. */
  const inputs: Record<string, string> = {};
  if (input.kind === 'candidate' && input.issueDate) inputs.issueDate = input.issueDate;
  // SPEC §5: with both, the phone is how a pre-candidate is contacted.
  if (precandidate) inputs.preferredContact = phone ? 'phone' : 'email';
  return {
    country: input.country,
    documentType: input.documentType,
    documentId: input.documentId ? normalizeDocumentId(input.country, input.documentType, input.documentId) : '',
    name: input.name,
    email: input.email?.toLowerCase() ?? null,
    phone,
    city: input.city ?? null,
    state: input.state ?? null,
    birthDate: input.birthDate ?? null,
    inputs,
  };
}

export type PersonColumns = ReturnType<typeof personColumns>;
