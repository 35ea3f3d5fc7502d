import type { TFunction } from 'i18next';
import { isApiError } from '../../../lib/api-error.ts';
import { errorMessage } from '../../../lib/error-message.ts';

/** Codes whose server message carries the reason's details (the code name, the counts), already in the caller's language. */
const DETAILED = new Set(['owner_code_taken', 'owner_has_data']);

export function managementError(t: TFunction, error: unknown): string {
  if (isApiError(error) && DETAILED.has(error.code) && error.message) return error.message;
  return errorMessage(t, error);
}
