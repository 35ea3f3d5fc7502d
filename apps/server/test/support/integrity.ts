import { asc, eq } from 'drizzle-orm';
import { ROLES, ZProfileSummary } from '@centinela/shared';
import { owners, profiles, users } from '../../src/db/schema/index.ts';
import { toProfileSummary } from '../../src/domains/profiles/repository.ts';
import type { Db } from '../../src/db/client.ts';

/** Every row of the tenant tables, as comparable JSON (for routes that must change nothing). */
export async function snapshot(db: Db, ownerId?: string): Promise<string> {
  const [o, u, p] = await Promise.all([
    db
      .select()
      .from(owners)
      .where(ownerId ? eq(owners.id, ownerId) : undefined)
      .orderBy(asc(owners.id)),
    db
      .select()
      .from(users)
      .where(ownerId ? eq(users.ownerId, ownerId) : undefined)
      .orderBy(asc(users.id)),
    db
      .select()
      .from(profiles)
      .where(ownerId ? eq(profiles.ownerId, ownerId) : undefined)
      .orderBy(asc(profiles.id)),
  ]);
  return JSON.stringify({ owners: o, users: u, profiles: p });
}

/** Problems with stored rows: each stored person still reads as the API's shape, each user is sane. Empty if none. */
export async function invalidRows(db: Db): Promise<string[]> {
  const problems: string[] = [];
  for (const row of await db.select().from(profiles)) {
    const parsed = ZProfileSummary.safeParse(toProfileSummary(row));
    if (!parsed.success) problems.push(`profile ${row.id}: ${parsed.error.message}`);
  }
  for (const row of await db.select().from(users)) {
    if (row.username !== row.username.toLowerCase() || !row.username.includes('@'))
      problems.push(`user ${row.id}: username ${JSON.stringify(row.username)}`);
    if (!row.roles.every((r) => (ROLES as readonly string[]).includes(r)))
      problems.push(`user ${row.id}: roles ${JSON.stringify(row.roles)}`);
    if (row.ownerId === null && !row.roles.some((r) => r === 'admin' || r === 'support'))
      problems.push(`user ${row.id}: no owner`);
  }
  for (const row of await db.select().from(owners)) {
    if (row.creditsAvailable < 0) problems.push(`owner ${row.id}: credits ${row.creditsAvailable}`);
  }
  return problems;
}
