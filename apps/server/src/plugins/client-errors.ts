import type { Socket } from 'node:net';
import { STATUS_CODES } from 'node:http';
import { errorMessage, type ErrorCode } from '@centinela/shared';
import type { ConnectionError } from 'fastify';
import { localeFrom } from '../lib/locale.ts';

/** What Node's parser refuses before any route runs: too many header bytes, too slow, or not HTTP. */
const ANSWERS: Record<string, { status: number; code: ErrorCode }> = {
  HPE_HEADER_OVERFLOW: { status: 431, code: 'headers_too_large' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, code: 'request_timeout' },
};

/**
 * The Accept-Language of a request whose headers could not be parsed whole: read from the bytes that
 * did arrive, so even a refusal is worded in the caller's language.
 */
function acceptLanguage(raw: unknown): string | undefined {
  const text = Buffer.isBuffer(raw) ? raw.toString('latin1') : '';
  return /\r\naccept-language:[ \t]*([^\r\n]*)/i.exec(text)?.[1];
}

/**
 * Fastify's `clientErrorHandler`: the answer to a request Node's HTTP parser refused (headers past
 * maxHeaderSize, a request that never finished arriving, bytes that are not HTTP), in the same
 * `{ code, message }` shape and language as every other error, and then the connection closed.
 */
export function clientError(error: ConnectionError, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, code } = ANSWERS[error.code ?? ''] ?? { status: 400, code: 'bad_request' as const };
  const body = JSON.stringify({ code, message: errorMessage(code, localeFrom(acceptLanguage(error.rawPacket))) });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
