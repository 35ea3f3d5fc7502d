import { createHash } from 'node:crypto';
import { verificationPath, type Locale } from '@centinela/shared';
import type { Db } from '../../db/client.ts';
import { reportPdfs } from '../../db/schema/index.ts';
import type { Actor, TenantScope } from '../../kernel/index.ts';
import { audit } from '../audit/record.ts';
import { newVerificationCode } from './code.ts';
import { gatherReportPdf } from './gather.ts';
import { renderReportPdf } from './render.ts';

export type IssueRequest = {
  scope: TenantScope;
  actor: Actor;
  profileId: string;
  locale: Locale;
  timeZone: string;
  /** The site's public address, without a trailing slash: the QR code leads to `<baseUrl>/verify/<code>`. */
  baseUrl: string;
};

export type IssuedPdf = { bytes: Uint8Array; fileName: string; code: string; sha256: string };

/** "report-1020304050-2026-11-26.pdf": ASCII only, so every browser keeps it as written. */
function fileNameOf(documentId: string, issuedAt: Date): string {
  const id = documentId.replace(/[^A-Za-z0-9-]/g, '').slice(0, 40) || 'person';
  return `report-${id}-${issuedAt.toISOString().slice(0, 10)}.pdf`;
}

/**
 * Issues one PDF report of a person: renders it with a new verification code, then records the
 * code with the SHA-256 of the exact bytes sent, the issuing owner and the time — what the public
 * verification page shows — and audits the issue (which person, which code), in one transaction.
 */
export async function issueReportPdf(db: Db, request: IssueRequest, now = new Date()): Promise<IssuedPdf> {
  const data = await gatherReportPdf(db, request.scope, request.profileId, now);
  const code = newVerificationCode();
  const bytes = await renderReportPdf(data, {
    locale: request.locale,
    timeZone: request.timeZone,
    issuedAt: now,
    code,
    verificationUrl: `${request.baseUrl}${verificationPath(code, request.locale)}`,
  });
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  await db.transaction(async (tx) => {
    await tx.insert(reportPdfs).values({
      code,
      ownerId: data.ownerId,
      ownerName: data.ownerName,
      profileId: data.profile.id,
      language: request.locale,
      sha256,
      issuedAt: now,
    });
    await audit(tx, request.actor, {
      ownerId: data.ownerId,
      action: 'profile.report_pdf',
      entityType: 'profile',
      entityId: data.profile.id,
      changes: { code, language: request.locale, sha256 },
    });
  });
  return { bytes, fileName: fileNameOf(data.profile.documentId, now), code, sha256 };
}
