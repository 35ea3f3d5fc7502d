export * from './owners.ts';
export * from './users.ts';
export * from './api-keys.ts';
export * from './audit.ts';
export * from './identity.ts';
export * from './retention-months.ts';
export * from './retention.ts';

/** Every message key these schemas use, for the web catalogues. */
export const MANAGEMENT_MESSAGE_KEYS = [
  'validation.required',
  'validation.email',
  'management.validation.codeName',
  'management.validation.nothingToUpdate',
  'management.validation.rolesRequired',
  'management.validation.rolesRepeated',
  'management.validation.countriesRequired',
  'management.validation.countriesRepeated',
  'management.validation.defaultCountry',
  'management.validation.emailsRequired',
  'management.validation.retentionMonths',
] as const;
