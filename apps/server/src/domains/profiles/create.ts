import { and, eq } from 'drizzle-orm';
import {
  isReportAvailable,
  normalizeDocumentId,
  toE164Phone,
  type CreatedAs,
  type ReportType,
  type TCreateProfileRequest,
  type TCreateProfileResponse,
} from '@centinela/shared';
import type { Db } from '../../db/client.ts';
import { owners, pipelines, profiles } from '../../db/schema/index.ts';
import { ApiError } from '../../lib/api-error.ts';
import { ownedBy, type TenantScope } from '../tenancy.ts';
import { audit, requireOwner, type Actor, type Deps } from './actor.ts';
import { profileHints } from './hints.ts';
import { enqueueReports } from '../reports/index.ts';
import { subjectOf } from '../reports/subject.ts';
import { profileEventData } from '../webhooks/events.ts';
import { emitWebhookEvent } from '../webhooks/outbox.ts';
import { profileDetail } from './repository.ts';

/** SPEC §8 "Unable to create profile", with the field that made it fail. */
export class ProfileCreateError extends ApiError {
  readonly issues: { path: string; code: string; message: string }[];

  constructor(issues: { path: string; code: string; message: string }[]) {
    super(422, 'profile_create_failed');
    this.issues = issues;
  }
}

type Candidate = Extract<TCreateProfileRequest, { kind: 'candidate' }>;

/** The reports a candidate gets: the pipeline's (same owner, same country) or the chosen ones, all offered in the country. */
async function reportTypesFor(db: Db, scope: TenantScope, ownerId: string, input: Candidate): Promise<{ types: ReportType[]; pipelineId: string | null }> {
  if (input.pipelineId) {
    const [pipeline] = await db
      .select()
      .from(pipelines)
      .where(and(ownedBy(scope, pipelines.ownerId), eq(pipelines.ownerId, ownerId), eq(pipelines.id, input.pipelineId)));
    if (!pipeline) throw new ProfileCreateError([{ path: 'body.pipelineId', code: 'not_found', message: 'profiles.validation.pipelineNotFound' }]);
    if (pipeline.country !== input.country) {
      throw new ProfileCreateError([{ path: 'body.pipelineId', code: 'country_mismatch', message: 'profiles.validation.pipelineCountry' }]);
    }
    return { types: pipeline.reportTypes.filter((t) => isReportAvailable(input.country, t)), pipelineId: pipeline.id };
  }
  const types = [...new Set(input.reportTypes ?? [])];
  const unavailable = types.findIndex((t) => !isReportAvailable(input.country, t));
  if (unavailable >= 0) {
    throw new ProfileCreateError([{ path: `body.reportTypes.${unavailable}`, code: 'not_available', message: 'profiles.validation.reportNotAvailable' }]);
  }
  return { types, pipelineId: null };
}

/**
 * Deferred API sync (SPEC §9): with the owner's flag on, a person created through the API shows on the
 * dashboard from the start of the next day, in UTC (owners have no time zone of their own).
 */
export async function apiVisibleFrom(db: Db, ownerId: string, now: Date): Promise<Date> {
  const [owner] = await db.select({ deferred: owners.deferredApiSync }).from(owners).where(eq(owners.id, ownerId));
  if (!owner?.deferred) return now;
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

/**
 * Creates a candidate (reports enqueued in the same transaction, status derived from them) or a
 * pre-candidate (SPEC §5; no reports). Hints are advisory and come back with the profile.
 */
export async function createProfile(
  { db, events, wake }: Deps,
  {
    scope,
    input,
    actor,
    createdAs = 'dashboard',
    now = new Date(),
  }: { scope: TenantScope; input: TCreateProfileRequest; actor: Actor; createdAs?: CreatedAs; now?: Date },
): Promise<TCreateProfileResponse> {
  const ownerId = requireOwner(scope);
  const visibleFrom = createdAs === 'api' ? await apiVisibleFrom(db, ownerId, now) : now;
  const phone = input.phone ? toE164Phone(input.phone) : null;
  const email = input.email?.toLowerCase() ?? null;
  const candidate = input.kind === 'candidate' ? input : null;
  const plan = candidate ? await reportTypesFor(db, scope, ownerId, candidate) : { types: [], pipelineId: null };
  const inputs: Record<string, string> = {};
  if (candidate?.issueDate) inputs.issueDate = candidate.issueDate;
  // SPEC §5: with both, the phone is how a pre-candidate is contacted. No column exists, so it sits in `inputs`.
  if (input.kind === 'precandidate') inputs.preferredContact = phone ? 'phone' : 'email';

  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(profiles)
      .values({
        ownerId,
        country: input.country,
        documentType: input.documentType,
        documentId: input.documentId ? normalizeDocumentId(input.country, input.documentType, input.documentId) : '',
        name: input.name,
        email,
        phone,
        city: input.city ?? null,
        state: input.state ?? null,
        birthDate: input.birthDate ?? null,
        status: candidate ? 'PENDING' : 'PRECANDIDATE',
        createdBy: actor.userId,
        createdAs,
        pipelineId: plan.pipelineId,
        inputs,
        visibleFrom,
        createdAt: now,
      })
      .returning();
    await emitWebhookEvent(tx, { ownerId, type: 'profile.created', data: profileEventData(row!) });
    // The engine queues the reports and re-derives the status in this transaction.
    const queued = candidate ? await enqueueReports(tx, { ownerId, profileId: row!.id, types: plan.types, subject: subjectOf(row!) }) : null;
    const profile = candidate ? (await tx.select().from(profiles).where(eq(profiles.id, row!.id)))[0]! : row!;
    await audit(tx, actor, {
      ownerId,
      action: 'profile.create',
      entityType: 'profile',
      entityId: profile.id,
      changes: { kind: input.kind, country: profile.country, status: profile.status, pipelineId: plan.pipelineId, reportTypes: plan.types },
    });
    return { profile, credits: queued?.credits ?? null };
  });
  if (candidate) wake?.();
  if (created.credits) events.publish('credits.updated', ownerId, { creditsAvailable: created.credits.creditsAvailable });

  events.publish('profile.updated', ownerId, { profileId: created.profile.id, status: created.profile.status });
  const hints = created.profile.documentId
    ? await profileHints(db, { ownerId, country: created.profile.country, documentType: created.profile.documentType, documentId: input.documentId, excludeProfileId: created.profile.id })
    : [];
  return { profile: await profileDetail(db, created.profile), hints };
}
