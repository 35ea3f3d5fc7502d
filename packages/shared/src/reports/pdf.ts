import { z } from 'zod';
import { LOCALES } from '../enums.ts';
import { zTimeZone } from '../metrics/schemas.ts';

/**
 * The verifiable PDF report: a person's background check as a PDF, each copy recorded under
 * a verification code whose public page tells who issued it, when, and its SHA-256 — and nothing else.
 */

/** Crockford's base32: no I, L, O or U, so a code read aloud or typed from paper is not misread. */
export const VERIFICATION_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** 16 characters of 5 bits: 80 random bits, typed in four groups of four. */
export const VERIFICATION_CODE_LENGTH = 16;

/**
 * A code as typed ("7k2m 9qxd-4htr-b8nw", "o" for zero, "l" for one) → its stored form ("7K2M9QXD4HTRB8NW");
 * null when it cannot be one.
 */
export function normalizeVerificationCode(input: string): string | null {
  const code = input.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (code.length !== VERIFICATION_CODE_LENGTH) return null;
  return [...code].every((c) => VERIFICATION_CODE_ALPHABET.includes(c)) ? code : null;
}

/** "7K2M9QXD4HTRB8NW" → "7K2M-9QXD-4HTR-B8NW", as printed on the PDF and shown on the page. */
export const formatVerificationCode = (code: string) => code.match(/.{1,4}/g)?.join('-') ?? code;

/** The public page a code leads to, in the PDF's language: `/verify/CODE`, `/es/verify/CODE`, `/pt/verify/CODE`. */
export const verificationPath = (code: string, locale: (typeof LOCALES)[number]) =>
  `${locale === 'en' ? '' : `/${locale}`}/verify/${formatVerificationCode(code)}`;

/** Where an API client fetches a person's PDF (the `report.completed` webhook links it). */
export const reportPdfPath = (profileId: string) => `/api/v1/profiles/${profileId}/report.pdf`;

/** GET /api/v1/profiles/:id/report.pdf — the words in `lang` (else the Accept-Language), times in `tz`. */
export const ZReportPdfQuery = z.strictObject({
  lang: z.enum(LOCALES).optional().describe("The PDF's language (default: the Accept-Language)"),
  tz: zTimeZone().optional().describe('IANA time zone of the times in the PDF (default UTC)'),
});
export type TReportPdfQuery = z.infer<typeof ZReportPdfQuery>;

const zSha256 = () =>
  z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/)
    .transform((s) => s.toLowerCase());

export const ZVerificationParams = z.strictObject({
  code: z.string().min(1).max(40).describe('The verification code printed on the PDF (dashes optional)'),
});
export type TVerificationParams = z.infer<typeof ZVerificationParams>;

/** What the public page shows about an issued PDF: who issued it, when, and its hash. Nothing about the person. */
export const ZReportPdfVerification = z.object({
  code: z.string().describe('The code, formatted as printed (four groups of four)'),
  ownerName: z.string().describe('The owner that issued the PDF'),
  issuedAt: z.iso.datetime({ offset: true }),
  sha256: z.string().describe('SHA-256 of the PDF as issued, lowercase hex'),
});
export type TReportPdfVerification = z.infer<typeof ZReportPdfVerification>;

/** POST /api/v1/verify/:code — does this file (by its SHA-256, e.g. `sha256sum report.pdf`) match? */
export const ZVerifyReportPdfRequest = z.strictObject({ sha256: zSha256() });
export type TVerifyReportPdfRequest = z.infer<typeof ZVerifyReportPdfRequest>;
export const ZVerifyReportPdfResponse = z.object({ matches: z.boolean() });
export type TVerifyReportPdfResponse = z.infer<typeof ZVerifyReportPdfResponse>;
