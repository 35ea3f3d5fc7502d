import {
  deriveProfileStatus,
  isReportAvailable,
  type ProfileStatus,
  type ReportStatus,
  type ReportType,
} from '@centinela/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { reports } from '../../db/schema/index.ts';
import type { ReportSubject } from './provider.ts';
import { checkInputs } from './subject.ts';

export type PlannedReport = {
  type: ReportType;
  status: ReportStatus;
  inputs: Record<string, string>;
  missingInputs: string[];
};

/**
 * The batch-friendly half of `enqueueReports` for persons being created right now (CSV import, and the
 * single create of profiles/create.ts): the
 * report rows they will get (PENDING, or INCOMPLETE with their missing inputs) and the status
 * `refreshProfileStatus` would derive from them, computed without a round trip, so the profile row can
 * be inserted with its final status. Same rules as enqueueReports (checkInputs, deriveProfileStatus).
 */
export function planReports(
  subject: Omit<ReportSubject, 'profileId'>,
  types: readonly ReportType[],
): { reports: PlannedReport[]; status: ProfileStatus } {
  const unavailable = types.filter((t) => !isReportAvailable(subject.country, t));
  if (unavailable.length > 0)
    throw new Error(`report types not offered in ${subject.country}: ${unavailable.join(', ')}`);
  const planned = [...new Set(types)].map((type): PlannedReport => {
    const { missing: inputs, values } = checkInputs({ ...subject, profileId: '' }, type);
    // A person being created has no pictures yet: an identity report waits for them (form, flyout, API).
    const missing: string[] = type === 'identity_document' ? [...inputs, 'identityPictures'] : inputs;
    return { type, status: missing.length > 0 ? 'INCOMPLETE' : 'PENDING', inputs: values, missingInputs: missing };
  });
  const status = deriveProfileStatus({
    precandidate: false,
    confirmedHomonym: false,
    reports: planned.map((r) => ({ ...r, findings: [] })),
    decision: null,
  });
  return { reports: planned, status };
}

/** The rows `insertPlannedReports` takes, serialised (prepared outside the transaction). */
export function plannedReportsJson(rows: readonly (PlannedReport & { ownerId: string; profileId: string })[]): string {
  return JSON.stringify(
    rows.map((r) => ({
      owner_id: r.ownerId,
      profile_id: r.profileId,
      type: r.type,
      status: r.status,
      inputs: r.inputs,
      missing: r.missingInputs,
    })),
  );
}

/**
 * Inserts planned reports of freshly inserted profiles in one statement (one jsonb parameter, however many
 * rows), inside the caller's transaction; idempotent on (profile, type) like enqueueReports. Wake the
 * workers after commit.
 */
export async function insertPlannedReports(
  tx: Db,
  json: string,
): Promise<{ id: string; type: ReportType; status: ReportStatus }[]> {
  if (json === '[]') return [];
  const result = (await tx.execute(sql`
    insert into ${reports} (owner_id, profile_id, type, status, inputs, missing_inputs)
    select owner_id, profile_id, type, status, inputs, array(select jsonb_array_elements_text(missing))
    from jsonb_to_recordset(${json}::jsonb) as x(owner_id uuid, profile_id uuid, type text, status report_status, inputs jsonb, missing jsonb)
    on conflict (profile_id, type) do nothing
    returning id, type, status`)) as unknown as { rows: { id: string; type: ReportType; status: ReportStatus }[] };
  return result.rows;
}
