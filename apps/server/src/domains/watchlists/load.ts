import { createHash, randomUUID } from 'node:crypto';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { WatchlistLoadError, WatchlistVersionOrigin } from '@centinela/shared';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { watchlistEntries, watchlistSources, watchlistSyncLog, watchlistVersions } from '../../db/schema/index.ts';
import { recordAudit } from '../audit/record.ts';
import type { ByteSource, WatchlistEntry } from './entry.ts';
import { WatchlistFormatError } from './errors.ts';
import { sortedNameKey } from './names.ts';
import type { ListSource } from './sources.ts';
import { clearStaleNotes } from './stale-notes.ts';

/** Monitoring's queue is told here when a version with a delta commits (watchlist-monitor-queue.ts). */
export const MONITOR_CHANNEL = 'watchlist_monitor';

/** Why a file did not become a version; the previous version stays and the source records it. */
export class ListLoadError extends Error {
  readonly code: WatchlistLoadError;
  constructor(code: WatchlistLoadError, message: string, options?: ErrorOptions) {
    super(message, options);
    this.code = code;
  }
}

export type VersionRow = typeof watchlistVersions.$inferSelect;
export type LoadOutcome = { kind: 'loaded'; version: VersionRow } | { kind: 'unchanged'; version: VersionRow };

export type LoadInput = {
  bytes: ByteSource;
  origin: WatchlistVersionOrigin;
  fileName?: string | null;
  loadedBy?: string | null;
  /** The list's "as of" when the file does not say it (the shipped snapshots). */
  asOf?: string;
  /** Whether the publisher itself answered (a download): the data's age then counts from now. */
  fromPublisher?: boolean;
  now?: Date;
};

/** The file's bytes counted and hashed as the parser reads them (one pass, never the whole file in memory). */
function measured(bytes: ByteSource) {
  const hash = createHash('sha256');
  const seen = { bytes: 0 };
  async function* tap() {
    for await (const chunk of bytes) {
      hash.update(chunk);
      seen.bytes += chunk.byteLength;
      yield chunk;
    }
  }
  return { stream: tap(), seen, digest: () => hash.digest('hex') };
}

/** The largest list has some 20,000 entries; a file with this many is not a list, and is refused before it fills memory. */
export const MAX_LIST_ENTRIES = 100_000;
/** Entries parsed between two turns of the event loop: a file read in one chunk must not starve health checks. */
const ENTRIES_PER_TURN = 256;

async function readEntries(source: ListSource, bytes: ByteSource) {
  const file = measured(bytes);
  const entries = new Map<string, WatchlistEntry>();
  let publishedAt: string | undefined;
  let parsed = 0;
  try {
    for await (const entry of source.parse(file.stream, { onListInfo: (info) => (publishedAt = info.publishedAt) })) {
      if (++parsed > MAX_LIST_ENTRIES)
        throw new ListLoadError('format', `more than ${MAX_LIST_ENTRIES} entries: not a list file`);
      entries.set(entry.id, entry);
      if (parsed % ENTRIES_PER_TURN === 0) await yieldToLoop();
    }
  } catch (error) {
    if (error instanceof WatchlistFormatError) {
      const code = error.code === 'empty' ? 'empty' : error.code === 'truncated' ? 'truncated' : 'format';
      throw new ListLoadError(code, error.message, { cause: error });
    }
    throw error;
  }
  if (entries.size === 0) throw new ListLoadError('empty', 'the file holds no entries');
  return { entries, publishedAt, sha256: file.digest(), bytes: file.seen.bytes };
}

