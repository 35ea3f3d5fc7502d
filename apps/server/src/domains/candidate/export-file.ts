import type { Locale } from '@centinela/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { formSubmissions, owners, profiles } from '../../db/schema/index.ts';
import { getProfileDetail } from '../profiles/repository.ts';
import { issueReportPdf } from '../report-pdf/issue.ts';
import { requestsOf } from './requests.ts';

export type ExportFiles = { json: Buffer; pdf: Buffer };

/**
 * A copy of everything Centinela holds about one person, for the person: the record and its
 * reports with their findings (a right of access covers them, unlike the page), the consent given on the
 * form, and the requests made. The PDF is the verifiable report, issued and recorded like staff's.
 */
export async function renderExport(
  db: Db,
  { profileId, ownerId, locale, baseUrl }: { profileId: string; ownerId: string; locale: Locale; baseUrl: string },
  now = new Date(),
): Promise<ExportFiles> {
  const scope = { ownerId };
  const person = await getProfileDetail(db, scope, profileId, now);
  const [owner] = await db.select({ name: owners.name }).from(owners).where(eq(owners.id, ownerId));
  const [withdrawal] = await db
    .select({ at: profiles.consentWithdrawnAt })
    .from(profiles)
    .where(eq(profiles.id, profileId));
  const forms = await db
    .select({
      consentVersion: formSubmissions.consentVersion,
      consentedAt: formSubmissions.consentedAt,
      locale: formSubmissions.locale,
    })
    .from(formSubmissions)
    .where(and(eq(formSubmissions.profileId, profileId), eq(formSubmissions.ownerId, ownerId)));
  const copy = {
    generatedAt: now.toISOString(),
    controller: owner?.name ?? null,
    person,
    formConsents: forms.map((f) => ({ ...f, consentedAt: f.consentedAt.toISOString() })),
    consentWithdrawnAt: withdrawal?.at?.toISOString() ?? null,
    requests: await requestsOf(db, profileId, now),
  };
  const pdf = await issueReportPdf(
    db,
    { scope, actor: { userId: null, ip: null }, profileId, locale, timeZone: 'UTC', baseUrl },
    now,
  );
  return { json: Buffer.from(`${JSON.stringify(copy, null, 2)}\n`), pdf: Buffer.from(pdf.bytes) };
}
