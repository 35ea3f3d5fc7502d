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
import { owners, pipelines, profiles, reports, users } from '../../db/schema/index.ts';
import { ApiError } from '../../lib/api-error.ts';
import { ownedBy, type TenantScope } from '../tenancy.ts';
import { audit, requireOwner, type Actor, type Deps } from './actor.ts';
import { profileHints } from './hints.ts';
import { assertReportsIncluded, chargeReports, ownerPlan } from '../credits/charge.ts';
import { planReports } from '../reports/enqueue-batch.ts';
import { notifyWorkers } from '../reports/jobs.ts';
import { profileEventData } from '../webhooks/events.ts';
import { emitWebhookEvent } from '../webhooks/outbox.ts';
import { toProfileDetail } from './view.ts';

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

  const documentId = input.documentId ? normalizeDocumentId(input.country, input.documentType, input.documentId) : '';
  const person = {
    country: input.country,
    documentType: input.documentType,
    documentId,
    name: input.name,
    email,
    phone,
    state: input.state ?? null,
    birthDate: input.birthDate ?? null,
    inputs,
  };
  // The reports and the status they give a fresh person, planned without a round trip (the rules of
  // enqueueReports: checkInputs, deriveProfileStatus), so the person is inserted with its final status.
  const planned = candidate ? planReports(person, plan.types) : null;

  const created = await db.transaction(async (tx) => {
    // The plan decides which types may run and who pays (issue #8), as in enqueueReports.
    const ownerPlanned = candidate ? await ownerPlan(tx, ownerId) : null;
    if (ownerPlanned) assertReportsIncluded(ownerPlanned, plan.types);
    const [profile] = await tx
      .insert(profiles)
      .values({
        ownerId,
        ...person,
        city: input.city ?? null,
        status: planned?.status ?? 'PRECANDIDATE',
        createdBy: actor.userId,
        createdAs,
        pipelineId: plan.pipelineId,
        visibleFrom,
        createdAt: now,
      })
      .returning();
    // Queued with the person (nobody else sees it before commit, so there is nothing to lock or re-read).
    const queued =
      planned && planned.reports.length > 0
        ? await tx
            .insert(reports)
            .values(planned.reports.map((r) => ({ ...r, ownerId, profileId: profile!.id })))
            .returning()
        : [];
    const runs = queued.filter((r) => r.status === 'PENDING');
    // A report that will run is paid now (INCOMPLETE ones cost nothing until their inputs arrive).
    const credits = ownerPlanned ? await chargeReports(tx, ownerId, ownerPlanned, runs) : null;
    if (runs.length > 0) await notifyWorkers(tx);
    await emitWebhookEvent(tx, { ownerId, type: 'profile.created', data: profileEventData(profile!) });
    await audit(tx, actor, {
      ownerId,
      action: 'profile.create',
      entityType: 'profile',
      entityId: profile!.id,
      changes: { kind: input.kind, country: profile!.country, status: profile!.status, pipelineId: plan.pipelineId, reportTypes: plan.types },
    });
    return { profile: profile!, reports: queued.sort((a, b) => (a.type < b.type ? -1 : a.type > b.type ? 1 : 0)), credits }; // as reportsOf orders them
  });
  if (candidate) wake?.();
  if (created.credits) events.publish('credits.updated', ownerId, { creditsAvailable: created.credits.creditsAvailable });

  events.publish('profile.updated', ownerId, { profileId: created.profile.id, status: created.profile.status });
  const [hints, creator] = await Promise.all([
    created.profile.documentId
      ? profileHints(db, { ownerId, country: created.profile.country, documentType: created.profile.documentType, documentId: input.documentId, excludeProfileId: created.profile.id })
      : [],
    actor.userId ? db.select({ username: users.username }).from(users).where(eq(users.id, actor.userId)).limit(1) : [],
  ]);
  return { profile: toProfileDetail(created.profile, created.reports, creator[0]?.username ?? null), hints };
}
