import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';

/**
 * Multi-row INSERTs of `size` rows: one round trip per chunk instead of per row, while staying far
 * below PostgreSQL's 65,535 bind parameters per statement.
 */
export async function insertChunks<T extends PgTable>(
  db: Db,
  table: T,
  rows: PgInsertValue<T>[],
  size = 500,
): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await db.insert(table).values(rows.slice(i, i + size));
}
