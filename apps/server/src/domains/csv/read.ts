import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import type { CsvDelimiter, CsvEncoding } from './detect.ts';
import { CsvFileError } from './errors.ts';

export type CsvRecord = { /** 1-based line of the file where the record starts. */ line: number; cells: string[] };

/** A record larger than this is a broken file (an unclosed quote swallowing the rest), not a row. */
const MAX_RECORD_BYTES = 1024 * 1024;

async function* decoded(path: string, encoding: CsvEncoding): AsyncGenerator<string> {
  // 'utf-8-bom': the decoder drops the BOM itself (ignoreBOM false).
  const decoder = new TextDecoder(encoding === 'windows-1252' ? 'windows-1252' : 'utf-8', {
    fatal: encoding !== 'windows-1252',
  });
  for await (const chunk of createReadStream(path, { highWaterMark: 256 * 1024 })) {
    yield decoder.decode(chunk as Buffer, { stream: true });
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

/**
 * The records of a stored CSV file, streamed (never the whole file in memory): quoted fields may hold
 * delimiters and newlines, blank lines are skipped, rows may be ragged (the caller decides). Parse
 * failures become CsvFileError with the line.
 */
export async function* readCsv(
  path: string,
  opts: { encoding: CsvEncoding; delimiter: CsvDelimiter },
): AsyncGenerator<CsvRecord> {
  // Where the last good record ended, seen as the parser goes (a failing chunk's records never reach the loop).
  let parsedEnd = 0;
  const parser = Readable.from(decoded(path, opts.encoding)).pipe(
    parse({
      delimiter: opts.delimiter,
      relax_column_count: true,
      // A quote inside an unquoted field (Beto "El Gato" Ruiz) is part of the text, as Excel reads it.
      relax_quotes: true,
      skip_empty_lines: true,
      info: true,
      max_record_size: MAX_RECORD_BYTES,
      on_record: (record, context) => {
        parsedEnd = context.lines;
        return record;
      },
    }),
  );
  let endLine = 0;
  let empty = 0;
  try {
    for await (const item of parser as AsyncIterable<{
      record: string[];
      info: { lines: number; empty_lines: number };
    }>) {
      const line = endLine + 1 + (item.info.empty_lines - empty);
      endLine = item.info.lines;
      empty = item.info.empty_lines;
      yield { line, cells: item.record };
    }
  } catch (error) {
    // The line where the broken record starts (an unclosed quote is only noticed at the end of the file).
    if (error instanceof CsvError) throw new CsvFileError('unparsable', parsedEnd + 1);
    if (error instanceof TypeError && /decode|encoded/i.test(error.message))
      throw new CsvFileError('unparsable', endLine + 1);
    throw error;
  } finally {
    parser.destroy();
  }
}
