import { randomUUID } from 'node:crypto';
import {
  csvRowToCandidate,
  type Country,
  type CsvDuplicateChoice,
  type CsvMapping,
  type CsvRowIssue,
  type CsvRowPlan,
  type TCandidateInput,
} from '@centinela/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { csvJobFailures, csvJobs } from '../../db/schema/index.ts';
import type { CreditChange } from '../credits/charge.ts';
import { insertPersons, preparePersons, type PreparedPersons } from '../profiles/insert-persons.ts';
import { personColumns } from '../profiles/new-person.ts';
import { candidateDocument, documentKey, existingPersons, type ExistingPerson } from './documents.ts';
import { cellsByHeader } from './inspect.ts';
import type { CsvRecord } from './read.ts';
import type { CsvJobRow } from './view.ts';

/** The runner no longer holds the job (its lease ran out and another runner took it): the batch must not commit. */
export class LeaseLost extends Error {}

export type RowOutcome = { line: number; candidate: TCandidateInput } | { line: number; issues: CsvRowIssue[] };

/** One row's fate, by the shared rules (the same schema as the single-person form). */
export function judgeRow(job: Pick<CsvJobRow, 'headers' | 'mapping'>, plan: CsvRowPlan, record: CsvRecord): RowOutcome {
  const cells = cellsByHeader(job.headers, record.cells);
  if (!cells) return { line: record.line, issues: [{ field: null, code: 'column_count' }] };
  const result = csvRowToCandidate(cells, job.mapping as CsvMapping, plan);
  return result.ok ? { line: record.line, candidate: result.input } : { line: record.line, issues: result.issues };
}

/**
 * How a run resolves duplicates. `seen` (the run's memory, in file order) holds the documents
 * of rows this run already made or updated a person for — batches still committing included, which the
 * database cannot show yet; `existing` the owner's persons found with the batch's documents just before
 * it was prepared. A run resumed after a crash starts with an empty `seen`: the batches before it are
 * committed, so `existing` finds their persons.
 */
export type Dedupe = {
  choice: CsvDuplicateChoice;
  seen: Map<string, string>;
  existing: Map<string, ExistingPerson>;
};

/**
 * What `update` writes on the existing person: the row's name, and its email, phone, birth date, city,
 * state and issue date when the row has them (a blank cell never erases). Document, country, status,
 * pipeline, reports and reviews stay as they are; no report is queued and nothing is charged.
 */
type PersonUpdate = {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  birth_date: string | null;
  city: string | null;
  state: string | null;
  inputs: Record<string, string>;
};

const UPDATED_FIELDS = ['name', 'email', 'phone', 'birth_date', 'city', 'state'] as const;

/** A batch judged and its persons prepared (CPU only): the runner prepares the next batch while one commits. */
export type PreparedBatch = {
  records: number;
  succeeded: number;
  failed: number;
  skipped: number;
  updated: number;
  candidates: PreparedPersons;
  failures: (typeof csvJobFailures.$inferInsert)[];
  /** One entry per person updated (rows of the batch on the same person merged, the later row's values last). */
  updates: PersonUpdate[];
  /** One per updating row: its audit row's changes. */
  updateAudits: { personId: string; changes: Record<string, unknown> }[];
};

export const judgeRows = (
  job: Pick<CsvJobRow, 'headers' | 'mapping'>,
  plan: CsvRowPlan,
  records: readonly CsvRecord[],
) => records.map((r) => judgeRow(job, plan, r));

type Good = Extract<RowOutcome, { candidate: unknown }>;

export function prepareBatch(
  job: CsvJobRow,
  plan: CsvRowPlan,
  records: readonly CsvRecord[],
  dedupe?: Dedupe,
): PreparedBatch {
  return prepareJudged(job, judgeRows(job, plan, records), dedupe);
}

