import type { ByteSource, ParseOptions, WatchlistEntry, WatchlistSource } from '../entry.ts';
import { parseOfacSdn } from './ofac-sdn.ts';
import { parseSat69b } from './sat-69b.ts';
import { parseUnSc } from './un-sc.ts';

/** A list file's bytes in, its normalised entries out; throws WatchlistFormatError for a file that is not a whole list. */
export type WatchlistParser = (source: ByteSource, options?: ParseOptions) => AsyncGenerator<WatchlistEntry>;

/** The parser of each list: a new list is its parser here plus its id in WATCHLIST_SOURCES. */
export const WATCHLIST_PARSERS: Record<WatchlistSource, WatchlistParser> = {
  'ofac-sdn': parseOfacSdn,
  'un-sc': parseUnSc,
  'sat-69b': parseSat69b,
};