/** The names screening compares (primary and aliases, each once) and the documents it matches on. */
function searchRows(rowId: string, entry: WatchlistEntry) {
  const individual = entry.kind === 'individual';
  const seen = new Set<string>();
  const names = [
    { name: entry.name, alias: false },
    ...entry.aliases.map((a) => ({ name: a.name, alias: true })),
  ].flatMap((n) => {
    const key = sortedNameKey(n.name, { individual });
    if (!key || seen.has(key)) return [];
    seen.add(key);
    return [{ entry_row_id: rowId, name: n.name, sorted_key: key, alias: n.alias }];
  });
  // A short number ties nothing to anyone.
  const documents = entry.documents
    .filter((d) => d.number.length >= 5)
    .map((d) => ({ entry_row_id: rowId, type: d.type, number: d.number, country: d.country ?? null }));
  return { names, documents };
}

const CHUNK = 1000;
const chunks = <T>(rows: T[]) =>
  Array.from({ length: Math.ceil(rows.length / CHUNK) }, (_, i) => rows.slice(i * CHUNK, (i + 1) * CHUNK));

async function insertEntries(tx: Db, sourceId: string, seq: number, entries: WatchlistEntry[]) {
  for (const part of chunks(entries)) {
    const rows = part.map((entry) => ({ id: randomUUID(), entry }));
    const entryJson = rows.map(({ id, entry }) => ({
      id,
      source_id: sourceId,
      entry_id: entry.id,
      kind: entry.kind,
      name: entry.name,
      hash: entry.hash,
      data: entry,
      added_in: seq,
    }));
    await tx.execute(sql`
      insert into watchlist_entry (id, source_id, entry_id, kind, name, hash, data, added_in)
      select id, source_id, entry_id, kind, name, hash, data, added_in
      from jsonb_to_recordset(${JSON.stringify(entryJson)}::jsonb)
        as x(id uuid, source_id text, entry_id text, kind text, name text, hash text, data jsonb, added_in integer)`);
    const search = rows.map(({ id, entry }) => searchRows(id, entry));
    const names = search.flatMap((s) => s.names);
    const documents = search.flatMap((s) => s.documents);
    if (names.length > 0) {
      await tx.execute(sql`
        insert into watchlist_name (entry_row_id, name, sorted_key, alias)
        select entry_row_id, name, sorted_key, alias from jsonb_to_recordset(${JSON.stringify(names)}::jsonb)
          as x(entry_row_id uuid, name text, sorted_key text, alias boolean)`);
    }
    if (documents.length > 0) {
      await tx.execute(sql`
        insert into watchlist_document (entry_row_id, type, number, country)
        select entry_row_id, type, number, country from jsonb_to_recordset(${JSON.stringify(documents)}::jsonb)
          as x(entry_row_id uuid, type text, number text, country text)`);
    }
  }
}

/** Creates the source's row the first time it is met (the sync job's row too). */
export async function ensureSource(db: Db, sourceId: string): Promise<void> {
  await db.insert(watchlistSources).values({ id: sourceId }).onConflictDoNothing();
}

async function logSync(
  db: Db,
  sourceId: string,
  outcome: 'loaded' | 'unchanged' | 'failed',
  startedAt: number,
  errorCode: string | null = null,
) {
  await db
    .insert(watchlistSyncLog)
    .values({ sourceId, outcome, errorCode, durationMs: Math.round(performance.now() - startedAt) });
}

/** Records a refused file on its source (health shows it), with an audit row that names no person. */
export async function recordLoadFailure(
  db: Db,
  source: ListSource,
  error: ListLoadError,
  input: { origin: WatchlistVersionOrigin; loadedBy?: string | null; startedAt: number; now?: Date },
) {
  const now = input.now ?? new Date();
  // A list's first file may be the refused one: its source row must exist to say so.
  await ensureSource(db, source.id);
  await db
    .update(watchlistSources)
    .set({ lastErrorAt: now, lastErrorCode: error.code, lastError: error.message.slice(0, 1000) })
    .where(eq(watchlistSources.id, source.id));
  await logSync(db, source.id, 'failed', input.startedAt, error.code);
  await recordAudit(db, {
    ownerId: null,
    actorUserId: input.loadedBy ?? null,
    action: 'watchlist.load_failed',
    entityType: 'watchlist',
    entityId: source.id,
    changes: { origin: input.origin, code: error.code, message: error.message.slice(0, 300) },
  });
}

