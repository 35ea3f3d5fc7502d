import { and, desc, eq } from 'drizzle-orm';
import type { ReferenceCheck, TGetProfileResponse } from '@centinela/shared';
import type { Db } from '../../db/client.ts';
import { auditEvents, owners, profiles } from '../../db/schema/index.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { TenantScope } from '../../kernel/index.ts';
import { getProfileDetail } from '../profiles/repository.ts';
import { getReferenceCheck } from '../sol/service.ts';

/** Everything the PDF says about one person, read as the flyout reads it. */
export type ReportPdfData = {
  ownerId: string;
  ownerName: string;
  profile: TGetProfileResponse;
  /** When the manual review decided (the last `profile.review` in the audit trail), if it did. */
  decidedAt: Date | null;
  sol: ReferenceCheck | null;
};

async function solCheckOf(db: Db, scope: TenantScope, profile: TGetProfileResponse): Promise<ReferenceCheck | null> {
  const report = profile.reports.find((r) => r.type === 'employment_references');
  if (!report) return null;
  try {
    return await getReferenceCheck(db, scope, { reportId: report.id });
  } catch (error) {
    // A report whose check has not been created yet: no Sol section to write.
    if (error instanceof ApiError && error.statusCode === 404) return null;
    throw error;
  }
}

/** The person, their reports, the review and Sol's check; 404 for a person outside the caller's scope. */
export async function gatherReportPdf(
  db: Db,
  scope: TenantScope,
  id: string,
  now = new Date(),
): Promise<ReportPdfData> {
  const profile = await getProfileDetail(db, scope, id, now);
  const [owner] = await db
    .select({ id: owners.id, name: owners.name })
    .from(profiles)
    .innerJoin(owners, eq(owners.id, profiles.ownerId))
    .where(eq(profiles.id, id))
    .limit(1);
  if (!owner) throw new ApiError(404, 'not_found');
  const [review] = await db
    .select({ at: auditEvents.at })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.entityType, 'profile'),
        eq(auditEvents.entityId, id),
        eq(auditEvents.action, 'profile.review'),
      ),
    )
    .orderBy(desc(auditEvents.at))
    .limit(1);
  return {
    ownerId: owner.id,
    ownerName: owner.name,
    profile,
    decidedAt: review?.at ?? null,
    sol: await solCheckOf(db, scope, profile),
  };
}
