import type { WatchlistEnrolmentVia } from '@centinela/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { normalizeDocumentNumber } from './documents.ts';
import { sortedNameKey } from './names.ts';

/** What monitoring compares, for one person (kept on the enrolment, indexed). */
export type EnrolmentKeys = {
  profileId: string;
  ownerId: string;
  sortedKey: string;
  documentNumber: string | null;
  birthDate: string | null;
};

export function enrolmentKeys(p: {
  id: string;
  ownerId: string;
  name: string;
  documentId: string;
  birthDate: string | null;
}): EnrolmentKeys {
  const number = normalizeDocumentNumber(p.documentId);
  return {
    profileId: p.id,
    ownerId: p.ownerId,
    sortedKey: sortedNameKey(p.name),
    documentNumber: number.length >= 5 ? number : null,
    birthDate: p.birthDate,
  };
}

/**
 * Enrols persons in monitoring (idempotent: an enrolled person keeps how they were enrolled, their keys
 * follow their current name and document). One statement however many.
 */
export async function enrol(
  tx: Db,
  persons: readonly EnrolmentKeys[],
  via: WatchlistEnrolmentVia,
  by: string | null,
): Promise<number> {
  if (persons.length === 0) return 0;
  const rows = persons.map((p) => ({
    profile_id: p.profileId,
    owner_id: p.ownerId,
    sorted_key: p.sortedKey,
    document_number: p.documentNumber,
    birth_date: p.birthDate,
  }));
  const result = await tx.execute(sql`
    insert into watchlist_enrolment (profile_id, owner_id, via, sorted_key, document_number, birth_date, enrolled_by)
    select x.profile_id, x.owner_id, ${via}, x.sorted_key, x.document_number, x.birth_date, ${by}::uuid
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(profile_id uuid, owner_id uuid, sorted_key text, document_number text, birth_date text)
    where x.sorted_key <> ''
    on conflict (profile_id) do update set sorted_key = excluded.sorted_key, document_number = excluded.document_number, birth_date = excluded.birth_date`);
  return (
    (result as unknown as { rowCount?: number; affectedRows?: number }).rowCount ??
    (result as { affectedRows?: number }).affectedRows ??
    persons.length
  );
}

/**
 * New persons of an owner who monitors everyone are enrolled as they are created (profiles/insert-persons.ts
 * calls this in the same transaction); for other owners it writes nothing.
 */
export async function enrolIfOwnerMonitorsAll(
  tx: Db,
  ownerId: string,
  persons: readonly EnrolmentKeys[],
  by: string | null,
): Promise<void> {
  const result = await tx.execute(sql`select 1 from watchlist_setting where owner_id = ${ownerId} and monitor_all`);
  if ((result as unknown as { rows: unknown[] }).rows.length > 0) await enrol(tx, persons, 'owner', by);
}

/** A monitored person's name, document or birth date changed: monitoring compares the new ones (no-op when not enrolled). */
export async function refreshEnrolment(
  tx: Db,
  p: { id: string; ownerId: string; name: string; documentId: string; birthDate: string | null },
): Promise<void> {
  const keys = enrolmentKeys(p);
  await tx.execute(sql`
    update watchlist_enrolment set sorted_key = ${keys.sortedKey}, document_number = ${keys.documentNumber}, birth_date = ${keys.birthDate}
    where profile_id = ${p.id}`);
}