export function prepareJudged(job: CsvJobRow, outcomes: readonly RowOutcome[], dedupe?: Dedupe): PreparedBatch {
  const good = outcomes.filter((o): o is Good => 'candidate' in o);
  const bad = outcomes.filter((o): o is Extract<RowOutcome, { issues: unknown }> => 'issues' in o);
  const creates: (Good & { id: string })[] = [];
  const updates = new Map<string, PersonUpdate>();
  const updateAudits: PreparedBatch['updateAudits'] = [];
  let skipped = 0;
  let updated = 0;
  for (const g of good) {
    if (!dedupe || dedupe.choice === 'create') {
      creates.push({ ...g, id: randomUUID() });
      continue;
    }
    const doc = candidateDocument(g.candidate);
    const key = documentKey(doc.documentType, doc.documentId);
    const target = dedupe.existing.get(key)?.id ?? dedupe.seen.get(key);
    if (target === undefined) {
      const id = randomUUID();
      dedupe.seen.set(key, id);
      creates.push({ ...g, id });
    } else if (dedupe.choice === 'skip') {
      skipped++;
    } else {
      updated++;
      const p = personColumns(g.candidate);
      const row: PersonUpdate = {
        id: target,
        name: p.name,
        email: p.email,
        phone: p.phone,
        birth_date: p.birthDate,
        city: p.city,
        state: p.state,
        inputs: p.inputs,
      };
      const before = updates.get(target);
      updates.set(
        target,
        before
          ? {
              ...before,
              ...Object.fromEntries(Object.entries(row).filter(([, v]) => v !== null)),
              inputs: { ...before.inputs, ...row.inputs },
            }
          : row,
      );
      updateAudits.push({
        personId: target,
        changes: {
          updatedAs: 'csv',
          csvJobId: job.id,
          line: g.line,
          fields: [...UPDATED_FIELDS.filter((f) => row[f] !== null), ...Object.keys(row.inputs)],
        },
      });
    }
  }
  const candidates = preparePersons({
    ownerId: job.ownerId,
    actor: { userId: job.createdBy as string, ip: null },
    createdAs: 'csv',
    pipelineId: job.pipelineId,
    reportTypes: job.reportTypes,
    persons: creates.map((g) => g.candidate),
    ids: creates.map((g) => g.id),
    audit: creates.map((g) => ({ csvJobId: job.id, line: g.line })),
    // The start's one attestation covers every person of the file.
    attestation:
      job.consentAttestedAt && job.consentVersion
        ? { at: job.consentAttestedAt, userId: job.consentAttestedBy, apiKeyId: null, version: job.consentVersion }
        : null,
  });
  const failures = bad.flatMap((b) =>
    b.issues.map((issue, seq) => ({ jobId: job.id, line: b.line, seq, field: issue.field, code: issue.code })),
  );
  return {
    records: outcomes.length,
    succeeded: creates.length,
    failed: bad.length,
    skipped,
    updated,
    candidates,
    failures,
    updates: [...updates.values()],
    updateAudits,
  };
}

/** The owner's persons holding the documents of a batch's valid rows (none to look up when duplicates are created anyway). */
export async function batchExisting(
  db: Db,
  job: Pick<CsvJobRow, 'ownerId' | 'country' | 'duplicates'>,
  outcomes: readonly RowOutcome[],
): Promise<Map<string, ExistingPerson>> {
  if (job.duplicates === 'create') return new Map();
  const documents = outcomes.filter((o): o is Good => 'candidate' in o).map((g) => candidateDocument(g.candidate));
  return existingPersons(db, job.ownerId, job.country as Country, documents);
}

