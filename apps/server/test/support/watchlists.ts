import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { TWatchlistMatch } from '@centinela/shared';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import { watchlistAlerts, watchlistSources, watchlistVersions } from '../../src/db/schema/index.ts';
import { findingOf } from '../../src/domains/watchlists/match.ts';
import { BUNDLED_DIR } from '../../src/domains/watchlists/sources.ts';
import { createProfile } from '../factories.ts';

/** OFAC's sdn.csv cut to its first three rows (plain ASCII), with its end-of-file mark: a whole, tiny list. */
export function tinyOfacList(): string {
  const march = readFileSync(path.join(BUNDLED_DIR, 'ofac-sdn-2024-03-15.csv'), 'latin1');
  const rows = march.split('\n').slice(0, 3);
  return `${rows.join('\n')}\n\x1a`;
}

/** A version of OFAC's list for alerts to point at: the latest one, or a first, empty one. */
async function someVersion(db: Db): Promise<string> {
  await db.insert(watchlistSources).values({ id: 'ofac-sdn' }).onConflictDoNothing();
  const [latest] = await db
    .select({ id: watchlistVersions.id })
    .from(watchlistVersions)
    .where(eq(watchlistVersions.sourceId, 'ofac-sdn'))
    .orderBy(desc(watchlistVersions.seq))
    .limit(1);
  if (latest) return latest.id;
  const [created] = await db
    .insert(watchlistVersions)
    .values({
      sourceId: 'ofac-sdn',
      seq: 1,
      origin: 'upload',
      fileSha256: '0'.repeat(64),
      bytes: 0,
      entries: 0,
      individuals: 0,
      entities: 0,
      added: 0,
      removed: 0,
      changed: 0,
    })
    .returning({ id: watchlistVersions.id });
  return created!.id;
}

/** An open monitoring alert on a new person of the owner: a name match with OFAC 6861. */
export async function createWatchlistAlert(db: Db, ownerId: string) {
  const profile = await createProfile(db, ownerId, { name: 'Joaquín Guzmán Loera' });
  const match: TWatchlistMatch = {
    source: 'ofac-sdn',
    entryId: '6861',
    reference: null,
    url: 'https://sanctionssearch.ofac.treas.gov/Details.aspx?id=6861',
    kind: 'individual',
    name: 'GUZMAN LOERA, Joaquin',
    matchedName: 'GUZMAN LOERA, Joaquin',
    matchedBy: 'name',
    score: 1,
    nameScore: 1,
    birthDate: 'unknown',
    birthDates: ['25 Dec 1954'],
    document: null,
    nationalities: [],
    programs: ['SDNTK'],
    listedOn: null,
    versionSeq: 1,
  };
  const [alert] = await db
    .insert(watchlistAlerts)
    .values({
      ownerId,
      profileId: profile.id,
      sourceId: 'ofac-sdn',
      entryId: '6861',
      versionId: await someVersion(db),
      kind: 'match',
      finding: findingOf(match) as unknown as Record<string, unknown>,
    })
    .returning();
  return alert!;
}
