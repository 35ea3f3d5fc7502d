import { and, eq } from 'drizzle-orm';
import {
  isReportAvailable,
  type CreatedAs,
  type ReportType,
  type TCreateProfileRequest,
  type TCreateProfileResponse,
} from '@centinela/shared';
import type { Db } from '../../db/client.ts';
import { owners, pipelines, profiles, users } from '../../db/schema/index.ts';
import { ApiError, type ApiIssue } from '../../lib/api-error.ts';
import { ownedBy, type TenantScope, requireOwner, type Actor, type Deps } from '../../kernel/index.ts';
import { attestationFor, consentOf } from './consent.ts';
import { profileHints } from './hints.ts';
import { insertPersons, preparePersons } from './insert-persons.ts';
import { reportsOf } from './repository.ts';
import { toProfileDetail } from './view.ts';

/** SPEC §8 "Unable to create profile", with the field that made it fail. */
export class ProfileCreateError extends ApiError {
  declare readonly issues: ApiIssue[];

  constructor(issues: ApiIssue[]) {
    super(422, 'profile_create_failed', {}, issues);
  }
}

type Candidate = Extract<TCreateProfileRequest, { kind: 'candidate' }>;

/** The reports a candidate gets: the pipeline's (same owner, same country) or the chosen ones, all offered in the country. */
async function reportTypesFor(
  db: Db,
  scope: TenantScope,
  ownerId: string,
  input: Candidate,
): Promise<{ types: ReportType[]; pipelineId: string | null }> {
  if (input.pipelineId) {
    const [pipeline] = await db
      .select()
      .from(pipelines)
      .where(
        and(ownedBy(scope, pipelines.ownerId), eq(pipelines.ownerId, ownerId), eq(pipelines.id, input.pipelineId)),
      );
    if (!pipeline)
      throw new ProfileCreateError([
        { path: 'body.pipelineId', code: 'not_found', key: 'profiles.validation.pipelineNotFound' },
      ]);
    if (pipeline.country !== input.country) {
      throw new ProfileCreateError([
        { path: 'body.pipelineId', code: 'country_mismatch', key: 'profiles.validation.pipelineCountry' },
      ]);
    }
    return { types: pipeline.reportTypes.filter((t) => isReportAvailable(input.country, t)), pipelineId: pipeline.id };
  }
  const types = [...new Set(input.reportTypes ?? [])];
  const unavailable = types.findIndex((t) => !isReportAvailable(input.country, t));
  if (unavailable >= 0) {
    throw new ProfileCreateError([
      {
        path: `body.reportTypes.${unavailable}`,
        code: 'not_available',
        key: 'profiles.validation.reportNotAvailable',
      },
    ]);
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
 * pre-candidate (SPEC §5; no reports), through the one write path of every person (insertPersons).
 * Hints are advisory and come back with the profile.
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
  // A form's person carries the candidate's own consent (its submission), never an attestation.
  const attestation =
    createdAs === 'form' ? null : await attestationFor(db, ownerId, input.consentAttestation, actor, now);
  const plan =
    input.kind === 'candidate' ? await reportTypesFor(db, scope, ownerId, input) : { types: [], pipelineId: null };
  const batch = preparePersons({
    ownerId,
    actor,
    createdAs,
    pipelineId: plan.pipelineId,
    reportTypes: plan.types,
    persons: [input],
    visibleFrom,
    createdAt: now,
    attestation,
  });
  const created = await db.transaction(async (tx) => {
    const {
      created: [person],
      credits,
    } = await insertPersons(tx, batch);
    const [profile] = await tx.select().from(profiles).where(eq(profiles.id, person!.id));
    return { profile: profile!, reports: await reportsOf(tx, person!.id), credits };
  });
  if (input.kind === 'candidate') wake?.();
  if (created.credits)
    events.publish('credits.updated', ownerId, { creditsAvailable: created.credits.creditsAvailable });

  events.publish('profile.updated', ownerId, { profileId: created.profile.id, status: created.profile.status });
  const [hints, creator, consent] = await Promise.all([
    created.profile.documentId
      ? profileHints(db, {
          ownerId,
          country: created.profile.country,
          documentType: created.profile.documentType,
          documentId: input.documentId,
          excludeProfileId: created.profile.id,
        })
      : [],
    actor.userId ? db.select({ username: users.username }).from(users).where(eq(users.id, actor.userId)).limit(1) : [],
    consentOf(db, created.profile),
  ]);
  return {
    profile: toProfileDetail(created.profile, created.reports, creator[0]?.username ?? null, consent),
    hints,
  };
}
