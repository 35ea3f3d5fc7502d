import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  auditEvents,
  creditLedger,
  formLinks,
  owners,
  pipelines,
  profiles,
  referenceChecks,
  references,
  reports,
  users,
} from '../db/schema/index.ts';
import { hashPassword } from '../domains/auth/password.ts';
import { buildDemo } from './build.ts';
import { insertChunks } from './insert.ts';
import { DEMO_OWNER_CODES, DEMO_PASSWORD, demoAccounts, type DemoAccount } from './owners-users.ts';

export type { DemoAccount } from './owners-users.ts';
export { DEMO_PASSWORD } from './owners-users.ts';

export type SeedOptions = {
  /** Profiles for each demo owner; by default 240 for acme and 60 for pyme. */
  profilesPerOwner?: number;
  /** The instant the data is relative to (dates spread over the 90 days before it). */
  now?: Date;
};
export type SeedResult = { created: boolean; accounts: DemoAccount[] };

const DEFAULT_COUNTS = { acme: 240, pyme: 60 };

class AlreadySeeded extends Error {}

/**
 * Seeds the demo tenants (acme, pyme), their users, pipelines, forms, people, reports, Sol checks
 * and credit history. Idempotent: if either demo owner exists nothing changes and `created` is false.
 * Everything is written in one transaction, so a crash leaves no half-seeded database.
 */
export async function seedDemo(db: Db, opts: SeedOptions = {}): Promise<SeedResult> {
  const accounts = demoAccounts();
  const existing = await db
    .select({ id: owners.id })
    .from(owners)
    .where(inArray(owners.codeName, [...DEMO_OWNER_CODES]));
  if (existing.length > 0) return { created: false, accounts };

  const n = opts.profilesPerOwner;
  const counts = n === undefined ? DEFAULT_COUNTS : { acme: n, pyme: n };
  // One argon2 hash shared by every demo account: hashing is deliberately slow.
  const data = buildDemo(opts.now ?? new Date(), await hashPassword(DEMO_PASSWORD), counts);
  try {
    await db.transaction(async (tx) => {
      // A second process seeding at the same moment loses here, on the unique code name, and backs out.
      const inserted = await tx
        .insert(owners)
        .values(data.owners)
        .onConflictDoNothing({ target: owners.codeName })
        .returning({ id: owners.id });
      if (inserted.length !== data.owners.length) throw new AlreadySeeded();
      await insertChunks(tx, users, data.users);
      await insertChunks(tx, pipelines, data.pipelines);
      await insertChunks(tx, formLinks, data.formLinks);
      await insertChunks(tx, profiles, data.profiles);
      await insertChunks(tx, reports, data.reports);
      await insertChunks(tx, referenceChecks, data.referenceChecks);
      await insertChunks(tx, references, data.references);
      await insertChunks(tx, creditLedger, data.ledger);
      await insertChunks(tx, auditEvents, data.audit);
    });
  } catch (error) {
    if (error instanceof AlreadySeeded) return { created: false, accounts };
    throw error;
  }
  return { created: true, accounts };
}
