import type { TFunction } from 'i18next';
import i18n from './i18n.ts';
import { isApiError } from './api-error.ts';

/**
 * The text for an error: the catalogue's translation of its `code` (errors.<code>), else the server's own
 * message (the API already answers in the caller's language), else the generic 'Error'.
 */
export function errorMessage(t: TFunction, error: unknown): string {
  if (!isApiError(error)) return t('errors.internal');
  const key = `errors.${error.code}`;
  if (i18n.exists(key)) return t(key as 'errors.internal');
  return error.message || t('errors.internal');
}
