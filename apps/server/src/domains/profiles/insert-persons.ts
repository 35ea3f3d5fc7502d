import { randomUUID } from 'node:crypto';
import type { CreatedAs, ProfileStatus, ReportType, TCreateProfileRequest } from '@centinela/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../kernel/index.ts';
import { storableIp } from '../audit/record.ts';
import { assertReportsIncluded, chargeReports, ownerPlan, type CreditChange } from '../credits/charge.ts';
import { insertPlannedReports, plannedReportsJson, planReports, type PlannedReport } from '../reports/enqueue-batch.ts';
import { notifyWorkers } from '../reports/jobs.ts';
import { profileEventData } from '../webhooks/events.ts';
import { emitWebhookEvents, type WebhookEvent } from '../webhooks/outbox.ts';
import { enrolIfOwnerMonitorsAll, enrolmentKeys, type EnrolmentKeys } from '../watchlists/enrol.ts';
import type { StoredAttestation } from './consent.ts';
import { personColumns, type PersonColumns } from './new-person.ts';

export type NewPersons = {
  ownerId: string;
  actor: Actor;
  createdAs: CreatedAs;
  /** The candidates' pipeline, if they come from one (its report types are `reportTypes`). */
  pipelineId: string | null;
  /** The reports every candidate gets, already checked against the country; pre-candidates get none. */
  reportTypes: readonly ReportType[];
  persons: readonly TCreateProfileRequest[];
  /** When the dashboard may show them (deferred API sync, SPEC §9); now if absent. */
  visibleFrom?: Date;
  createdAt?: Date;
  /** More to say in each person's audit row (the CSV job and line). */
  audit?: readonly Record<string, unknown>[];
  /** Consent attestation, one for every person of the call; null or absent: none given. */
  attestation?: StoredAttestation | null;
  /** The persons' ids, when the caller must know them beforehand (the CSV import's duplicates); random otherwise. */
  ids?: readonly string[];
};

/** Persons made ready for `insertPersons`: normalised, their reports planned, their rows serialised. */
export type PreparedPersons = {
  opts: Omit<NewPersons, 'persons' | 'audit' | 'ids'>;
  created: { id: string; status: ProfileStatus }[];
  profilesJson: string;
  reportsJson: string;
  auditJson: string;
  events: WebhookEvent[];
  /** What watch-list monitoring compares, for an owner who monitors every person. */
  monitoring: EnrolmentKeys[];
};

/**
 * The profile columns `insertPersons` writes, with their PostgreSQL types: the one list the statement
 * below is built from. A new person field is a column here and in personColumns.
 */
const PROFILE_COLUMNS = {
  id: 'uuid',
  owner_id: 'uuid',
  country: 'country',
  document_type: 'document_type',
  document_id: 'text',
  name: 'text',
  email: 'text',
  phone: 'text',
  city: 'text',
  state: 'text',
  birth_date: 'date',
  inputs: 'jsonb',
  status: 'profile_status',
  created_by: 'uuid',
  created_as: 'created_as',
  pipeline_id: 'uuid',
  visible_from: 'timestamptz',
  created_at: 'timestamptz',
  consent_attested_at: 'timestamptz',
  consent_attested_by: 'uuid',
  consent_attested_key_id: 'uuid',
  consent_version: 'text',
} as const;
type ProfileRowJson = Record<keyof typeof PROFILE_COLUMNS, unknown>;

const profileRowJson = (id: string, person: PersonColumns, status: ProfileStatus, o: NewPersons): ProfileRowJson => ({
  id,
  owner_id: o.ownerId,
  country: person.country,
  document_type: person.documentType,
  document_id: person.documentId,
  name: person.name,
  email: person.email,
  phone: person.phone,
  city: person.city,
  state: person.state,
  birth_date: person.birthDate,
  inputs: person.inputs,
  status,
  created_by: o.actor.userId,
  created_as: o.createdAs,
  pipeline_id: o.pipelineId,
  // Absent: the database's now() (a CSV batch's persons are created when it commits).
  visible_from: o.visibleFrom?.toISOString() ?? null,
  created_at: o.createdAt?.toISOString() ?? null,
  consent_attested_at: o.attestation?.at.toISOString() ?? null,
  consent_attested_by: o.attestation?.userId ?? null,
  consent_attested_key_id: o.attestation?.apiKeyId ?? null,
  consent_version: o.attestation?.version ?? null,
});

const names = Object.keys(PROFILE_COLUMNS).join(', ');
const NOW_DEFAULT = new Set(['visible_from', 'created_at']);
const INSERT_PROFILES = {
  columns: sql.raw(names),
  values: sql.raw(
    Object.keys(PROFILE_COLUMNS)
      .map((c) => (NOW_DEFAULT.has(c) ? `coalesce(${c}, now())` : c))
      .join(', '),
  ),
  recordset: sql.raw(
    Object.entries(PROFILE_COLUMNS)
      .map(([c, type]) => `${c} ${type}`)
      .join(', '),
  ),
};

