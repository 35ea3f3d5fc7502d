import { deriveProfileStatus, type ProfileStatus } from '@centinela/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { profiles, reports } from '../../db/schema/index.ts';

export type ProfileStatusChange = { profileId: string; ownerId: string; status: ProfileStatus; changed: boolean };

/**
 * Locks the profile row (FOR UPDATE) for the rest of the caller's transaction. Everything that changes a
 * profile's reports takes this lock first, so two reports of one person finishing at once derive the
 * status one after the other (each seeing the other's write) and lock order is always profile → report.
 */
export type LockedProfile = NonNullable<Awaited<ReturnType<typeof lockProfile>>>;

const lockedColumns = {
  id: profiles.id,
  ownerId: profiles.ownerId,
  status: profiles.status,
  confirmedHomonym: profiles.confirmedHomonym,
  manuallyReviewed: profiles.manuallyReviewed,
  outcome: profiles.outcome,
  consentWithdrawnAt: profiles.consentWithdrawnAt,
};

export async function lockProfile(tx: Db, profileId: string) {
  const [row] = await tx.select(lockedColumns).from(profiles).where(eq(profiles.id, profileId)).for('update');
  return row ?? null;
}

/** `lockProfile` for several at once, always in id order so two batches cannot deadlock each other. */
export async function lockProfiles(tx: Db, profileIds: string[]): Promise<Map<string, LockedProfile>> {
  if (profileIds.length === 0) return new Map();
  const rows = await tx
    .select(lockedColumns)
    .from(profiles)
    .where(inArray(profiles.id, [...new Set(profileIds)]))
    .orderBy(profiles.id)
    .for('update');
  return new Map(rows.map((r) => [r.id, r]));
}

type ReportFacts = Pick<typeof reports.$inferSelect, 'status' | 'findings' | 'missingInputs'>;

/** The one derivation, from the locked profile and all its reports. */
function derive(profile: LockedProfile, rows: ReportFacts[]): ProfileStatus {
  return deriveProfileStatus({
    precandidate: profile.status === 'PRECANDIDATE',
    confirmedHomonym: profile.confirmedHomonym,
    reports: rows,
    decision:
      profile.manuallyReviewed && (profile.outcome === 'approved' || profile.outcome === 'rejected')
        ? profile.outcome
        : null,
  });
}

const factColumns = {
  profileId: reports.profileId,
  status: reports.status,
  findings: reports.findings,
  missingInputs: reports.missingInputs,
};

/**
 * `refreshProfileStatus` for several locked profiles in three statements (one read of their reports,
 * one UPDATE of those whose status changed): the worker's batch settlement.
 */
export async function refreshProfileStatuses(
  tx: Db,
  locked: Map<string, LockedProfile>,
): Promise<Map<string, ProfileStatusChange>> {
  const out = new Map<string, ProfileStatusChange>();
  if (locked.size === 0) return out;
  const rows = await tx
    .select(factColumns)
    .from(reports)
    .where(inArray(reports.profileId, [...locked.keys()]));
  const byProfile = new Map<string, ReportFacts[]>();
  for (const r of rows) {
    const list = byProfile.get(r.profileId);
    if (list) list.push(r);
    else byProfile.set(r.profileId, [r]);
  }
  const changed: { id: string; status: ProfileStatus }[] = [];
  for (const profile of locked.values()) {
    const status = derive(profile, byProfile.get(profile.id) ?? []);
    const isChange = status !== profile.status;
    if (isChange) changed.push({ id: profile.id, status });
    out.set(profile.id, { profileId: profile.id, ownerId: profile.ownerId, status, changed: isChange });
  }
  if (changed.length > 0) {
    await tx.execute(sql`
      UPDATE ${profiles} AS p SET status = v.status::profile_status, updated_at = now()
      FROM jsonb_to_recordset(${JSON.stringify(changed)}::jsonb) AS v(id uuid, status text)
      WHERE p.id = v.id`);
  }
  return out;
}

/** What the reports alone decide for a locked profile, before any reviewer's decision. */
export async function statusFromReports(tx: Db, profile: LockedProfile): Promise<ProfileStatus> {
  const rows = await tx
    .select({ status: reports.status, findings: reports.findings, missingInputs: reports.missingInputs })
    .from(reports)
    .where(eq(reports.profileId, profile.id));
  return derive({ ...profile, manuallyReviewed: false }, rows);
}

/**
 * Re-derives the profile status from its reports (shared `deriveProfileStatus`) and stores it if it
 * changed. Call inside the transaction that changed the reports or the homonym decision; publish
 * 'profile.updated' after commit when `changed`. Null if the profile is gone.
 */
export async function refreshProfileStatus(
  tx: Db,
  profileId: string,
  locked?: LockedProfile,
): Promise<ProfileStatusChange | null> {
  // The caller may hold the lock already (one round trip less on the worker's hot path).
  const profile = locked ?? (await lockProfile(tx, profileId));
  if (!profile) return null;
  const rows = await tx
    .select({ status: reports.status, findings: reports.findings, missingInputs: reports.missingInputs })
    .from(reports)
    .where(eq(reports.profileId, profileId));
  const status = derive(profile, rows);
  const changed = status !== profile.status;
  if (changed) await tx.update(profiles).set({ status }).where(eq(profiles.id, profileId));
  return { profileId, ownerId: profile.ownerId, status, changed };
}
