import type { TListVersionsResponse, WatchlistSourceId } from '@centinela/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import { parseOfacSdn } from '../../src/domains/watchlists/parsers/ofac-sdn.ts';
import { describe, expect, test } from '../helper.ts';
import { loadList, staffSignedIn } from './lists.ts';
import { OFAC_MARCH, OFAC_MAY, SAT_69B, UN_SC, collect, fileBytes } from './support.ts';

// The parsers' tests compute these from the raw files (ofac-sdn, un-sc, sat-69b .test.ts, with the
// commands there); a version must hold what its file holds, no more and no less.
const FIGURES: Record<string, { source: WatchlistSourceId; entries: number; individuals: number; entities: number }> = {
  [OFAC_MARCH]: { source: 'ofac-sdn', entries: 14466, individuals: 6732, entities: 6535 },
  [OFAC_MAY]: { source: 'ofac-sdn', entries: 14965, individuals: 6854, entities: 6884 },
  [UN_SC]: { source: 'un-sc', entries: 1093, individuals: 703, entities: 390 },
  [SAT_69B]: { source: 'sat-69b', entries: 12508, individuals: 2615, entities: 9893 },
};

/** The entries a version of a list holds, read back from the interval rows: ent_num → hash. */
async function entriesAt(db: Db, source: WatchlistSourceId, seq: number): Promise<Map<string, string>> {
  const result = await db.execute(sql`
    select entry_id, hash from watchlist_entry
    where source_id = ${source} and added_in <= ${seq} and (removed_in is null or removed_in > ${seq})`);
  return new Map(
    (result as unknown as { rows: { entry_id: string; hash: string }[] }).rows.map((r) => [r.entry_id, r.hash]),
  );
}

const hashes = async (path: string) =>
  new Map((await collect(parseOfacSdn(fileBytes(path)))).map((e) => [e.id, e.hash]));

describe('watch-list versions', () => {
  test(
    'the four shipped files load as versions holding what the files hold; the same file again is unchanged',
    { timeout: 120_000 },
    async ({ app, db }) => {
      const staff = await staffSignedIn(app);
      for (const file of [OFAC_MARCH, UN_SC, SAT_69B]) {
        const { source, ...figures } = FIGURES[file]!;
        const { version, unchanged } = await loadList(app, staff.headers, source, file);
        expect(unchanged).toBe(false);
        expect(version).toMatchObject({
          source,
          seq: 1,
          origin: 'upload',
          ...figures,
          added: figures.entries,
          removed: 0,
          changed: 0,
          current: true,
        });
      }
      const again = await loadList(app, staff.headers, 'un-sc', UN_SC);
      expect(again).toMatchObject({ unchanged: true, version: { seq: 1 } });

      const { version: may } = await loadList(app, staff.headers, 'ofac-sdn', OFAC_MAY);
      const { source: _, ...mayFigures } = FIGURES[OFAC_MAY]!;
      // The difference the parser's test computes with Python from the raw files: 514 added, 15 removed, 11 changed.
      expect(may).toMatchObject({ seq: 2, ...mayFigures, added: 514, removed: 15, changed: 11, current: true });
      expect(await loadList(app, staff.headers, 'ofac-sdn', OFAC_MAY)).toMatchObject({
        unchanged: true,
        version: { seq: 2 },
      });

      const listed = await app.inject({
        method: 'GET',
        url: '/api/v1/watchlists/versions?source=ofac-sdn',
        headers: staff.headers,
      });
      expect(listed.json<TListVersionsResponse>().versions.map((v) => [v.seq, v.current, v.entries])).toEqual([
        [2, true, 14965],
        [1, false, 14466],
      ]);
      const all = await app.inject({ method: 'GET', url: '/api/v1/watchlists/versions', headers: staff.headers });
      expect(all.json<TListVersionsResponse>().versions).toHaveLength(4);

      // Each version reads back exactly: its entries and their contents, from the same rows.
      expect(await entriesAt(db, 'ofac-sdn', 1)).toEqual(await hashes(OFAC_MARCH));
      expect(await entriesAt(db, 'ofac-sdn', 2)).toEqual(await hashes(OFAC_MAY));
      // A delta is the rows of one seq: what was added or changed, and what was closed.
      const delta = await db.execute(sql`
      select (select count(*)::int from watchlist_entry where source_id = 'ofac-sdn' and added_in = 2) as written,
             (select count(*)::int from watchlist_entry where source_id = 'ofac-sdn' and removed_in = 2) as closed`);
      expect((delta as unknown as { rows: unknown[] }).rows[0]).toEqual({ written: 514 + 11, closed: 15 + 11 });
    },
  );
});
