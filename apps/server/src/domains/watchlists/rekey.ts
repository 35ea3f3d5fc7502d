import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sortedNameKey } from './names.ts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const CHUNK = 1000;

/**
 * The stored comparison keys (list names, monitored persons) computed again with today's names.ts, and
 * rewritten where they differ: a database written before a change to the normal form (NFKC, the
 * confusables skeleton) screens and monitors exactly as a fresh one. Runs at start-up; reads every key,
 * writes only the stale ones, so a second run writes nothing.
 */
export async function rekeyNames(db: Db): Promise<{ names: number; enrolments: number }> {
  const names = rowsOf<{ entry_row_id: string; name: string; sorted_key: string; kind: string }>(
    await db.execute(sql`
      select n.entry_row_id, n.name, n.sorted_key, e.kind
      from watchlist_name n join watchlist_entry e on e.id = n.entry_row_id`),
  ).flatMap((row) => {
    const key = sortedNameKey(row.name, { individual: row.kind === 'individual' });
    return key && key !== row.sorted_key ? [{ entry_row_id: row.entry_row_id, name: row.name, sorted_key: key }] : [];
  });
  for (let at = 0; at < names.length; at += CHUNK) {
    await db.execute(sql`
      update watchlist_name n set sorted_key = x.sorted_key
      from jsonb_to_recordset(${JSON.stringify(names.slice(at, at + CHUNK))}::jsonb)
        as x(entry_row_id uuid, name text, sorted_key text)
      where n.entry_row_id = x.entry_row_id and n.name = x.name`);
  }
  const enrolments = rowsOf<{ profile_id: string; name: string; sorted_key: string }>(
    await db.execute(sql`
      select en.profile_id, p.name, en.sorted_key
      from watchlist_enrolment en join profile p on p.id = en.profile_id`),
  ).flatMap((row) => {
    const key = sortedNameKey(row.name);
    return key && key !== row.sorted_key ? [{ profile_id: row.profile_id, sorted_key: key }] : [];
  });
  for (let at = 0; at < enrolments.length; at += CHUNK) {
    await db.execute(sql`
      update watchlist_enrolment en set sorted_key = x.sorted_key
      from jsonb_to_recordset(${JSON.stringify(enrolments.slice(at, at + CHUNK))}::jsonb)
        as x(profile_id uuid, sorted_key text)
      where en.profile_id = x.profile_id`);
  }
  return { names: names.length, enrolments: enrolments.length };
}
