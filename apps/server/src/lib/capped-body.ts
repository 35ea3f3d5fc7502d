import { once } from 'node:events';
import type { IncomingMessage } from 'node:http';
import { createBrotliDecompress, createGunzip, createInflate, type Gunzip } from 'node:zlib';
import { ApiError } from './api-error.ts';

const UNPACKERS: Record<string, () => Gunzip> = {
  gzip: createGunzip,
  'x-gzip': createGunzip,
  deflate: createInflate,
  br: createBrotliDecompress as () => Gunzip,
};

const tooLarge = () => new ApiError(413, 'body_too_large');

/** The encoding a request body is sent in; identity when none; undefined when it is one we do not unpack. */
export function bodyEncoding(request: IncomingMessage): string | undefined {
  const encoding = (request.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  return encoding === 'identity' || encoding in UNPACKERS ? encoding : undefined;
}

/**
 * A request body read as it arrives, with `maxBytes` enforced twice: on the bytes received and on the
 * bytes unpacked from its Content-Encoding, so neither a long upload nor a small gzip bomb is read past
 * the cap (413 `body_too_large`). The request stream is never destroyed here: whoever stops reading
 * early answers, and Node then discards the rest of the body (no unpacking), so the client reads the
 * answer instead of a reset connection.
 */
export async function* cappedBody(request: IncomingMessage, maxBytes: number): AsyncGenerator<Uint8Array> {
  const declared = Number(request.headers['content-length']);
  if (declared > maxBytes) throw tooLarge();
  const encoding = bodyEncoding(request) ?? 'identity';
  const received = request.iterator({ destroyOnReturn: false });
  let receivedBytes = 0;
  const counted = async function* () {
    for await (const chunk of received as AsyncIterable<Buffer>) {
      receivedBytes += chunk.byteLength;
      if (receivedBytes > maxBytes) throw tooLarge();
      yield chunk;
    }
  };
  if (encoding === 'identity') {
    yield* counted();
    return;
  }
  // Fed by hand rather than piped, so abandoning the unpacker never tears down the request.
  const unpack = UNPACKERS[encoding]!();
  const feed = (async () => {
    for await (const chunk of counted()) {
      if (unpack.destroyed) return;
      if (!unpack.write(chunk)) await once(unpack, 'drain').catch(() => {});
    }
    unpack.end();
  })();
  feed.catch((error: unknown) => unpack.destroy(error as Error));
  let unpacked = 0;
  try {
    for await (const chunk of unpack as AsyncIterable<Buffer>) {
      unpacked += chunk.byteLength;
      if (unpacked > maxBytes) throw tooLarge();
      yield chunk;
    }
    await feed;
  } catch (error) {
    // Bytes that do not unpack: the client's encoding is broken, not the server.
    if ((error as { code?: string }).code?.startsWith('Z_')) throw new ApiError(400, 'bad_request');
    throw error;
  } finally {
    unpack.destroy();
  }
}
