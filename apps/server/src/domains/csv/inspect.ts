import { detectDelimiter, detectEncoding, headText, type CsvDelimiter, type CsvEncoding } from './detect.ts';
import { CsvFileError, rowLimitError } from './errors.ts';
import { readCsv, type CsvRecord } from './read.ts';

export const PREVIEW_ROWS = 10;

export type CsvInspection = {
  encoding: CsvEncoding;
  delimiter: CsvDelimiter;
  headers: string[];
  rowCount: number;
  preview: CsvRecord[];
};

/** Excel often ends every line with one more delimiter: trailing empty header cells are not columns. */
export function headerOf(cells: string[]): string[] {
  const headers = cells.map((c) => c.trim());
  while (headers.length > 0 && headers.at(-1) === '') headers.pop();
  return headers;
}

function checkHeaders(headers: string[], line: number) {
  if (headers.length === 0) throw new CsvFileError('no_rows', line);
  // SPEC §5: column names must be specified (and tell columns apart).
  if (headers.some((h) => h === '')) throw new CsvFileError('empty_column_name', line);
  if (new Set(headers.map((h) => h.toLowerCase())).size !== headers.length)
    throw new CsvFileError('duplicate_column_name', line);
}

/**
 * Reads the stored file once to learn its encoding, delimiter, header and row count, keeping only the
 * preview rows. More than `rowLimit` data rows stops at once with SPEC §8's row-limit message.
 */
export async function inspectCsv(path: string, rowLimit: number): Promise<CsvInspection> {
  const encoding = await detectEncoding(path);
  const delimiter = detectDelimiter(await headText(path, encoding));
  let headers: string[] | null = null;
  let rowCount = 0;
  const preview: CsvRecord[] = [];
  for await (const record of readCsv(path, { encoding, delimiter })) {
    if (headers === null) {
      headers = headerOf(record.cells);
      checkHeaders(headers, record.line);
      continue;
    }
    rowCount++;
    if (rowCount > rowLimit) throw rowLimitError(rowLimit);
    if (preview.length < PREVIEW_ROWS) preview.push(record);
  }
  if (headers === null) throw new CsvFileError('empty', 0);
  if (rowCount === 0) throw new CsvFileError('no_rows', 1);
  return { encoding, delimiter, headers, rowCount, preview };
}

/** A row's cells by header; null when it has more or fewer cells than the header (trailing empty ones aside). */
export function cellsByHeader(headers: readonly string[], cells: readonly string[]): Record<string, string> | null {
  let length = cells.length;
  while (length > headers.length && cells[length - 1]!.trim() === '') length--;
  if (length !== headers.length) return null;
  const out: Record<string, string> = {};
  headers.forEach((h, i) => (out[h] = cells[i]!));
  return out;
}
