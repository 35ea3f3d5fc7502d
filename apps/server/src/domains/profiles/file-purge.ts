import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../lib/config.ts';
import { recordingsDir } from '../sol/index.ts';
import { storageFor } from '../uploads/storage.ts';
import type { PurgeFiles } from './files.ts';

/**
 * Removes deleted persons' documents and call recordings (nothing personal stays), for every
 * path that deletes persons: the dashboard's delete and retention's job. `onFailed` hears how many files
 * could not be removed (the rows are gone already, so the delete itself stands).
 */
export function filePurge(config: Config, onFailed: (failed: number) => void): PurgeFiles {
  return async ({ uploads, recordings }) => {
    const store = storageFor(config);
    const dir = recordingsDir(config);
    const results = await Promise.allSettled([
      ...uploads.map((key) => store.delete(key)),
      ...recordings.map((name) => rm(path.join(dir, path.basename(name)), { force: true })),
    ]);
    const failed = results.filter((r) => r.status === 'rejected').length;
    if (failed > 0) onFailed(failed);
  };
}
