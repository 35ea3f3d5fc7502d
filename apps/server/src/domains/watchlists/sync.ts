import { createReadStream } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { watchlistSources } from '../../db/schema/index.ts';
import type { Actor } from '../../kernel/index.ts';
import { audit } from '../audit/record.ts';
import type { ByteSource } from './entry.ts';
import { clearStaleNotes } from './stale-notes.ts';
import { ListLoadError, loadAndRecord, recordLoadFailure, type LoadOutcome } from './load.ts';
import type { ListSource } from './sources.ts';

/** The longest a download may take before it counts as failed (the lists are a few MB). */
const DOWNLOAD_TIMEOUT_MS = 120_000;

type Download =
  { kind: 'file'; bytes: ByteSource; etag: string | null; lastModified: string | null } | { kind: 'not_modified' };

const downloadFailed = (url: string, error: unknown) => {
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return new ListLoadError('download', `${url}: ${error instanceof Error ? error.message : String(error)}${cause}`, {
    cause: error,
  });
};

/** The body as it arrives; a read that breaks off (connection dropped, file missing) is a failed download, recorded like the others. */
async function* received(url: string, bytes: ByteSource): ByteSource {
  try {
    yield* bytes;
  } catch (error) {
    throw downloadFailed(url, error);
  }
}

/** GET with the validators of the last download (ETag, Last-Modified): an unchanged list is a 304, not a body. */
async function download(
  url: string,
  previous: { etag: string | null; lastModified: string | null },
  signal: AbortSignal,
): Promise<Download> {
  if (url.startsWith('file:'))
    return { kind: 'file', bytes: received(url, createReadStream(fileURLToPath(url))), etag: null, lastModified: null };
  const headers: Record<string, string> = { 'user-agent': 'Centinela watch-list sync' };
  if (previous.etag) headers['if-none-match'] = previous.etag;
  if (previous.lastModified) headers['if-modified-since'] = previous.lastModified;
  let response: Response;
  try {
    response = await fetch(url, {
      headers,
      signal: AbortSignal.any([signal, AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS)]),
    });
  } catch (error) {
    throw downloadFailed(url, error);
  }
  if (response.status === 304) return { kind: 'not_modified' };
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    throw new ListLoadError('download', `${url} answered ${response.status}`);
  }
  return {
    kind: 'file',
    bytes: received(url, response.body),
    etag: response.headers.get('etag'),
    lastModified: response.headers.get('last-modified'),
  };
}

export type SyncOutcome = LoadOutcome | { kind: 'not_modified' };

/**
 * One sync of a list: download it (conditionally) and load it as a version when it changed. A failure of
 * any kind keeps the current version; it is recorded on the source and thrown for the queue's back-off.
 */
export async function syncList(
  db: Db,
  source: ListSource,
  signal: AbortSignal,
  now = new Date(),
): Promise<SyncOutcome> {
  const startedAt = performance.now();
  const [state] = await db.select().from(watchlistSources).where(eq(watchlistSources.id, source.id));
  let fetched: Download;
  try {
    fetched = await download(
      source.url,
      { etag: state?.etag ?? null, lastModified: state?.lastModified ?? null },
      signal,
    );
  } catch (error) {
    if (error instanceof ListLoadError)
      await recordLoadFailure(db, source, error, { origin: 'download', startedAt, now });
    throw error;
  }
  if (fetched.kind === 'not_modified') {
    await db
      .update(watchlistSources)
      .set({ checkedAt: now, lastErrorAt: null, lastErrorCode: null, lastError: null })
      .where(eq(watchlistSources.id, source.id));
    // The publisher confirmed the data: current again, so the reports' stale notes go.
    await clearStaleNotes(db, source.id, now);
    return fetched;
  }
  const outcome = await loadAndRecord(db, source, {
    bytes: fetched.bytes,
    origin: 'download',
    fileName: source.url.split('/').pop() ?? null,
    fromPublisher: true,
    now,
  });
  // The validators are kept only once the body they describe was loaded (or found unchanged).
  await db
    .update(watchlistSources)
    .set({ etag: fetched.etag, lastModified: fetched.lastModified })
    .where(eq(watchlistSources.id, source.id));
  return outcome;
}

/** Platform staff ask for a sync now: the source is due at once (the runner is woken by the caller). Audited. */
export async function requestSync(db: Db, sourceId: string, actor: Actor): Promise<void> {
  await db
    .insert(watchlistSources)
    .values({ id: sourceId, nextSyncAt: sql`now()` })
    .onConflictDoUpdate({ target: watchlistSources.id, set: { nextSyncAt: sql`now()` } });
  await audit(db, actor, {
    ownerId: null,
    action: 'watchlist.sync_requested',
    entityType: 'watchlist',
    entityId: sourceId,
  });
}
