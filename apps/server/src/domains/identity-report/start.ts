import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { profiles, reports } from '../../db/schema/index.ts';
import { EventBus, type DomainEvent, type TenantScope } from '../../kernel/index.ts';
import { enqueueReports, rerunReport } from '../reports/index.ts';
import { IDENTITY_PICTURES_INPUT, requeueIncompleteReports } from '../reports/enqueue.ts';
import { lockProfile } from '../reports/profile-status.ts';
import { subjectOf } from '../reports/subject.ts';

/**
 * New pictures for a person, inside the caller's transaction: an identity report waiting for them goes
 * to PENDING (paid now), a person without one gets one. Returns what to publish after commit.
 */
export async function picturesArrived(
  tx: Db,
  input: { ownerId: string; profileId: string; actorUserId?: string | null },
  events: EventBus,
): Promise<'queued' | 'existing'> {
  const locked = await lockProfile(tx, input.profileId);
  if (!locked) return 'existing';
  const [profile] = await tx.select().from(profiles).where(eq(profiles.id, input.profileId));
  const subject = subjectOf(profile!);
  const [report] = await tx
    .select({ id: reports.id, status: reports.status })
    .from(reports)
    .where(and(eq(reports.profileId, input.profileId), eq(reports.type, 'identity_document')));
  if (!report) {
    const {
      created,
      profile: change,
      credits,
    } = await enqueueReports(tx, {
      ownerId: input.ownerId,
      profileId: input.profileId,
      types: ['identity_document'],
      subject,
    });
    for (const r of created)
      events.publish('report.updated', input.ownerId, { profileId: r.profileId, reportId: r.id, status: r.status });
    if (change?.changed)
      events.publish('profile.updated', input.ownerId, { profileId: change.profileId, status: change.status });
    if (credits) events.publish('credits.updated', input.ownerId, { creditsAvailable: credits.creditsAvailable });
    return 'queued';
  }
  if (report.status !== 'INCOMPLETE') return 'existing';
  const {
    requeued,
    profile: change,
    credits,
  } = await requeueIncompleteReports(tx, {
    ownerId: input.ownerId,
    subject,
    actorUserId: input.actorUserId ?? null,
  });
  for (const r of requeued)
    events.publish('report.updated', input.ownerId, { profileId: r.profileId, reportId: r.id, status: r.status });
  if (change?.changed)
    events.publish('profile.updated', input.ownerId, { profileId: change.profileId, status: change.status });
  if (credits) events.publish('credits.updated', input.ownerId, { creditsAvailable: credits.creditsAvailable });
  return 'queued';
}

/**
 * Staff or a client system sent pictures for a person: the report waiting for them runs, a finished one
 * runs again on the new pictures (charged like any re-run), a queued one will read them when it runs.
 */
export async function startIdentityCheck(
  deps: { db: Db; events: EventBus; wake: () => void },
  scope: TenantScope,
  input: { ownerId: string; profileId: string; actorUserId: string | null },
): Promise<void> {
  const buffered: DomainEvent[] = [];
  const bus = new EventBus();
  bus.subscribe((event) => buffered.push(event));
  const outcome = await deps.db.transaction((tx) => picturesArrived(tx, input, bus));
  for (const e of buffered) deps.events.publish(e.name, e.ownerId, e.payload as never);
  if (outcome === 'existing') {
    const [report] = await deps.db
      .select({ id: reports.id, status: reports.status })
      .from(reports)
      .where(and(eq(reports.profileId, input.profileId), eq(reports.type, 'identity_document')));
    // A queued or running check reads the newest pictures of each kind when it starts.
    if (report && report.status !== 'PENDING') {
      const { report: row, ownerId, profile, credits } = await rerunReport(deps.db, scope, report.id);
      deps.events.publish('report.updated', ownerId, {
        profileId: row.profileId,
        reportId: row.id,
        status: row.status,
      });
      if (profile?.changed)
        deps.events.publish('profile.updated', ownerId, { profileId: profile.profileId, status: profile.status });
      if (credits) deps.events.publish('credits.updated', ownerId, { creditsAvailable: credits.creditsAvailable });
    }
  }
  deps.wake();
}

/** Whether the person's identity report waits for their pictures (the candidate page then asks for them). */
export async function waitsForPictures(db: Db, profileId: string): Promise<boolean> {
  const [report] = await db
    .select({ status: reports.status, missing: reports.missingInputs })
    .from(reports)
    .where(and(eq(reports.profileId, profileId), eq(reports.type, 'identity_document')));
  return report?.status === 'INCOMPLETE' && report.missing.includes(IDENTITY_PICTURES_INPUT);
}
