import { z } from 'zod';
import type { Locale } from '../enums.ts';

/**
 * The consent text the candidate accepts; its version is stored with the consent. A new wording gets a
 * new version (the old one stays, so stored consents still say what was read).
 */
export const CONSENT_TEXTS = {
  '2026-11': {
    en: 'I authorize {company} and its provider Centinela to verify my identity and to consult public records (judicial, criminal, police and sanctions records, and news) about me for this hiring process. I confirm the information I give is true. I may ask for access to, correction or deletion of my data at any time.',
    es: 'Autorizo a {company} y a su proveedor Centinela a verificar mi identidad y a consultar registros públicos (judiciales, penales, policiales y de sanciones, y noticias) sobre mí para este proceso de selección. Confirmo que la información que entrego es verdadera. Puedo solicitar en cualquier momento el acceso, la corrección o la eliminación de mis datos.',
    pt: 'Autorizo {company} e seu fornecedor Centinela a verificar minha identidade e a consultar registros públicos (judiciais, criminais, policiais e de sanções, e notícias) sobre mim para este processo seletivo. Confirmo que as informações que forneço são verdadeiras. Posso solicitar a qualquer momento o acesso, a correção ou a exclusão dos meus dados.',
  },
} as const satisfies Record<string, Record<Locale, string>>;
export type ConsentVersion = keyof typeof CONSENT_TEXTS;
export const CONSENT_VERSION: ConsentVersion = '2026-11';

export const consentText = (version: ConsentVersion, locale: Locale, company: string) =>
  CONSENT_TEXTS[version][locale].replace('{company}', company);

/**
 * Consent attestation: a person created in the dashboard, by CSV or through the API carries the
 * word of whoever created it that the candidate consented, to which version of the text. Who and when are
 * the server's (the caller and its clock): any such field sent is dropped, never stored.
 */
export const ZConsentAttestation = z
  .object({
    attested: z.literal(true, { message: 'profiles.validation.consentAttestation' }),
    consentVersion: z
      .enum(Object.keys(CONSENT_TEXTS) as [ConsentVersion, ...ConsentVersion[]])
      .describe('The consent text version the candidate consented to (the current one: CONSENT_VERSION)'),
  })
  .describe('Attestation that the candidate consented to the background check');
export type TConsentAttestation = z.infer<typeof ZConsentAttestation>;

/** How a person's consent was obtained, as the person's view shows it: their form, or an attestation. */
export const ZPersonConsent = z.object({
  how: z.enum(['form', 'attested']),
  version: z.string().describe('The consent text version'),
  at: z.iso.datetime({ offset: true }),
  by: z.string().nullable().describe('Attested: the attesting user (username) or API key (its name); null for a form'),
  document: z
    .object({ id: z.uuid(), fileName: z.string() })
    .nullable()
    .describe("Attested: the signed consent document, one of the person's uploads; null for a form"),
});
export type TPersonConsent = z.infer<typeof ZPersonConsent>;

/** PUT /api/v1/profiles/:id/consent-document — one of the person's uploads as the signed consent, or null to detach it. */
export const ZSetConsentDocumentRequest = z.strictObject({
  uploadId: z.uuid().nullable().describe("One of the person's uploads; null detaches the document"),
});
export type TSetConsentDocumentRequest = z.infer<typeof ZSetConsentDocumentRequest>;
export const ZSetConsentDocumentResponse = z.object({ consent: ZPersonConsent });
