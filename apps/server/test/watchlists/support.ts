import { createReadStream } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';
import type { WatchlistEntry } from '../../src/domains/watchlists/entry.ts';

/** The shipped snapshots (apps/server/assets/watchlists); the figures in the tests are computed from these bytes. */
const ASSETS = fileURLToPath(new URL('../../assets/watchlists/', import.meta.url));
export const OFAC_MARCH = join(ASSETS, 'ofac-sdn-2024-03-15.csv');
export const OFAC_MAY = join(ASSETS, 'ofac-sdn-2024-05-03.csv');
export const UN_SC = join(ASSETS, 'un-sc-consolidated-2018-10-29.xml');
export const SAT_69B = join(ASSETS, 'sat-69b-2022-11-30.csv');

export const fileBytes = (path: string) => createReadStream(path);

/** The bytes in chunks of `size`: small chunks split records, quoted fields and UTF-8 characters. */
export async function* chunked(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

/** The figures the tests compare with the ones computed from the raw files. */
export function tally(entries: WatchlistEntry[]) {
  const count = (pick: (entry: WatchlistEntry) => number) => entries.reduce((sum, entry) => sum + pick(entry), 0);
  const byKind = (kind: WatchlistEntry['kind']) => entries.filter((entry) => entry.kind === kind).length;
  const documents = (type: string) =>
    count((entry) => entry.documents.filter((document) => document.type === type).length);
  return {
    entries: entries.length,
    individuals: byKind('individual'),
    entities: byKind('entity'),
    vessels: byKind('vessel'),
    aircraft: byKind('aircraft'),
    aliases: count((entry) => entry.aliases.length),
    birthDates: count((entry) => entry.birthDates.length),
    documents,
  };
}

/** A temporary folder for files made from the real ones, removed after the file's tests. */
export async function scratchDir(): Promise<{
  path: (name: string) => string;
  write: (name: string, bytes: Uint8Array | string) => Promise<string>;
}> {
  const dir = await mkdtemp(join(tmpdir(), 'centinela-watchlists-'));
  afterAll(() => rm(dir, { recursive: true, force: true }));
  const path = (name: string) => join(dir, name);
  return {
    path,
    write: async (name, bytes) => {
      await writeFile(path(name), bytes);
      return path(name);
    },
  };
}

export const readBytes = (path: string) => readFile(path);
