import { CORRECTION_DEADLINE_DAYS } from '@centinela/shared';
import type { Db } from '../../src/db/client.ts';
import { privacyRequests } from '../../src/db/schema/index.ts';
import { issueCandidateCode } from '../../src/domains/candidate/access.ts';
import { createProfile } from '../factories.ts';

const DAY = 86_400_000;

/** A person of `ownerId` with their own page: its code. */
export async function createCandidatePage(db: Db, ownerId: string) {
  const person = await createProfile(db, ownerId);
  const { code } = await issueCandidateCode(db, { profileId: person.id, ownerId, locale: 'es' });
  return { code, profileId: person.id };
}

async function createRequest(db: Db, ownerId: string, kind: 'correction' | 'export') {
  const person = await createProfile(db, ownerId);
  const [row] = await db
    .insert(privacyRequests)
    .values({
      ownerId,
      profileId: person.id,
      kind,
      status: kind === 'correction' ? 'open' : 'preparing',
      message: kind === 'correction' ? 'Mi apellido es Pérez, no Peres.' : null,
      locale: 'es',
      dueAt: new Date(Date.now() + CORRECTION_DEADLINE_DAYS * DAY),
    })
    .returning();
  return row!;
}

/** An open correction request on a new person of `ownerId`. */
export const createCorrection = (db: Db, ownerId: string) => createRequest(db, ownerId, 'correction');
/** A copy of a new person's data being prepared, of `ownerId`. */
export const createExport = (db: Db, ownerId: string) => createRequest(db, ownerId, 'export');
