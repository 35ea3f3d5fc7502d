import type { TRerunReportResponse } from '@centinela/shared';
import { eq } from 'drizzle-orm';
import { reports } from '../../db/schema/index.ts';
import { rerunReport } from '../reports/index.ts';
import type { TenantScope, Actor, Deps } from '../../kernel/index.ts';
import { audit } from '../audit/record.ts';
import { toReportView } from './view.ts';

/**
 * Runs one report again from the start (the engine's `rerunReport`: 404 outside the scope, 409 while a
 * worker holds it), then audits, publishes and wakes the workers.
 */
export async function rerunProfileReport(
  { db, events, wake }: Deps,
  { scope, reportId, actor }: { scope: TenantScope; reportId: string; actor: Actor },
): Promise<TRerunReportResponse> {
  const { report, ownerId, profile } = await rerunReport(db, scope, reportId);
  await audit(db, actor, {
    ownerId,
    action: 'report.rerun',
    entityType: 'report',
    entityId: report.id,
    changes: { profileId: report.profileId, type: report.type },
  });
  events.publish('report.updated', ownerId, {
    profileId: report.profileId,
    reportId: report.id,
    status: report.status,
  });
  if (profile?.changed)
    events.publish('profile.updated', ownerId, { profileId: profile.profileId, status: profile.status });
  wake?.();
  const [row] = await db.select().from(reports).where(eq(reports.id, report.id));
  return toReportView(row!);
}
