import { and, arrayOverlaps, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { identityPictures, profiles, reports } from '../../db/schema/index.ts';
import {
  type CheckResult,
  hashBands,
  hashDistance,
  type Inspection,
  nameScore,
  normalizeDocumentNumber,
  notReusedCheck,
  SAME_PICTURE_BITS,
} from '../identity-check/index.ts';
import type { ReportSubject } from '../reports/provider.ts';

/**
 * The "not reused" lookup among the owner's other persons: the document number this check read, already
 * verified (PASSED or approved) for a person of another name; or one of these pictures (difference hash
 * within SAME_PICTURE_BITS) already sent for another person.
 */
export async function reuseCheck(
  db: Db,
  subject: ReportSubject,
  inspections: { front: Inspection; back: Inspection | null; selfie: Inspection; turned: Inspection | null },
): Promise<CheckResult> {
  const ownerId = subject.ownerId ?? '';
  const [reading] = [...inspections.front.readings, ...(inspections.back?.readings ?? [])];
  let numberUsedByOtherName = false;
  if (reading) {
    const number = normalizeDocumentNumber(reading.documentNumber);
    const others = await db
      .select({ name: profiles.name, findings: reports.findings, details: reports.details })
      .from(reports)
      .innerJoin(profiles, eq(profiles.id, reports.profileId))
      .where(
        and(
          eq(reports.ownerId, ownerId),
          eq(reports.type, 'identity_document'),
          eq(reports.status, 'COMPLETED'),
          ne(reports.profileId, subject.profileId),
          sql`${reports.details} -> 'identity' ->> 'documentNumber' = ${number}`,
        ),
      );
    numberUsedByOtherName = others.some((o) => o.findings.length === 0 && nameScore(o.name, subject.name) < 0.95);
  }
  const hashes = [inspections.front, inspections.selfie].map((i) => i.pictureHash);
  const pictureUsedByOtherPerson = await pictureUsedElsewhere(db, ownerId, subject.profileId, hashes);
  return notReusedCheck({ numberUsedByOtherName, pictureUsedByOtherPerson });
}

/**
 * Whether a document front or selfie of another person of the owner is within SAME_PICTURE_BITS of one of
 * `hashes`. Only pictures sharing one of the hashes' bands (GIN index on picture_bands) are read and
 * measured: two hashes that near share at least two of their eight bands.
 */
export async function pictureUsedElsewhere(
  db: Db,
  ownerId: string,
  profileId: string,
  hashes: readonly string[],
): Promise<boolean> {
  if (hashes.length === 0) return false;
  const stored = await db
    .select({ hash: identityPictures.pictureHash })
    .from(identityPictures)
    .where(
      and(
        eq(identityPictures.ownerId, ownerId),
        ne(identityPictures.profileId, profileId),
        isNotNull(identityPictures.pictureHash),
        inArray(identityPictures.kind, ['document_front', 'selfie']),
        arrayOverlaps(identityPictures.pictureBands, [...new Set(hashes.flatMap(hashBands))]),
      ),
    );
  return stored.some((s) => hashes.some((h) => hashDistance(h, s.hash!) <= SAME_PICTURE_BITS));
}
