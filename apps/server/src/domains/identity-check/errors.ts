/**
 * Typed errors of the identity engine. Routes turn `IdentityInputError` into a 4xx `{ code, message }`
 * (the code picks the caller's message); `IdentityEngineError` means the engine itself could not answer
 * (a worker crashed or timed out): the job retries it, it is never a 500 to a candidate.
 */
export const INPUT_ERROR_CODES = [
  'empty_image',
  'not_an_image',
  'unsupported_format',
  'image_too_large',
  'image_too_small',
] as const;
export type IdentityInputErrorCode = (typeof INPUT_ERROR_CODES)[number];

/** The HTTP status a route answers for each input error. */
export const INPUT_ERROR_STATUS: Record<IdentityInputErrorCode, 400 | 413 | 415 | 422> = {
  empty_image: 400,
  not_an_image: 415,
  unsupported_format: 415,
  image_too_large: 413,
  image_too_small: 422,
};

export class IdentityInputError extends Error {
  readonly code: IdentityInputErrorCode;
  readonly status: number;
  /** For logs only (sizes, the format found); never shown to a person. */
  readonly detail: string | undefined;
  constructor(code: IdentityInputErrorCode, detail?: string) {
    super(detail ? `${code}: ${detail}` : code);
    this.name = 'IdentityInputError';
    this.code = code;
    this.status = INPUT_ERROR_STATUS[code];
    this.detail = detail;
  }
}

export type IdentityEngineErrorCode = 'worker_crashed' | 'worker_timeout' | 'engine_closed';

export class IdentityEngineError extends Error {
  readonly code: IdentityEngineErrorCode;
  constructor(code: IdentityEngineErrorCode, detail?: string) {
    super(detail ? `${code}: ${detail}` : code);
    this.name = 'IdentityEngineError';
    this.code = code;
  }
}

export const isInputErrorCode = (code: unknown): code is IdentityInputErrorCode =>
  typeof code === 'string' && (INPUT_ERROR_CODES as readonly string[]).includes(code);
