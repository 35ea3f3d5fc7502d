import type { TLoginRequest } from '@centinela/shared';
import { ZLoginRequest } from '@centinela/shared/auth/schemas';
import { schemaErrors } from '../../../lib/form-validation.ts';

export type LoginErrors = Partial<Record<keyof TLoginRequest, string>>;

/**
 * The sign-in form's check: the server's own ZLoginRequest (zod) with SPEC §5's messages. Its own chunk,
 * loaded after the sign-in page's first paint, as are zod and the validation messages.
 */
export function loginErrors(
  values: TLoginRequest,
  language: string,
  labels: Record<keyof TLoginRequest, string>,
): LoginErrors {
  return schemaErrors(ZLoginRequest, values, language, labels);
}
