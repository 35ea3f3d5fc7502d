import { createReadStream } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { watchlistSources } from '../../db/schema/index.ts';
import type { JobLog } from '../../lib/jobs/index.ts';
import { ensureSource, loadAndRecord } from './load.ts';
import { rekeyNames } from './rekey.ts';
import { BUNDLED_DIR, type ListSource } from './sources.ts';

/**
 * Every list has a row (the sync job's), and a list with no version yet gets the snapshot shipped with
 * the product: a fresh machine screens against real lists without a network. Runs at start-up; a list
 * already loaded is left alone.
 */
export async function prepareLists(db: Db, sources: readonly ListSource[], log?: JobLog): Promise<void> {
  const rekeyed = await rekeyNames(db);
  if (rekeyed.names + rekeyed.enrolments > 0) log?.info(rekeyed, 'stored name keys brought to the current normal form');
  for (const source of sources) {
    await ensureSource(db, source.id);
    const [state] = await db
      .select({ current: watchlistSources.currentVersionId })
      .from(watchlistSources)
      .where(eq(watchlistSources.id, source.id));
    if (state?.current) continue;
    const outcome = await loadAndRecord(db, source, {
      bytes: createReadStream(path.join(BUNDLED_DIR, source.bundled.file)),
      origin: 'bundled',
      fileName: source.bundled.file,
      asOf: source.bundled.asOf,
    });
    log?.info({ source: source.id, entries: outcome.version.entries }, 'watch list loaded from the shipped snapshot');
  }
}
