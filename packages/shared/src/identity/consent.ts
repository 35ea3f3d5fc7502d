import { z } from 'zod';
import type { Locale } from '../enums.ts';
import type { Texts } from './texts.ts';

/** The separate consent to the face comparison (biometric data: LGPD art. 11, Ley 1581 art. 6, LFPDPPP art. 9). */
export const BIOMETRIC_CONSENT_TEXTS = {
  '2026-11': {
    en: 'I authorize {company} and its provider Centinela to compare my selfie with the photo on my identity document to confirm that I am its holder. The comparison is made by a computer; the measurements of my face are discarded right after it and only the result is kept. My pictures are kept only as long as {company} keeps my file and are deleted with it.',
    es: 'Autorizo a {company} y a su proveedor Centinela a comparar mi selfie con la foto de mi documento de identidad para confirmar que soy su titular. La comparación la hace un computador; las medidas de mi rostro se descartan justo después y solo se guarda el resultado. Mis fotos se guardan solo mientras {company} conserve mi expediente y se eliminan con él.',
    pt: 'Autorizo {company} e seu fornecedor Centinela a comparar minha selfie com a foto do meu documento de identidade para confirmar que sou o titular. A comparação é feita por computador; as medidas do meu rosto são descartadas logo depois e só o resultado é guardado. Minhas fotos ficam guardadas apenas enquanto {company} mantiver meu cadastro e são apagadas com ele.',
  },
} as const satisfies Record<string, Texts>;
export type BiometricConsentVersion = keyof typeof BIOMETRIC_CONSENT_TEXTS;
export const BIOMETRIC_CONSENT_VERSION: BiometricConsentVersion = '2026-11';
export const biometricConsentText = (version: BiometricConsentVersion, locale: Locale, company: string) =>
  BIOMETRIC_CONSENT_TEXTS[version][locale].replaceAll('{company}', company);
export const zBiometricConsentVersion = () =>
  z
    .enum(Object.keys(BIOMETRIC_CONSENT_TEXTS) as [BiometricConsentVersion, ...BiometricConsentVersion[]])
    .describe('The biometric consent text version the person accepted (BIOMETRIC_CONSENT_VERSION)');
