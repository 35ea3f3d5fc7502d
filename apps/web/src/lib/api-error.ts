/** Every API error is `{ code, message }` (packages/shared/src/errors/codes.ts); `code` is the translation key. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Client-side codes for failures that never reached the API (not in the server's catalogue). */
export const NETWORK_ERROR = 'network_error';
export const INVALID_RESPONSE = 'invalid_response';