const day = (d: Date) => d.toISOString().slice(0, 10);

/**
 * An older file never becomes the current version: loaded over a newer one it would close every entry
 * added since as delisted, and monitoring would tell each owner their persons left the list. Older means
 * dated before the current version (both carry a date: the file's own, or the snapshot's), or, for a file
 * a person uploads, the very bytes of a version this list has already replaced — OFAC's CSV carries no
 * date, but a file seen before is known. What the publisher serves (a download) is its current list by
 * definition, even the bytes of an earlier version after a mistaken file.
 */
async function refuseOlder(
  tx: Db,
  sourceId: string,
  current: VersionRow,
  read: { publishedAt?: string; sha256: string; origin: WatchlistVersionOrigin },
): Promise<void> {
  const dated = read.publishedAt ? new Date(read.publishedAt) : null;
  if (dated && current.publishedAt && dated < current.publishedAt)
    throw new ListLoadError(
      'older',
      `the file is dated ${day(dated)}, the current version ${current.seq} ${day(current.publishedAt)}: an older file never replaces a newer one`,
    );
  if (read.origin === 'download') return;
  const [seen] = await tx
    .select({ seq: watchlistVersions.seq })
    .from(watchlistVersions)
    .where(and(eq(watchlistVersions.sourceId, sourceId), eq(watchlistVersions.fileSha256, read.sha256)))
    .orderBy(desc(watchlistVersions.seq))
    .limit(1);
  if (seen && seen.seq < current.seq)
    throw new ListLoadError(
      'older',
      `the file is version ${seen.seq}'s, which version ${current.seq} replaced: an older file never replaces a newer one`,
    );
}

/**
 * Reads a list file and, if it is a whole list that differs from the current version, stores it as the
 * next version in one transaction: the entries that left or changed are closed, the new and changed
 * ones written with their names and documents, the source points at the version, and monitoring is
 * queued for the delta. Screening never sees a half-loaded list. A file that is not a whole list (bad
 * format, empty, truncated, or far smaller than the current version) throws ListLoadError and changes
 * nothing; so does an older file than the current version (refuseOlder). The caller records it (recordLoadFailure).
 */
