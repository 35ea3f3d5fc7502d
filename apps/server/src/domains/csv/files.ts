import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../../lib/config.ts';
import { CsvFileError } from './errors.ts';

/** Uploaded files live under `<DATA_DIR>/csv` (CSV_DIR overrides; an in-memory database uses the temp directory). */
export function csvDir(config: Config): string {
  if (config.CSV_DIR) return path.resolve(config.CSV_DIR);
  if (config.DATA_DIR.startsWith('memory://')) return path.join(tmpdir(), 'centinela-csv');
  return path.join(config.DATA_DIR, 'csv');
}

/**
 * Streams the request body to a new file, chunk by chunk (never the whole file in memory), refusing
 * more than `maxBytes`. Returns the path and size; a refused or broken upload leaves no file behind.
 */
export async function saveUpload(
  dir: string,
  body: Readable,
  maxBytes: number,
): Promise<{ path: string; size: number }> {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${randomUUID()}.csv`);
  let size = 0;
  // Past the limit the rest is read and dropped (not written): the client gets its answer instead of a reset connection.
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      done(null, size > maxBytes ? undefined : chunk);
    },
  });
  try {
    await pipeline(body, counter, createWriteStream(file));
  } catch (error) {
    await rm(file, { force: true });
    throw error;
  }
  if (size > maxBytes) {
    await rm(file, { force: true });
    throw new CsvFileError('too_large', 0);
  }
  return { path: file, size };
}

export async function removeFile(file: string | null): Promise<void> {
  if (file) await rm(file, { force: true });
}
