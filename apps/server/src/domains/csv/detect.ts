import { createReadStream } from 'node:fs';
import type { CSV_DELIMITERS, CSV_ENCODINGS } from '@centinela/shared';
import { CsvFileError } from './errors.ts';

export type CsvEncoding = (typeof CSV_ENCODINGS)[number];
export type CsvDelimiter = (typeof CSV_DELIMITERS)[number];

const BOM = [0xef, 0xbb, 0xbf];

/**
 * UTF-8 (with or without BOM) when every byte of the file decodes as UTF-8, otherwise Windows-1252
 * (what Excel writes in Spanish locales). A NUL or a run of control bytes in the start means a binary
 * file renamed .csv. Reads the file once, streamed.
 */
export async function detectEncoding(path: string): Promise<CsvEncoding> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let first = true;
  let utf8 = true;
  let bom = false;
  for await (const raw of createReadStream(path, { highWaterMark: 256 * 1024 })) {
    const chunk = raw as Buffer;
    if (first) {
      first = false;
      bom = BOM.every((b, i) => chunk[i] === b);
      const head = chunk.subarray(0, 8192);
      let control = 0;
      for (const byte of head) {
        if (byte === 0) throw new CsvFileError('binary', 0);
        if (byte < 0x09 || (byte > 0x0d && byte < 0x20)) control++;
      }
      if (control > head.length / 100 + 2) throw new CsvFileError('binary', 0);
    }
    if (utf8) {
      try {
        decoder.decode(chunk, { stream: true });
      } catch {
        utf8 = false;
      }
    }
  }
  if (first) throw new CsvFileError('empty', 0);
  if (utf8) {
    try {
      decoder.decode();
    } catch {
      utf8 = false;
    }
  }
  return utf8 ? (bom ? 'utf-8-bom' : 'utf-8') : 'windows-1252';
}

/** Counts each candidate outside quotes on the first record (the header): the most frequent wins; comma on a tie or none. */
export function detectDelimiter(text: string): CsvDelimiter {
  const counts: Record<CsvDelimiter, number> = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && ch in counts) counts[ch as CsvDelimiter]++;
  }
  const best = (Object.keys(counts) as CsvDelimiter[]).reduce((a, b) => (counts[b] > counts[a] ? b : a), ',');
  return counts[best] > 0 ? best : ',';
}

/** The first `bytes` of the file as text (for the delimiter). */
export async function headText(path: string, encoding: CsvEncoding, bytes = 64 * 1024): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const raw of createReadStream(path, { start: 0, end: bytes - 1 })) {
    chunks.push(raw as Buffer);
    size += (raw as Buffer).length;
  }
  const decoder = new TextDecoder(encoding === 'windows-1252' ? 'windows-1252' : 'utf-8');
  return decoder.decode(Buffer.concat(chunks, size), { stream: true });
}
