import type { ErrorCode, TLoadListResponse } from '@centinela/shared';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { Actor } from '../../kernel/index.ts';
import type { ByteSource } from './entry.ts';
import { toVersion } from './health.ts';
import { ListLoadError, loadAndRecord } from './load.ts';
import type { ListSource } from './sources.ts';

const REFUSALS: Record<ListLoadError['code'], ErrorCode> = {
  format: 'watchlist_file_format',
  empty: 'watchlist_file_empty',
  truncated: 'watchlist_file_truncated',
  shrank: 'watchlist_file_shrank',
  older: 'watchlist_file_older',
  download: 'watchlist_download_failed',
};

/**
 * A list file platform staff upload (a machine without internet, or a publisher's file sent by hand):
 * loaded exactly as a download would be. A file that is not a whole list is refused with 422, its
 * reason and the parser's own words; the current version stays.
 */
export async function uploadList(
  db: Db,
  source: ListSource,
  { bytes, fileName, actor }: { bytes: ByteSource; fileName: string | null; actor: Actor },
): Promise<TLoadListResponse> {
  try {
    const outcome = await loadAndRecord(db, source, { bytes, origin: 'upload', fileName, loadedBy: actor.userId });
    return { version: toVersion(outcome.version, outcome.version.id), unchanged: outcome.kind === 'unchanged' };
  } catch (error) {
    if (error instanceof ListLoadError)
      throw new ApiError(422, REFUSALS[error.code], {}, [{ path: 'body', code: error.code, message: error.message }]);
    throw error;
  }
}
