import { Readable, pipeline } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import type { ByteSource } from '../entry.ts';
import { WatchlistFormatError } from '../errors.ts';
import { decodedText, looksLikeMarkup } from './text-stream.ts';

export type CsvRecord = { /** 1-based line where the record starts. */ line: number; cells: string[] };

/** A record larger than this is an unclosed quote swallowing the file, not a row. */
const MAX_RECORD_CHARS = 1024 * 1024;
/** The lists have some 20,000 rows; a file with this many is not one, and is refused before it fills memory. */
export const MAX_CSV_RECORDS = 500_000;

async function* refuseMarkup(text: AsyncIterable<string>, listName: string): AsyncGenerator<string> {
  let first = true;
  for await (const chunk of text) {
    if (first && looksLikeMarkup(chunk)) {
      throw new WatchlistFormatError('wrong_format', `this is XML or HTML, not the CSV file of ${listName}`, {
        line: 1,
      });
    }
    first = false;
    yield chunk;
  }
}

/**
 * The records of a Latin-1 CSV list file, streamed through csv-parse. Rows may differ in length (the
 * caller checks its columns). A parse failure becomes WatchlistFormatError with the line where the
 * broken record starts: 'truncated' when the file ends inside a quoted field, 'malformed' otherwise
 * ('wrong_format' when not a single record could be read).
 */
export async function* csvRecords(source: ByteSource, listName: string): AsyncGenerator<CsvRecord> {
  // Where the last good record ended (a failing chunk's records never reach the loop below).
  let parsedEnd = 0;
  const parser = parse({
    relax_column_count: true,
    skip_empty_lines: true,
    info: true,
    bom: true,
    max_record_size: MAX_RECORD_CHARS,
    on_record: (record, context) => {
      parsedEnd = context.lines;
      return record;
    },
  });
  pipeline(Readable.from(refuseMarkup(decodedText(source, 'windows-1252'), listName)), parser, () => {});
  let endLine = 0;
  let empty = 0;
  let records = 0;
  try {
    for await (const item of parser as AsyncIterable<{
      record: string[];
      info: { lines: number; empty_lines: number };
    }>) {
      const line = endLine + 1 + (item.info.empty_lines - empty);
      endLine = item.info.lines;
      empty = item.info.empty_lines;
      if (++records > MAX_CSV_RECORDS)
        throw new WatchlistFormatError('malformed', `more than ${MAX_CSV_RECORDS} rows: not ${listName}`, { line });
      // PostgreSQL stores no NUL in text: a list's field never holds one, a damaged file might.
      if (item.record.some((cell) => cell.includes('\0')))
        throw new WatchlistFormatError('malformed', `a NUL character inside a field of ${listName}`, { line });
      yield { line, cells: item.record };
    }
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const line = parsedEnd + 1;
    if (error.code === 'CSV_QUOTE_NOT_CLOSED') {
      throw new WatchlistFormatError(
        'truncated',
        `the file ends inside a quoted field of ${listName}: it was cut short`,
        { line },
        { cause: error },
      );
    }
    const code = records === 0 ? 'wrong_format' : 'malformed';
    throw new WatchlistFormatError(code, `unreadable CSV in ${listName}: ${error.message}`, { line }, { cause: error });
  } finally {
    parser.destroy();
  }
}
