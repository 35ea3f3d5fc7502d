import { createReadStream } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../../apps/server/src/db/client.ts';
import { loadAndRecord } from '../../apps/server/src/domains/watchlists/load.ts';
import { BUNDLED_DIR, type ListSource } from '../../apps/server/src/domains/watchlists/sources.ts';

const file = (name: string) => createReadStream(path.join(BUNDLED_DIR, name));
const since = (start: number) => Math.round(performance.now() - start);

/** A shipped snapshot through the production path (loadAndRecord: parse, diff, write, one transaction). */
export async function loadSnapshot(db: Db, source: ListSource, fileName: string, asOf: string) {
  const start = performance.now();
  const outcome = await loadAndRecord(db, source, { bytes: file(fileName), origin: 'bundled', fileName, asOf });
  return { ms: since(start), version: outcome.version };
}

/** Anchor: the parser alone over the same file (no database). */
export async function parseOnly(source: ListSource, fileName: string) {
  const start = performance.now();
  let entries = 0;
  for await (const _ of source.parse(file(fileName))) entries++;
  return { ms: since(start), entries };
}

const TABLES = ['watchlist_entry', 'watchlist_name', 'watchlist_document'] as const;

/**
 * Anchor: the very rows a load wrote (entries, names, documents) written again by one plain
 * INSERT … SELECT per table, in one transaction, into empty tables with the same columns and indexes:
 * what the database's writes cost with no parsing, diffing or client round trips.
 */
export async function plainInsertOfLoad(db: Db, sourceId: string) {
  for (const t of TABLES) {
    await db.execute(sql.raw(`drop table if exists bench_${t}`));
    await db.execute(sql.raw(`create table bench_${t} (like ${t} including defaults including indexes)`));
  }
  const start = performance.now();
  const rows = await db.transaction(async (tx) => {
    let n = 0;
    const count = (r: unknown) =>
      (r as { rowCount?: number; affectedRows?: number }).rowCount ??
      (r as { affectedRows?: number }).affectedRows ??
      0;
    n += count(
      await tx.execute(
        sql`insert into bench_watchlist_entry select * from watchlist_entry where source_id = ${sourceId}`,
      ),
    );
    n += count(
      await tx.execute(
        sql`insert into bench_watchlist_name select n.* from watchlist_name n join watchlist_entry e on e.id = n.entry_row_id where e.source_id = ${sourceId}`,
      ),
    );
    n += count(
      await tx.execute(
        sql`insert into bench_watchlist_document select d.* from watchlist_document d join watchlist_entry e on e.id = d.entry_row_id where e.source_id = ${sourceId}`,
      ),
    );
    return n;
  });
  const ms = since(start);
  for (const t of TABLES) await db.execute(sql.raw(`drop table bench_${t}`));
  return { ms, rows };
}

/**
 * Part 2 of bench/watchlists.ts: OFAC SDN into its empty source (loadAndRecord), next to the parser
 * alone and a plain INSERT of the rows it wrote; then the other lists (screening needs them all).
 */
export async function measureLoading(database: Database, sources: readonly ListSource[]) {
  const db = database.db;
  const rows: { what: string; ms: number; entries: number | null; rows: number | null }[] = [];
  for (const source of sources) {
    const { file, asOf } = source.bundled;
    if (source.id === 'ofac-sdn') {
      const parsed = await parseOnly(source, file);
      rows.push({ what: `parse alone: ${file} (anchor)`, ms: parsed.ms, entries: parsed.entries, rows: null });
    }
    const loaded = await loadSnapshot(db, source, file, asOf);
    const written = await rowsWritten(db, source.id);
    rows.push({
      what: `loadAndRecord: ${file} into an empty source`,
      ms: loaded.ms,
      entries: loaded.version.entries,
      rows: written,
    });
    if (source.id === 'ofac-sdn') {
      const plain = await plainInsertOfLoad(db, source.id);
      rows.push({
        what: 'plain INSERT … SELECT of the same rows, same indexes (anchor)',
        ms: plain.ms,
        entries: null,
        rows: plain.rows,
      });
    }
  }
  return { rows };
}

async function rowsWritten(db: Db, sourceId: string): Promise<number> {
  const result = await db.execute(sql`
    select (select count(*) from watchlist_entry where source_id = ${sourceId})
         + (select count(*) from watchlist_name n join watchlist_entry e on e.id = n.entry_row_id where e.source_id = ${sourceId})
         + (select count(*) from watchlist_document d join watchlist_entry e on e.id = d.entry_row_id where e.source_id = ${sourceId}) as n`);
  return Number((result as unknown as { rows: { n: string }[] }).rows[0]!.n);
}
