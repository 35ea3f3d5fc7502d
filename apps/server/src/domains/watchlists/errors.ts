/**
 * Why a list file was refused: 'empty' (no content), 'wrong_format' (not this list's format: another
 * list's file, a header missing), 'malformed' (this format, broken at one place), 'truncated' (it ends
 * before the file does: a download cut short).
 */
export type WatchlistFormatProblem = 'empty' | 'wrong_format' | 'malformed' | 'truncated';

export type FormatErrorPlace = { line?: number; column?: number };

/** A list file that cannot be read as a whole list; the message says what is wrong and where. */
export class WatchlistFormatError extends Error {
  readonly code: WatchlistFormatProblem;
  /** 1-based line of the file (and column, for XML) where the problem was seen. */
  readonly line?: number;
  readonly column?: number;

  constructor(code: WatchlistFormatProblem, message: string, place: FormatErrorPlace = {}, options?: ErrorOptions) {
    const where =
      place.line === undefined
        ? ''
        : ` (line ${place.line}${place.column === undefined ? '' : `, column ${place.column}`})`;
    super(`${message}${where}`, options);
    this.name = 'WatchlistFormatError';
    this.code = code;
    this.line = place.line;
    this.column = place.column;
  }
}
