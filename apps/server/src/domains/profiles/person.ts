import { eq } from 'drizzle-orm';
import {
  normalizeDocumentId,
  toE164Phone,
  type TUpdatePersonRequest,
  type TUpdatePersonResponse,
} from '@centinela/shared';
import { profiles } from '../../db/schema/index.ts';
import { ApiError, type ApiIssue } from '../../lib/api-error.ts';
import { requeueIncompleteReports } from '../reports/enqueue.ts';
import { lockProfile } from '../reports/profile-status.ts';
import { subjectOf } from '../reports/subject.ts';
import type { TenantScope, Actor, Deps } from '../../kernel/index.ts';
import { audit } from '../audit/record.ts';
import { refreshEnrolment } from '../watchlists/enrol.ts';
import { getProfile, profileDetail } from './repository.ts';

/** A change the schema cannot judge alone (it depends on the stored person): answered as a 400 with the field. */
export class PersonEditError extends ApiError {
  declare readonly issues: ApiIssue[];

  constructor(issues: ApiIssue[]) {
    super(400, 'validation_failed', {}, issues);
  }
}

const COLUMNS = ['name', 'documentType', 'email', 'phone', 'birthDate', 'state', 'city', 'cityLocode'] as const;

/**
 * Edits the person's own fields (SPEC §3), stored as on create (document normalised, phone E.164, email
 * lower-case; the issue date among the extra inputs). In the same transaction, INCOMPLETE reports whose
 * missing inputs are now present are queued again, and the status is derived again. Reports already run
 * keep their results and the inputs they were run with (re-run one to use the new values).
 */
export async function updatePerson(
  { db, events, wake }: Deps,
  { scope, id, input, actor }: { scope: TenantScope; id: string; input: TUpdatePersonRequest; actor: Actor },
): Promise<TUpdatePersonResponse> {
  const result = await db.transaction(async (tx) => {
    const current = await getProfile(tx, scope, id);
    // Profile lock first, like the workers and re-runs: one lock order, no deadlock.
    await lockProfile(tx, current.id);
    const changes: Partial<typeof profiles.$inferInsert> = {};
    for (const key of COLUMNS) if (input[key] !== undefined) Object.assign(changes, { [key]: input[key] });
    if (input.email) changes.email = input.email.toLowerCase();
    if (input.phone) changes.phone = toE164Phone(input.phone);
    const documentType = input.documentType ?? current.documentType;
    if (input.documentId !== undefined)
      changes.documentId = normalizeDocumentId(current.country, documentType, input.documentId);
    if (input.issueDate !== undefined) {
      const { issueDate: _old, ...rest } = current.inputs;
      changes.inputs = input.issueDate === null ? rest : { ...rest, issueDate: input.issueDate };
    }
    const email = changes.email === undefined ? current.email : changes.email;
    const phone = changes.phone === undefined ? current.phone : changes.phone;
    // SPEC §5: a pre-candidate must stay reachable.
    if (current.status === 'PRECANDIDATE' && !email && !phone) {
      throw new PersonEditError([{ path: 'body.email', code: 'custom', key: 'profiles.validation.emailOrPhone' }]);
    }
    const [row] = await tx.update(profiles).set(changes).where(eq(profiles.id, current.id)).returning();
    await refreshEnrolment(tx, row!);
    const { requeued, credits } = await requeueIncompleteReports(tx, {
      ownerId: row!.ownerId,
      subject: subjectOf(row!),
      actorUserId: actor.userId,
    });
    // Which fields changed, not their values: the trail keeps no more personal data than it needs.
    await audit(tx, actor, {
      ownerId: row!.ownerId,
      action: 'profile.person.update',
      entityType: 'profile',
      entityId: row!.id,
      changes: {
        fields: Object.keys(input).filter((k) => input[k as keyof TUpdatePersonRequest] !== undefined),
        requeued: requeued.map((r) => r.type),
      },
    });
    const [latest] = await tx.select().from(profiles).where(eq(profiles.id, current.id));
    return { row: latest!, requeued, credits };
  });
  if (result.requeued.length > 0) wake?.();
  if (result.credits)
    events.publish('credits.updated', result.row.ownerId, { creditsAvailable: result.credits.creditsAvailable });
  for (const r of result.requeued)
    events.publish('report.updated', result.row.ownerId, { profileId: r.profileId, reportId: r.id, status: r.status });
  events.publish('profile.updated', result.row.ownerId, { profileId: result.row.id, status: result.row.status });
  return { profile: await profileDetail(db, result.row), requeued: result.requeued.map((r) => r.type) };
}
