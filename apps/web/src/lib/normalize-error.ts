/** What the error page needs from any thrown value (SPEC §8). */
export type NormalizedError = { message: string; statusCode: number };

const DEFAULT_STATUS = 500;

/** An error that carries its HTTP-like status, e.g. a failed page validity check (404). */
export class AppError extends Error {
  override readonly name = 'AppError';

  constructor(
    readonly statusCode: number,
    message = '',
  ) {
    super(message);
  }
}

function isStatus(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 100 && value <= 599;
}

function field(source: unknown, key: string): unknown {
  return source !== null && typeof source === 'object' ? (source as Record<string, unknown>)[key] : undefined;
}

function messageOf(error: unknown): string {
  if (typeof error === 'string') return error;
  for (const key of ['message', 'statusMessage', 'statusText', 'data']) {
    const value = field(error, key);
    if (typeof value === 'string' && value !== '') return value;
  }
  return '';
}

/**
 * Any thrown value → `{ message, statusCode }`. The status is taken from `statusCode`, then `status`
 * (fetch Response, React Router error responses, ApiError), then `response.status` (HTTP client errors),
 * else 500. An empty message means "none": the page shows the generic 'Error' (SPEC §2).
 */
export function normalizeError(error: unknown): NormalizedError {
  const candidates = [field(error, 'statusCode'), field(error, 'status'), field(field(error, 'response'), 'status')];
  const statusCode = candidates.find(isStatus) ?? DEFAULT_STATUS;
  return { message: messageOf(error), statusCode };
}
