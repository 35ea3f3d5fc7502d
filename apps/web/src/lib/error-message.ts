import type { TFunction } from 'i18next';
import en from '../locales/en.json';
import { isApiError } from './api-error.ts';

type ErrorCode = keyof typeof en.errors;

function isKnownCode(code: string): code is ErrorCode {
  return Object.hasOwn(en.errors, code);
}

/**
 * The text for an error: the catalogue's translation of its `code` (errors.<code>), else the server's own
 * message (the API already answers in the caller's language), else the generic 'Error'.
 */
export function errorMessage(t: TFunction, error: unknown): string {
  if (!isApiError(error)) return t('errors.internal');
  if (isKnownCode(error.code)) return t(`errors.${error.code}`);
  return error.message || t('errors.internal');
}
