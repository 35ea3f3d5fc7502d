import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import { enrol, enrolmentKeys } from '../../src/domains/watchlists/enrol.ts';
import { createOwner, createProfile } from '../factories.ts';
import { describe, expect, test } from '../helper.ts';
import { loadList, staffSignedIn } from './lists.ts';
import { UN_SC } from './support.ts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** gin_clean_pending_list answers how many pending pages it had to merge: 0 when the writer merged them already. */
async function pendingPages(db: Db, index: string): Promise<number> {
  return Number(
    rowsOf<{ pages: number }>(await db.execute(sql`select gin_clean_pending_list(${index}::regclass) as pages`))[0]!
      .pages,
  );
}

/**
 * What keeps screening and monitoring on their indexes right after a write (bench/watchlists.ts measured
 * both without it: a screening ~70 ms instead of ~5 until autovacuum came by, which on PGlite is never).
 */
describe('watch-list search indexes after writes', () => {
  test(
    'a loaded version is merged into the names’ trigram index and its tables analysed before anyone screens',
    { timeout: 60_000 },
    async ({ app, db }) => {
      const staff = await staffSignedIn(app);
      await loadList(app, staff.headers, 'un-sc', UN_SC);
      expect(await pendingPages(db, 'watchlist_name_trgm_idx')).toBe(0);
      // ANALYZE reads every row of tables this small: the planner's row counts are then the real ones
      // (a table never analysed says -1).
      const tables = rowsOf<{ relname: string; reltuples: number; rows: number }>(
        await db.execute(sql`
        select c.relname, c.reltuples::int as reltuples,
               (select count(*)::int from watchlist_entry where c.relname = 'watchlist_entry')
             + (select count(*)::int from watchlist_name where c.relname = 'watchlist_name')
             + (select count(*)::int from watchlist_document where c.relname = 'watchlist_document') as rows
        from pg_class c where c.relname in ('watchlist_entry', 'watchlist_name', 'watchlist_document') order by c.relname`),
      );
      expect(tables.map((t) => t.relname)).toEqual(['watchlist_document', 'watchlist_entry', 'watchlist_name']);
      for (const t of tables) expect(t.reltuples, t.relname).toBe(t.rows);
    },
  );

  test(
    'a monitoring run first merges the persons enrolled since into the enrolments’ trigram index',
    { timeout: 60_000 },
    async ({ app, db }) => {
      const owner = await createOwner(db);
      const persons = [];
      for (let i = 0; i < 40; i++)
        persons.push(
          await createProfile(db, owner.id, { name: `Persona Monitoreada ${i}`, documentId: String(70_000_000 + i) }),
        );
      await enrol(
        db,
        persons.map((p) => enrolmentKeys({ ...p, birthDate: null })),
        'owner',
        null,
      );
      const staff = await staffSignedIn(app);
      await loadList(app, staff.headers, 'un-sc', UN_SC);
      await app.jobs.runner['watchlist-monitor'].drain();
      expect(await pendingPages(db, 'watchlist_enrolment_trgm_idx')).toBe(0);
    },
  );
});
