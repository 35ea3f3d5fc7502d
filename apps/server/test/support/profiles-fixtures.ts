import type { ReportStatus, ReportType } from '@centinela/shared';
import type { Db } from '../../src/db/client.ts';
import { pipelines, reports } from '../../src/db/schema/index.ts';
import { createProfile } from '../factories.ts';

/** A pipeline of `ownerId` (Colombia, two reports unless told otherwise). */
export async function createPipeline(db: Db, ownerId: string, overrides: Partial<typeof pipelines.$inferInsert> = {}) {
  const [row] = await db
    .insert(pipelines)
    .values({ ownerId, name: 'Basic', country: 'co', reportTypes: ['criminal_records', 'news_search'], ...overrides })
    .returning();
  return row!;
}

/** A report on a profile of `ownerId` (a new profile unless `profileId` is given); COMPLETED by default. */
export async function createReport(
  db: Db,
  ownerId: string,
  opts: {
    profileId?: string;
    type?: ReportType;
    status?: ReportStatus;
    findings?: (typeof reports.$inferInsert)['findings'];
    lastError?: string | null;
    missingInputs?: string[];
  } = {},
) {
  const profileId = opts.profileId ?? (await createProfile(db, ownerId)).id;
  const [row] = await db
    .insert(reports)
    .values({
      ownerId,
      profileId,
      type: opts.type ?? 'criminal_records',
      status: opts.status ?? 'COMPLETED',
      findings: opts.findings ?? [],
      lastError: opts.lastError ?? null,
      missingInputs: opts.missingInputs ?? [],
    })
    .returning();
  return row!;
}
