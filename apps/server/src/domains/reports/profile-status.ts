import { deriveProfileStatus, type ProfileStatus } from '@centinela/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { profiles, reports } from '../../db/schema/index.ts';

export type ProfileStatusChange = { profileId: string; ownerId: string; status: ProfileStatus; changed: boolean };

/**
 * Locks the profile row (FOR UPDATE) for the rest of the caller's transaction. Everything that changes a
 * profile's reports takes this lock first, so two reports of one person finishing at once derive the
 * status one after the other (each seeing the other's write) and lock order is always profile → report.
 */
export type LockedProfile = NonNullable<Awaited<ReturnType<typeof lockProfile>>>;

export async function lockProfile(tx: Db, profileId: string) {
  const [row] = await tx
    .select({
      id: profiles.id,
      ownerId: profiles.ownerId,
      status: profiles.status,
      confirmedHomonym: profiles.confirmedHomonym,
      manuallyReviewed: profiles.manuallyReviewed,
      outcome: profiles.outcome,
    })
    .from(profiles)
    .where(eq(profiles.id, profileId))
    .for('update');
  return row ?? null;
}

/**
 * Re-derives the profile status from its reports (shared `deriveProfileStatus`) and stores it if it
 * changed. Call inside the transaction that changed the reports or the homonym decision; publish
 * 'profile.updated' after commit when `changed`. Null if the profile is gone.
 */
export async function refreshProfileStatus(tx: Db, profileId: string, locked?: LockedProfile): Promise<ProfileStatusChange | null> {
  // The caller may hold the lock already (one round trip less on the worker's hot path).
  const profile = locked ?? (await lockProfile(tx, profileId));
  if (!profile) return null;
  const rows = await tx
    .select({ status: reports.status, findings: reports.findings, missingInputs: reports.missingInputs })
    .from(reports)
    .where(eq(reports.profileId, profileId));
  const status = deriveProfileStatus({
    precandidate: profile.status === 'PRECANDIDATE',
    confirmedHomonym: profile.confirmedHomonym,
    reports: rows,
    decision: profile.manuallyReviewed && (profile.outcome === 'approved' || profile.outcome === 'rejected') ? profile.outcome : null,
  });
  const changed = status !== profile.status;
  if (changed) await tx.update(profiles).set({ status }).where(eq(profiles.id, profileId));
  return { profileId, ownerId: profile.ownerId, status, changed };
}
