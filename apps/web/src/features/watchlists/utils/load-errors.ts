import type { WatchlistLoadError } from '@centinela/shared';

/** A source's last error code → the API error code that says it (errors.<code> in the catalogues). */
export const LOAD_ERROR_CODES: Record<WatchlistLoadError, string> = {
  format: 'watchlist_file_format',
  empty: 'watchlist_file_empty',
  truncated: 'watchlist_file_truncated',
  shrank: 'watchlist_file_shrank',
  older: 'watchlist_file_older',
  download: 'watchlist_download_failed',
};