export async function loadVersion(db: Db, source: ListSource, input: LoadInput): Promise<LoadOutcome> {
  const now = input.now ?? new Date();
  const read = await readEntries(source, input.bytes);
  await ensureSource(db, source.id);
  return db.transaction(async (tx) => {
    // One load of a source at a time: the second waits here, then finds the first's version current.
    const [state] = await tx.select().from(watchlistSources).where(eq(watchlistSources.id, source.id)).for('update');
    const [current] = state?.currentVersionId
      ? await tx.select().from(watchlistVersions).where(eq(watchlistVersions.id, state.currentVersionId))
      : [];
    const confirmed = input.fromPublisher ? { checkedAt: now } : {};
    if (current?.fileSha256 === read.sha256) {
      await tx
        .update(watchlistSources)
        .set({ ...confirmed, lastErrorAt: null, lastErrorCode: null, lastError: null })
        .where(eq(watchlistSources.id, source.id));
      return { kind: 'unchanged', version: current };
    }
    if (current) await refuseOlder(tx, source.id, current, { ...read, origin: input.origin });
    if (current && read.entries.size < current.entries * source.minKeptShare) {
      throw new ListLoadError(
        'shrank',
        `the file holds ${read.entries.size} entries, the current version ${current.entries}: a list does not lose ${Math.round((1 - read.entries.size / current.entries) * 100)}% at once`,
      );
    }
    const open = await tx
      .select({ id: watchlistEntries.id, entryId: watchlistEntries.entryId, hash: watchlistEntries.hash })
      .from(watchlistEntries)
      .where(and(eq(watchlistEntries.sourceId, source.id), isNull(watchlistEntries.removedIn)));
    const before = new Map(open.map((row) => [row.entryId, row]));
    const written: WatchlistEntry[] = [];
    const closed: string[] = [];
    let added = 0;
    let changed = 0;
    for (const entry of read.entries.values()) {
      const old = before.get(entry.id);
      if (!old) {
        added++;
        written.push(entry);
      } else if (old.hash !== entry.hash) {
        changed++;
        written.push(entry);
        closed.push(old.id);
      }
    }
    const gone = open.filter((row) => !read.entries.has(row.entryId));
    closed.push(...gone.map((row) => row.id));

    const [last] = await tx
      .select({ seq: watchlistVersions.seq })
      .from(watchlistVersions)
      .where(eq(watchlistVersions.sourceId, source.id))
      .orderBy(desc(watchlistVersions.seq))
      .limit(1);
    const seq = (last?.seq ?? 0) + 1;
    const all = [...read.entries.values()];
    const [version] = await tx
      .insert(watchlistVersions)
      .values({
        sourceId: source.id,
        seq,
        origin: input.origin,
        fileName: input.fileName ?? null,
        fileSha256: read.sha256,
        bytes: read.bytes,
        publishedAt: read.publishedAt
          ? new Date(read.publishedAt)
          : input.asOf
            ? new Date(`${input.asOf}T00:00:00Z`)
            : null,
        entries: read.entries.size,
        individuals: all.filter((e) => e.kind === 'individual').length,
        entities: all.filter((e) => e.kind === 'entity').length,
        added,
        removed: gone.length,
        changed,
        loadedBy: input.loadedBy ?? null,
        loadedAt: now,
      })
      .returning();
    for (const part of chunks(closed)) {
      await tx.execute(
        sql`update watchlist_entry set removed_in = ${seq} where id = any(${`{${part.join(',')}}`}::uuid[])`,
      );
    }
    await insertEntries(tx, source.id, seq, written);
    await tx
      .update(watchlistSources)
      .set({ currentVersionId: version!.id, ...confirmed, lastErrorAt: null, lastErrorCode: null, lastError: null })
      .where(eq(watchlistSources.id, source.id));
    if (added + changed + gone.length > 0) {
      await tx.execute(sql`insert into watchlist_monitor_run (version_id) values (${version!.id})`);
      await tx.execute(sql`select pg_notify(${MONITOR_CHANNEL}, '')`);
    }
    await recordAudit(tx, {
      ownerId: null,
      actorUserId: input.loadedBy ?? null,
      action: 'watchlist.version',
      entityType: 'watchlist',
      entityId: source.id,
      changes: { seq, origin: input.origin, entries: read.entries.size, added, removed: gone.length, changed },
    });
    return { kind: 'loaded', version: version! };
  });
}

/**
 * After a version is written, before anyone screens against it: the rows the load left in the names'
 * trigram index's pending list (GIN fastupdate), which every screening would read one by one, merged;
 * and the tables' statistics renewed, without which the planner walks every open entry instead of that
 * index, many times slower. PGlite has no autovacuum to do either, ever.
 */
async function settleSearchTables(db: Db): Promise<void> {
  await db.execute(sql`select gin_clean_pending_list('watchlist_name_trgm_idx'::regclass)`);
  await db.execute(sql`analyze watchlist_entry, watchlist_name, watchlist_document`);
}

/** loadVersion with its outcome logged for the source's health; a refused file recorded and rethrown. */
export async function loadAndRecord(db: Db, source: ListSource, input: LoadInput): Promise<LoadOutcome> {
  const startedAt = performance.now();
  try {
    const outcome = await loadVersion(db, source, input);
    if (outcome.kind === 'loaded') await settleSearchTables(db);
    await logSync(db, source.id, outcome.kind, startedAt);
    await clearStaleNotes(db, source.id, input.now);
    return outcome;
  } catch (error) {
    if (error instanceof ListLoadError)
      await recordLoadFailure(db, source, error, {
        origin: input.origin,
        loadedBy: input.loadedBy,
        startedAt,
        now: input.now,
      });
    throw error;
  }
}
