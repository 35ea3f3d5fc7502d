import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authSessions, users } from '../../db/schema/index.ts';

/**
 * Whether the account has signed in from this address before: one of its sessions, live or ended, was
 * opened there (sessions keep the address). The per-account sign-in limit spares these addresses.
 */
export async function hasSignedInFrom(db: Db, email: string, ip: string): Promise<boolean> {
  const [row] = await db
    .select({ found: sql<number>`1` })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(and(eq(users.username, email), eq(authSessions.ip, ip.slice(0, 64))))
    .limit(1);
  return row !== undefined;
}