/**
 * The CPU half of `insertPersons`, no database needed: an importer prepares its next batch while the
 * previous one commits.
 */
export function preparePersons(o: NewPersons): PreparedPersons {
  const prepared = o.persons.map((input, i) => {
    const person = personColumns(input);
    const plan: { reports: PlannedReport[]; status: ProfileStatus } =
      input.kind === 'precandidate' ? { reports: [], status: 'PRECANDIDATE' } : planReports(person, o.reportTypes);
    return { id: o.ids?.[i] ?? randomUUID(), input, person, ...plan };
  });
  const audits = prepared.map((p, i) => ({
    owner_id: o.ownerId,
    actor_user_id: o.actor.userId,
    entity_id: p.id,
    changes: {
      kind: p.input.kind,
      createdAs: o.createdAs,
      country: p.person.country,
      status: p.status,
      pipelineId: o.pipelineId,
      reportTypes: p.input.kind === 'precandidate' ? [] : [...o.reportTypes],
      ...(o.attestation && { consentAttested: o.attestation.version }),
      // A change made through an API key names the key (as every audited change does).
      ...(o.actor.apiKeyId && { apiKeyId: o.actor.apiKeyId }),
      ...o.audit?.[i],
    },
  }));
  const { persons: _persons, audit: _audit, ids: _ids, ...rest } = o;
  return {
    opts: rest,
    created: prepared.map((p) => ({ id: p.id, status: p.status })),
    profilesJson: JSON.stringify(prepared.map((p) => profileRowJson(p.id, p.person, p.status, o))),
    reportsJson: plannedReportsJson(
      prepared.flatMap((p) => p.reports.map((r) => ({ ...r, ownerId: o.ownerId, profileId: p.id }))),
    ),
    auditJson: JSON.stringify(audits),
    monitoring: prepared.map((p) =>
      enrolmentKeys({
        id: p.id,
        ownerId: o.ownerId,
        name: p.person.name,
        documentId: p.person.documentId,
        birthDate: p.person.birthDate,
      }),
    ),
    // `profile.created` per person.
    events: prepared.map((p) => ({
      ownerId: o.ownerId,
      type: 'profile.created' as const,
      data: profileEventData({
        id: p.id,
        country: p.person.country,
        documentId: p.person.documentId,
        status: p.status,
        createdAs: o.createdAs,
        pipelineId: o.pipelineId,
      }),
    })),
  };
}

/**
 * The one way persons are written, whichever path they come by (dashboard, client API, form, CSV
 * import), inside the caller's transaction: the profile rows with their status, their reports queued,
 * the plan's rules applied as enqueueReports does (types the plan locks refused with 403, reports that
 * will run charged to a free-plan owner and attributed to the actor, 402 when short: the caller's
 * transaction rolls back), one audit row and one `profile.created` webhook each. Publish events
 * ('credits.updated' too, with the returned change) and wake the workers after commit.
 *
 * Rows travel as one jsonb parameter expanded by jsonb_to_recordset: a thousand persons are one small
 * statement to parse and plan, not 16,000 bind parameters.
 */
export async function insertPersons(
  tx: Db,
  batch: PreparedPersons,
): Promise<{ created: { id: string; status: ProfileStatus }[]; credits: CreditChange | null }> {
  const { opts } = batch;
  if (batch.created.length === 0) return { created: [], credits: null };
  const plan = await ownerPlan(tx, opts.ownerId);
  assertReportsIncluded(plan, opts.reportTypes);
  await tx.execute(sql`
    insert into profile (${INSERT_PROFILES.columns})
    select ${INSERT_PROFILES.values}
    from jsonb_to_recordset(${batch.profilesJson}::jsonb) as x(${INSERT_PROFILES.recordset})`);
  const queued = await insertPlannedReports(tx, batch.reportsJson);
  // What will run is paid now; INCOMPLETE reports cost nothing until their inputs arrive (as in enqueueReports).
  const runs = queued.filter((r) => r.status === 'PENDING');
  const credits = await chargeReports(tx, opts.ownerId, plan, runs, opts.actor.userId);
  if (runs.length > 0) await notifyWorkers(tx);
  await tx.execute(sql`
    insert into audit_event (owner_id, actor_user_id, action, entity_type, entity_id, changes, ip)
    select owner_id, actor_user_id, 'profile.create', 'profile', entity_id, changes, ${storableIp(opts.actor.ip)}::inet
    from jsonb_to_recordset(${batch.auditJson}::jsonb) as x(owner_id uuid, actor_user_id uuid, entity_id text, changes jsonb)`);
  // `profile.created` per person (outbox, one statement; nothing when no endpoint listens).
  await emitWebhookEvents(tx, batch.events);
  await enrolIfOwnerMonitorsAll(tx, opts.ownerId, batch.monitoring, opts.actor.userId);
  return { created: batch.created, credits };
}
