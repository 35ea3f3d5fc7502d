import { errorMessage, type ErrorCode } from '@centinela/shared';
import type { FastifyInstance } from 'fastify';
import type { ExtendedError, Socket } from 'socket.io';
import type { Caller } from '../../kernel/index.ts';
import { ApiError } from '../../lib/api-error.ts';
import { localeFrom } from '../../lib/locale.ts';
import { callerFromBearer } from '../auth.ts';

export type SocketData = { caller: Caller };

/**
 * The token the client sends as `auth: { token }` in its handshake: the API's bearer token, raw or with
 * its 'Bearer ' type (auth storage keeps it typed). Never a query parameter: URLs end up in logs.
 */
export function handshakeToken(auth: unknown): string | null {
  const token = typeof auth === 'object' && auth !== null && 'token' in auth ? auth.token : undefined;
  if (typeof token !== 'string') return null;
  const raw = token.replace(/^Bearer\s+/i, '').trim();
  return raw === '' ? null : raw;
}

/** A refused handshake: the client's connect_error carries `data: { code, message }`, as the API's errors. */
function refusal(code: ErrorCode, acceptLanguage: string | undefined): ExtendedError {
  const message = errorMessage(code, localeFrom(acceptLanguage));
  return Object.assign(new Error(message), { data: { code, message } });
}

/**
 * socket.io middleware: resolves the caller exactly as the API's bearer check does (plugins/auth.ts),
 * so missing, unknown, expired and revoked tokens and inactive users/owners are refused alike.
 * The caller is checked once, at the handshake: a client that refreshes its token reconnects.
 */
export function authenticateHandshake(app: FastifyInstance) {
  return async (socket: Socket, next: (error?: ExtendedError) => void) => {
    const language = socket.handshake.headers['accept-language'];
    const token = handshakeToken(socket.handshake.auth);
    if (!token) return next(refusal('unauthenticated', language));
    try {
      (socket.data as SocketData).caller = await callerFromBearer(app, token);
      next();
    } catch (error) {
      if (error instanceof ApiError) return next(refusal(error.code, language));
      app.log.error({ err: error }, 'socket handshake failed');
      next(refusal('internal', language));
    }
  };
}
