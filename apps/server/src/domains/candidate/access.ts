import { candidatePagePath, type Locale, type TCandidateLink } from '@centinela/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { candidateAccess, owners, profiles } from '../../db/schema/index.ts';
import { ApiError } from '../../lib/api-error.ts';
import { newLinkCode } from '../../lib/random-code.ts';
import { ownedBy, type Actor, type TenantScope } from '../../kernel/index.ts';
import { audit } from '../audit/record.ts';

/** Every way a code can fail (unknown, replaced, person deleted, owner inactive) answers the same. */
export const candidateUnknown = () => new ApiError(404, 'not_found');

/**
 * Gives a person a new page code (replacing the one they had, which stops working) inside the caller's
 * transaction: at form submission, and when staff send a fresh link.
 */
export async function issueCandidateCode(
  tx: Db,
  { profileId, ownerId, locale }: { profileId: string; ownerId: string; locale: Locale },
): Promise<{ code: string; createdAt: Date }> {
  const code = newLinkCode();
  const createdAt = new Date();
  await tx
    .insert(candidateAccess)
    .values({ profileId, ownerId, code, locale, createdAt })
    .onConflictDoUpdate({ target: candidateAccess.profileId, set: { code, locale, createdAt } });
  return { code, createdAt };
}

/** POST /profiles/:id/candidate-link — a fresh link staff hand to the candidate; audited without the code. */
export async function freshCandidateLink(
  db: Db,
  { scope, id, actor, locale }: { scope: TenantScope; id: string; actor: Actor; locale: Locale },
): Promise<TCandidateLink> {
  return db.transaction(async (tx) => {
    const [person] = await tx
      .select({ id: profiles.id, ownerId: profiles.ownerId })
      .from(profiles)
      .where(and(ownedBy(scope, profiles.ownerId), eq(profiles.id, id)));
    if (!person) throw new ApiError(404, 'not_found');
    const { code, createdAt } = await issueCandidateCode(tx, { profileId: person.id, ownerId: person.ownerId, locale });
    await audit(tx, actor, {
      ownerId: person.ownerId,
      action: 'profile.candidate_link',
      entityType: 'profile',
      entityId: person.id,
      changes: { locale },
    });
    return { code, path: candidatePagePath(code, locale), createdAt: createdAt.toISOString() };
  });
}

export type Candidate = {
  profileId: string;
  ownerId: string;
  locale: Locale;
  company: string;
  name: string;
  country: (typeof profiles.$inferSelect)['country'];
  status: (typeof profiles.$inferSelect)['status'];
  consentWithdrawnAt: Date | null;
  /** The owner shows the candidate their findings (owner.candidate_findings_visible). */
  findingsVisible: boolean;
  /** Days the owner's reviewers have to answer a correction (owner.correction_deadline_days). */
  correctionDeadlineDays: number;
  confirmedHomonym: boolean;
};

/** The person a page code belongs to; 404 for anything else, and for an inactive owner's. */
export async function candidateByCode(db: Db, code: string): Promise<Candidate> {
  // Codes are letters and digits (newLinkCode); anything else cannot be one and never reaches the database.
  if (!/^[a-z0-9]{1,64}$/.test(code)) throw candidateUnknown();
  const [row] = await db
    .select({
      profileId: profiles.id,
      ownerId: profiles.ownerId,
      locale: candidateAccess.locale,
      company: owners.name,
      active: owners.active,
      name: profiles.name,
      country: profiles.country,
      status: profiles.status,
      consentWithdrawnAt: profiles.consentWithdrawnAt,
      findingsVisible: owners.candidateFindingsVisible,
      correctionDeadlineDays: owners.correctionDeadlineDays,
      confirmedHomonym: profiles.confirmedHomonym,
    })
    .from(candidateAccess)
    .innerJoin(profiles, eq(profiles.id, candidateAccess.profileId))
    .innerJoin(owners, eq(owners.id, profiles.ownerId))
    .where(eq(candidateAccess.code, code));
  if (!row || !row.active) throw candidateUnknown();
  const { active: _active, ...candidate } = row;
  return { ...candidate, locale: candidate.locale as Locale };
}
