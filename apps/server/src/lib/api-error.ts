import type { ErrorCode } from '@centinela/shared';

/** An error the API answers as `{ code, message }` with this status. */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly code: ErrorCode;
  readonly params: Record<string, string>;

  constructor(statusCode: number, code: ErrorCode, params: Record<string, string> = {}) {
    super(code);
    this.statusCode = statusCode;
    this.code = code;
    this.params = params;
  }
}

export const notFound = () => new ApiError(404, 'not_found');
export const forbidden = () => new ApiError(403, 'forbidden');
export const unauthenticated = () => new ApiError(401, 'unauthenticated');
