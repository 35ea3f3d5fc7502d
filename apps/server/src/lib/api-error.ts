import { ZApiError, type ErrorCode, type IssueKey, type IssueParams } from '@centinela/shared';

/**
 * One thing wrong with a request: `key` names its sentence (@centinela/shared issues), which the error
 * plugin words in the caller's language. `message` instead: words that are already the answer (a list
 * parser's own account of a file, quoting it).
 */
export type ApiIssue = { path: string; code: string } & ({ key: IssueKey; params?: IssueParams } | { message: string });

/** An error the API answers as `{ code, message }` with this status. */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly code: ErrorCode;
  readonly params: Record<string, string>;
  /** What exactly was wrong, answered as the body's `issues`. */
  readonly issues?: ApiIssue[];
  /** Seconds after which the same request may succeed, answered as Retry-After (a 503's). */
  retryAfter?: number;

  constructor(statusCode: number, code: ErrorCode, params: Record<string, string> = {}, issues?: ApiIssue[]) {
    super(code);
    this.statusCode = statusCode;
    this.code = code;
    this.params = params;
    if (issues) this.issues = issues;
  }
}

export const notFound = () => new ApiError(404, 'not_found');
export const forbidden = () => new ApiError(403, 'forbidden');
export const unauthenticated = () => new ApiError(401, 'unauthenticated');

/**
 * The statuses a route answers with `{ code, message }`, as its OpenAPI response schemas:
 * `response: { 200: ZThing, ...errorResponses(400, 401, 403, 404) }`.
 */
export function errorResponses<const S extends number>(...statuses: S[]): Record<S, typeof ZApiError> {
  return Object.fromEntries(statuses.map((status) => [status, ZApiError])) as Record<S, typeof ZApiError>;
}
