import { randomUUID } from 'node:crypto';
import { normalizeDocumentId, toE164Phone, type CreatedAs, type ProfileStatus, type ReportType, type TCandidateInput } from '@centinela/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { assertReportsIncluded, chargeReports, ownerPlan, type CreditChange } from '../credits/charge.ts';
import { insertPlannedReports, plannedReportsJson, planReports } from '../reports/enqueue-batch.ts';
import { notifyWorkers } from '../reports/jobs.ts';
import { profileEventData } from '../webhooks/events.ts';
import { emitWebhookEvents, type WebhookEvent } from '../webhooks/outbox.ts';
import type { Actor } from './actor.ts';

type CandidatesOptions = {
  ownerId: string;
  actor: Actor;
  createdAs: CreatedAs;
  pipelineId: string | null;
  reportTypes: readonly ReportType[];
  candidates: readonly TCandidateInput[];
  audit?: Record<string, unknown>[];
};

/** Candidates made ready for `insertCandidates`: normalised, their reports planned, their rows serialised. */
export type PreparedCandidates = {
  opts: Omit<CandidatesOptions, 'candidates' | 'audit'>;
  created: { id: string; status: ProfileStatus }[];
  profilesJson: string;
  reportsJson: string;
  auditJson: string;
  events: WebhookEvent[];
};

/**
 * The CPU half of `insertCandidates`, no database needed: an importer prepares its next batch while the
 * previous one commits.
 */
export function prepareCandidates(opts: CandidatesOptions): PreparedCandidates {
  const prepared = opts.candidates.map((input) => {
    const inputs: Record<string, string> = input.issueDate ? { issueDate: input.issueDate } : {};
    const person = {
      country: input.country,
      documentType: input.documentType,
      documentId: normalizeDocumentId(input.country, input.documentType, input.documentId),
      name: input.name,
      email: input.email?.toLowerCase() ?? null,
      phone: input.phone ? toE164Phone(input.phone) : null,
      state: input.state ?? null,
      birthDate: input.birthDate ?? null,
      inputs,
    };
    const plan = planReports(person, opts.reportTypes);
    return { id: randomUUID(), person, city: input.city ?? null, status: plan.status, reports: plan.reports };
  });
  const profiles = prepared.map((p) => ({
    id: p.id,
    owner_id: opts.ownerId,
    country: p.person.country,
    document_type: p.person.documentType,
    document_id: p.person.documentId,
    name: p.person.name,
    email: p.person.email,
    phone: p.person.phone,
    city: p.city,
    state: p.person.state,
    birth_date: p.person.birthDate,
    status: p.status,
    created_by: opts.actor.userId,
    created_as: opts.createdAs,
    pipeline_id: opts.pipelineId,
    inputs: p.person.inputs,
  }));
  const audits = prepared.map((p, i) => ({
    owner_id: opts.ownerId,
    actor_user_id: opts.actor.userId,
    entity_id: p.id,
    changes: { kind: 'candidate', createdAs: opts.createdAs, status: p.status, pipelineId: opts.pipelineId, reportTypes: [...opts.reportTypes], ...opts.audit?.[i] },
  }));
  const { candidates: _candidates, audit: _audit, ...rest } = opts;
  return {
    opts: rest,
    created: prepared.map((p) => ({ id: p.id, status: p.status })),
    profilesJson: JSON.stringify(profiles),
    reportsJson: plannedReportsJson(prepared.flatMap((p) => p.reports.map((r) => ({ ...r, ownerId: opts.ownerId, profileId: p.id })))),
    auditJson: JSON.stringify(audits),
    // Issue #7: `profile.created` per person.
    events: prepared.map((p) => ({
      ownerId: opts.ownerId,
      type: 'profile.created' as const,
      data: profileEventData({ id: p.id, country: p.person.country, documentId: p.person.documentId, status: p.status, createdAs: opts.createdAs, pipelineId: opts.pipelineId }),
    })),
  };
}

/**
 * `createProfile`'s batch variant for imports, its database half (prepareCandidates is the CPU half):
 * many candidates already validated by the shared schema (ZCreateProfileRequest), stored the same way (normalised document id, E.164 phone, lower-case email,
 * issue date in `inputs`), their reports queued and their status derived, the plan's rules applied like
 * enqueueReports does (types the plan locks refused with 403, reports that will run charged to a
 * free-plan owner, 402 when short: the caller's transaction rolls back), and one audit row each — in a
 * handful of statements inside the caller's transaction. Publish events ('credits.updated' too, with the
 * returned change) and wake the workers after commit.
 *
 * Rows travel as one jsonb parameter expanded by jsonb_to_recordset: a thousand persons are one small
 * statement to parse and plan, not 16,000 bind parameters.
 */
export async function insertCandidates(tx: Db, batch: PreparedCandidates): Promise<{ created: { id: string; status: ProfileStatus }[]; credits: CreditChange | null }> {
  const { opts } = batch;
  if (batch.created.length === 0) return { created: [], credits: null };
  const plan = await ownerPlan(tx, opts.ownerId);
  assertReportsIncluded(plan, opts.reportTypes);
  await tx.execute(sql`
    insert into profile (id, owner_id, country, document_type, document_id, name, email, phone, city, state, birth_date, status, created_by, created_as, pipeline_id, inputs)
    select id, owner_id, country, document_type, document_id, name, email, phone, city, state, birth_date, status, created_by, created_as, pipeline_id, inputs
    from jsonb_to_recordset(${batch.profilesJson}::jsonb) as x(
      id uuid, owner_id uuid, country country, document_type document_type, document_id text, name text, email text, phone text,
      city text, state text, birth_date date, status profile_status, created_by uuid, created_as created_as, pipeline_id uuid, inputs jsonb)`);
  const queued = await insertPlannedReports(tx, batch.reportsJson);
  // What will run is paid now; INCOMPLETE reports cost nothing until their inputs arrive (as in enqueueReports).
  const runs = queued.filter((r) => r.status === 'PENDING');
  const credits = await chargeReports(tx, opts.ownerId, plan, runs, opts.actor.userId);
  if (runs.length > 0) await notifyWorkers(tx);
  await tx.execute(sql`
    insert into audit_event (owner_id, actor_user_id, action, entity_type, entity_id, changes)
    select owner_id, actor_user_id, 'profile.create', 'profile', entity_id, changes
    from jsonb_to_recordset(${batch.auditJson}::jsonb) as x(owner_id uuid, actor_user_id uuid, entity_id text, changes jsonb)`);
  // Issue #7: `profile.created` per person (outbox, one statement; nothing when no endpoint listens).
  await emitWebhookEvents(tx, batch.events);
  return { created: batch.created, credits };
}
