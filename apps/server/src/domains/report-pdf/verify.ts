import { eq } from 'drizzle-orm';
import {
  formatVerificationCode,
  normalizeVerificationCode,
  type TReportPdfVerification,
  type TVerifyReportPdfResponse,
} from '@centinela/shared';
import type { Db } from '../../db/client.ts';
import { reportPdfs } from '../../db/schema/index.ts';
import { ApiError } from '../../lib/api-error.ts';

/**
 * What anyone holding a PDF may learn from its code: who issued it, when, and the SHA-256 of
 * what was issued. Nothing about the person. An unknown or malformed code is a plain 404.
 */
export async function verificationOf(db: Db, rawCode: string): Promise<TReportPdfVerification> {
  const code = normalizeVerificationCode(rawCode);
  if (!code) throw new ApiError(404, 'not_found');
  const [row] = await db
    .select({ ownerName: reportPdfs.ownerName, issuedAt: reportPdfs.issuedAt, sha256: reportPdfs.sha256 })
    .from(reportPdfs)
    .where(eq(reportPdfs.code, code))
    .limit(1);
  if (!row) throw new ApiError(404, 'not_found');
  return {
    code: formatVerificationCode(code),
    ownerName: row.ownerName,
    issuedAt: row.issuedAt.toISOString(),
    sha256: row.sha256,
  };
}

/** Whether a file (by its SHA-256, lowercase hex) is the PDF issued under this code, byte for byte. */
export async function verifyReportPdf(db: Db, rawCode: string, sha256: string): Promise<TVerifyReportPdfResponse> {
  const issued = await verificationOf(db, rawCode);
  return { matches: issued.sha256 === sha256.toLowerCase() };
}
