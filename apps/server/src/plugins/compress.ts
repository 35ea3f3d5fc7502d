import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fp from 'fastify-plugin';

/**
 * Compressed answers for clients that accept them: the API's JSON — a page of persons shrinks to about a
 * quarter — and any file the web plugin has no pre-compressed copy of (staff on mobile networks; Lighthouse's
 * slow 4G). Gzip first: on that page it is as small as brotli at quality 4 (the usual level for answers
 * compressed as they are sent; the default, 11, is for files compressed once) in about half the time; brotli
 * for a client that takes only that. Under 1 KB, and what is already compressed (the built app's .br/.gz
 * files, images, audio), goes as it is.
 */
export default fp(
  async (app) => {
    await app.register(fastifyCompress, {
      encodings: ['gzip', 'br'],
      threshold: 1024,
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    });
  },
  { name: 'compress' },
);
