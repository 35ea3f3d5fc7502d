import type { TDeleteProfilesResponse } from '@centinela/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditEvents, idempotencyKeys, profiles, webhookDeliveries } from '../../db/schema/index.ts';
import { type TenantScope, requireOwner, type Actor, type Deps } from '../../kernel/index.ts';
import { audit } from '../audit/record.ts';
import { filesOf, type PersonFiles, type PurgeFiles } from './files.ts';
import { selectionCondition, type Selection } from './selection.ts';

/**
 * What a caller writes in the deleting transaction itself, so it commits (or not) with the deletion:
 * retention's running counts, which a crash can then neither lose nor count twice.
 */
export type WithinDelete = (tx: Db, deleted: { ids: string[]; files: PersonFiles }) => Promise<void>;

/**
 * Deletes the selection. Personal data goes with the rows: reports, reference checks, references, upload
 * records and the record of who saw the person (`profile_view`) cascade, and their files
 * (documents, call recordings) are removed once the rows are gone (`purge`); so do the client API's
 * stored answers that hold the person (Idempotency-Key) and the webhook deliveries about them (their
 * payloads carry the document number). The audit rows keep only ids and statuses, never the person's data.
 */
export async function deleteProfiles(
  { db, events, purge }: Deps & { purge?: PurgeFiles },
  {
    scope,
    selection,
    actor,
    within,
  }: { scope: TenantScope; selection: Selection; actor: Actor; within?: WithinDelete },
  now = new Date(),
): Promise<TDeleteProfilesResponse> {
  // "Everything matching" across every owner is too wide a blast radius: staff must name the owner.
  if (!('ids' in selection)) requireOwner(scope);
  let files: PersonFiles = { uploads: [], recordings: [] };
  const deleted = await db.transaction(async (tx) => {
    const where = await selectionCondition(tx, scope, selection, now);
    // Locked, so no upload or recording can be attached between this read and the delete.
    const doomed = await tx.select({ id: profiles.id }).from(profiles).where(where).for('update');
    files = await filesOf(
      tx,
      doomed.map((d) => d.id),
    );
    const rows = await tx
      .delete(profiles)
      .where(where)
      .returning({ id: profiles.id, ownerId: profiles.ownerId, status: profiles.status });
    // Earlier edits may have written free text about the person (observations…) into the trail: it goes too.
    const ids = rows.map((r) => r.id);
    if (ids.length > 0) {
      await tx
        .update(auditEvents)
        .set({ changes: null })
        .where(
          and(
            eq(auditEvents.entityType, 'profile'),
            eq(auditEvents.action, 'profile.update'),
            inArray(auditEvents.entityId, ids),
          ),
        );
      const ownerIds = [...new Set(rows.map((r) => r.ownerId))];
      await tx
        .delete(idempotencyKeys)
        .where(
          and(
            inArray(idempotencyKeys.ownerId, ownerIds),
            inArray(sql`${idempotencyKeys.responseBody} #>> '{profile,id}'`, ids),
          ),
        );
      await tx
        .delete(webhookDeliveries)
        .where(
          and(
            inArray(webhookDeliveries.ownerId, ownerIds),
            inArray(sql`(${webhookDeliveries.payload})::jsonb #>> '{data,profileId}'`, ids),
          ),
        );
    }
    await audit(
      tx,
      actor,
      ...rows.map((r) => ({
        ownerId: r.ownerId,
        action: 'profile.delete',
        entityType: 'profile',
        entityId: r.id,
        changes: { status: r.status, bulk: rows.length },
      })),
    );
    await within?.(tx, { ids, files });
    return rows;
  });
  // After the commit: a crash here leaves unreferenced files behind, never a person pointing at nothing.
  await purge?.(files);
  const byOwner = new Map<string, string[]>();
  for (const row of deleted) byOwner.set(row.ownerId, [...(byOwner.get(row.ownerId) ?? []), row.id]);
  for (const [ownerId, ids] of byOwner) events.publish('profiles.deleted', ownerId, { ids });
  return { deleted: deleted.length, ids: deleted.map((r) => r.id) };
}