/** Writes a batch's updates of existing persons (only the owner's) and their audit rows. */
async function updatePersons(tx: Db, job: CsvJobRow, batch: PreparedBatch) {
  if (batch.updates.length === 0) return;
  await tx.execute(sql`
    update profile p set
      name = x.name,
      email = coalesce(x.email, p.email),
      phone = coalesce(x.phone, p.phone),
      birth_date = coalesce(x.birth_date, p.birth_date),
      city_locode = case when x.city is null or x.city = p.city then p.city_locode else null end,
      city = coalesce(x.city, p.city),
      state = coalesce(x.state, p.state),
      inputs = p.inputs || x.inputs,
      updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(batch.updates)}::jsonb)
      as x(id uuid, name text, email text, phone text, birth_date date, city text, state text, inputs jsonb)
    where p.id = x.id and p.owner_id = ${job.ownerId}`);
  const audits = batch.updateAudits.map((a) => ({ entity_id: a.personId, changes: a.changes }));
  await tx.execute(sql`
    insert into audit_event (owner_id, actor_user_id, action, entity_type, entity_id, changes)
    select ${job.ownerId}, ${job.createdBy}, 'profile.update', 'profile', entity_id, changes
    from jsonb_to_recordset(${JSON.stringify(audits)}::jsonb) as x(entity_id text, changes jsonb)`);
}

/**
 * Commits one batch: the valid rows become persons (reports queued), the others failure rows, and the
 * job's resume point moves past the batch — all in one transaction, guarded by the lease and by the
 * resume point the batch started from. A crash before commit leaves nothing; after it, nothing is
 * redone: a file line becomes a person at most once.
 *
 * With `after` (the previous batch's commit), the rows are written while that batch still commits, and
 * only then is the job row locked and the resume point checked: two batches use the database at once,
 * yet they commit in file order, and a batch whose predecessor failed rolls back.
 */
export async function commitBatch(
  db: Db,
  job: CsvJobRow,
  opts: {
    runnerId: string;
    leaseMs: number;
    fromRow: number;
    after?: Promise<unknown>;
    beforeCommit?: () => void | Promise<void>;
  } & ({ batch: PreparedBatch } | { records: CsvRecord[]; plan: CsvRowPlan }),
): Promise<{ job: CsvJobRow; credits: CreditChange | null }> {
  const batch =
    'batch' in opts
      ? opts.batch
      : prepareBatch(job, opts.plan, opts.records, {
          choice: job.duplicates,
          seen: new Map(),
          existing: await batchExisting(db, job, judgeRows(job, opts.plan, opts.records)),
        });
  return db.transaction(async (tx) => {
    const { credits } = await insertPersons(tx, batch.candidates);
    if (batch.failures.length > 0) await tx.insert(csvJobFailures).values(batch.failures);
    await opts.after;
    // The job row serialises the batches of one job and refuses a stale runner, or a batch already committed.
    // FOR NO KEY UPDATE, not FOR UPDATE: the next batch's failure rows hold a key-share lock on this row
    // (their foreign key) while that batch waits for this one, and FOR UPDATE would wait for it in turn.
    const [held] = await tx
      .select({ id: csvJobs.id })
      .from(csvJobs)
      .where(and(eq(csvJobs.id, job.id), eq(csvJobs.lockedBy, opts.runnerId), eq(csvJobs.committedRows, opts.fromRow)))
      .for('no key update');
    if (!held) throw new LeaseLost(`csv job ${job.id}: lease lost or batch already committed`);
    // After the batch before it committed: a person it created is visible to this batch's updates.
    await updatePersons(tx, job, batch);
    await opts.beforeCommit?.();
    const [row] = await tx
      .update(csvJobs)
      .set({
        committedRows: opts.fromRow + batch.records,
        processed: sql`${csvJobs.processed} + ${batch.records}`,
        succeeded: sql`${csvJobs.succeeded} + ${batch.succeeded}`,
        failed: sql`${csvJobs.failed} + ${batch.failed}`,
        skipped: sql`${csvJobs.skipped} + ${batch.skipped}`,
        updated: sql`${csvJobs.updated} + ${batch.updated}`,
        lockedUntil: sql`now() + ${`${opts.leaseMs} milliseconds`}::interval`,
      })
      .where(eq(csvJobs.id, job.id))
      .returning();
    return { job: row!, credits };
  });
}
