import { reportStatusFromFindings, type Finding } from '@centinela/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { lockProfile, refreshProfileStatus } from '../reports/profile-status.ts';
import { currentLists } from './lists.ts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Once a list is current again (a new version, or the publisher confirming the one loaded), the notes
 * that its data was stale leave the watch-lists reports: the persons are monitored against every later
 * version, so "clean against data from <date>" no longer holds an old date. A note goes when the list's
 * age is within the allowance the note was written under; the reports' and persons' statuses are derived
 * again. Returns the reports changed.
 */
export async function clearStaleNotes(db: Db, sourceId: string, now = new Date()): Promise<number> {
  const list = (await currentLists(db, Number.MAX_SAFE_INTEGER, now)).find((l) => l.source === sourceId);
  if (!list || list.ageDays === null) return 0;
  const pattern = JSON.stringify([{ kind: 'list_data_stale', record: { source: sourceId } }]);
  const held = rowsOf<{ id: string; profile_id: string }>(
    await db.execute(sql`
      select id, profile_id from report
      where type = 'watchlists' and findings @> ${pattern}::jsonb
      order by profile_id`),
  );
  let changed = 0;
  for (const { id, profile_id: profileId } of held) {
    const done = await db.transaction(async (tx) => {
      const locked = await lockProfile(tx, profileId);
      if (!locked) return false;
      const [report] = rowsOf<{ findings: Finding[]; status: string }>(
        await tx.execute(sql`select findings, status from report where id = ${id} for update`),
      );
      if (!report) return false;
      const findings = report.findings.filter(
        (f) =>
          !(
            f.kind === 'list_data_stale' &&
            f.record.source === sourceId &&
            typeof f.record.maxAgeDays === 'number' &&
            list.ageDays! <= f.record.maxAgeDays
          ),
      );
      if (findings.length === report.findings.length) return false;
      // A report running again keeps its status: only an answered one is derived from its findings.
      const answered = ['COMPLETED', 'INFO', 'PENDING_MANUAL_REVIEW'].includes(report.status);
      const status = answered ? reportStatusFromFindings(findings, locked.confirmedHomonym) : report.status;
      await tx.execute(
        sql`update report set findings = ${JSON.stringify(findings)}::jsonb, status = ${status} where id = ${id}`,
      );
      await refreshProfileStatus(tx, profileId, locked);
      return true;
    });
    if (done) changed++;
  }
  return changed;
}
