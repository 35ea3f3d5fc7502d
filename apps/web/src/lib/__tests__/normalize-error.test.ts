import { describe, expect, it } from 'vitest';
import { ApiError } from '../api-error.ts';
import { AppError, normalizeError } from '../normalize-error.ts';

describe('normalizeError', () => {
  it('takes statusCode first, then status, then response.status', () => {
    expect(normalizeError({ statusCode: 404, status: 400, message: 'gone' })).toEqual({
      message: 'gone',
      statusCode: 404,
    });
    expect(normalizeError({ status: 403, statusText: 'Forbidden' })).toEqual({ message: 'Forbidden', statusCode: 403 });
    expect(normalizeError({ response: { status: 502 }, message: 'bad gateway' })).toEqual({
      message: 'bad gateway',
      statusCode: 502,
    });
  });

  it('defaults to 500 and an empty message', () => {
    expect(normalizeError(undefined)).toEqual({ message: '', statusCode: 500 });
    expect(normalizeError(null)).toEqual({ message: '', statusCode: 500 });
    expect(normalizeError(new Error('boom'))).toEqual({ message: 'boom', statusCode: 500 });
    expect(normalizeError({ status: 'teapot' })).toEqual({ message: '', statusCode: 500 });
    expect(normalizeError('plain text')).toEqual({ message: 'plain text', statusCode: 500 });
  });

  it('reads the app and API error classes', () => {
    expect(normalizeError(new AppError(404))).toEqual({ message: '', statusCode: 404 });
    expect(normalizeError(new ApiError(401, 'unauthenticated', 'Sign in'))).toEqual({
      message: 'Sign in',
      statusCode: 401,
    });
  });
});
