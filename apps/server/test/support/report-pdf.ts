import { createHash } from 'node:crypto';
import type { Db } from '../../src/db/client.ts';
import { reportPdfs } from '../../src/db/schema/index.ts';
import { newVerificationCode } from '../../src/domains/report-pdf/code.ts';
import { createProfile } from '../factories.ts';

/** An issued PDF report of a person of `ownerId`, as the route records one (the bytes are a stand-in). */
export async function createIssuedPdf(db: Db, ownerId: string) {
  const profile = await createProfile(db, ownerId);
  const [row] = await db
    .insert(reportPdfs)
    .values({
      code: newVerificationCode(),
      ownerId,
      ownerName: 'Owner S.A.',
      profileId: profile.id,
      language: 'es',
      sha256: createHash('sha256').update('%PDF-1.7').digest('hex'),
    })
    .returning();
  return row!;
}
