import { and, eq } from 'drizzle-orm';
import {
  IDENTITY_CHECK_TEXTS,
  identityReasonText,
  type Locale,
  type TIdentityCheck,
  type TIdentityReport,
} from '@centinela/shared';
import type { Db } from '../../db/client.ts';
import { identityPictures, profiles, reports } from '../../db/schema/index.ts';
import { ApiError } from '../../lib/api-error.ts';
import { ownedBy, type TenantScope } from '../../kernel/index.ts';
import type { CheckResult } from '../identity-check/index.ts';
import { currentPictures, toPicture } from './pictures.ts';
import type { StoredIdentity } from './provider.ts';

const shown = (c: CheckResult, locale: Locale): TIdentityCheck => ({
  check: c.check,
  outcome: c.outcome,
  reason: c.reason,
  score: c.score ?? null,
  label: IDENTITY_CHECK_TEXTS[c.check][locale],
  message: identityReasonText(c.reason, locale),
});

/** GET /api/v1/profiles/:id/identity: the person's identity report with its checks in the caller's language. */
export async function identityReportOf(
  db: Db,
  scope: TenantScope,
  profileId: string,
  locale: Locale,
): Promise<TIdentityReport> {
  const [profile] = await db
    .select()
    .from(profiles)
    .where(and(ownedBy(scope, profiles.ownerId), eq(profiles.id, profileId)));
  if (!profile) throw new ApiError(404, 'not_found');
  const [report] = await db
    .select()
    .from(reports)
    .where(and(eq(reports.profileId, profileId), eq(reports.type, 'identity_document')));
  const identity = (report?.details?.identity ?? null) as StoredIdentity | null;
  const pictures = await currentPictures(db, profileId);
  return {
    profileId,
    reportId: report?.id ?? null,
    status: report?.status ?? null,
    verdict: identity?.verdict ?? null,
    checks: (identity?.checks ?? []).map((c) => shown(c, locale)),
    reasons: (identity?.reasons ?? []).map((c) => shown(c, locale)),
    readings: identity?.readings ?? [],
    faceDistance: identity?.faceDistance ?? null,
    person: {
      name: profile.name,
      documentId: profile.documentId,
      birthDate: profile.birthDate,
      country: profile.country,
    },
    pictures: pictures.map((p) => toPicture(p, locale)),
    review: identity?.review ?? null,
    completedAt: report?.completedAt?.toISOString() ?? null,
  };
}

/** One picture's bytes for a reviewer of the same owner (404 for anyone else). */
export async function pictureOf(
  db: Db,
  scope: TenantScope,
  profileId: string,
  pictureId: string,
): Promise<{ storageKey: string; contentType: string; ownerId: string }> {
  const [row] = await db
    .select({
      storageKey: identityPictures.storageKey,
      contentType: identityPictures.contentType,
      ownerId: identityPictures.ownerId,
    })
    .from(identityPictures)
    .where(
      and(
        ownedBy(scope, identityPictures.ownerId),
        eq(identityPictures.profileId, profileId),
        eq(identityPictures.id, pictureId),
      ),
    );
  if (!row) throw new ApiError(404, 'not_found');
  return row;
}
