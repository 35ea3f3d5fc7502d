import { z } from 'zod';
import { LOCALES, type Locale, REPORT_STATUSES } from '../enums.ts';

/**
 * The identity document report (docs/identity-verification.md, "Product wiring"): the pictures a
 * candidate, a staff member or a client system sends, the quick check the form runs on each, the checks
 * the job runs on them all, and a reviewer's decision. Reason codes are the engine's; their texts live
 * here, once, in en, es and pt, so the API and the dashboard say the same.
 */

export const IDENTITY_REPORT_TYPE = 'identity_document' as const;

/** The pictures of one check: the document's two sides, a selfie, and the selfie with the head turned (liveness). */
export const IDENTITY_PICTURE_KINDS = ['document_front', 'document_back', 'selfie', 'turned_selfie'] as const;
export type IdentityPictureKind = (typeof IDENTITY_PICTURE_KINDS)[number];
/** Without these two a check cannot run (a passport has no back; the liveness selfie is asked for by the form). */
export const IDENTITY_REQUIRED_KINDS: readonly IdentityPictureKind[] = ['document_front', 'selfie'];

export const HEAD_TURNS = ['left', 'right'] as const;
export type HeadTurnSide = (typeof HEAD_TURNS)[number];

/** After this many failed quick checks of one picture the form may send it anyway; the report then goes to review. */
export const IDENTITY_MAX_TRIES = 3;

/** One picture may weigh at most this (a phone's photo is 2–6 MB); the engine refuses more than 40 MP besides. */
export const IDENTITY_PICTURE_MAX_BYTES = 12 * 1024 * 1024;

/** The owner's minimum age when it has not set one. */
export const DEFAULT_IDENTITY_MINIMUM_AGE = 18;

export const IDENTITY_CHECK_NAMES = [
  'readable',
  'valid',
  'consistent',
  'document_number',
  'name',
  'name_legible',
  'birth_date',
  'sex',
  'country',
  'age',
  'not_reused',
  'face',
  'liveness',
] as const;
export type IdentityCheckName = (typeof IDENTITY_CHECK_NAMES)[number];
export const IDENTITY_CHECK_OUTCOMES = ['passed', 'failed', 'review'] as const;
export type IdentityCheckOutcome = (typeof IDENTITY_CHECK_OUTCOMES)[number];

export const QUICK_PROBLEMS = [
  'too_blurry',
  'too_dark',
  'too_bright',
  'code_unreadable',
  'no_face',
  'several_faces',
  'face_too_small',
] as const;
export type QuickProblemCode = (typeof QUICK_PROBLEMS)[number];

export const IDENTITY_VERDICTS = ['PASSED', 'FAILED', 'PENDING_MANUAL_REVIEW'] as const;

// ---------------------------------------------------------------- texts

type Texts = Record<Locale, string>;

/** What the candidate is told to do about a quick check's problem. */
export const QUICK_PROBLEM_TEXTS: Record<QuickProblemCode, Texts> = {
  too_blurry: {
    en: 'The picture is blurry: hold the phone still and let it focus.',
    es: 'La foto está borrosa: sostenga el teléfono quieto y deje que enfoque.',
    pt: 'A foto está desfocada: segure o celular parado e deixe-o focar.',
  },
  too_dark: {
    en: 'The picture is too dark: move to a brighter place.',
    es: 'La foto está muy oscura: busque un lugar con más luz.',
    pt: 'A foto está escura demais: procure um lugar mais iluminado.',
  },
  too_bright: {
    en: 'The picture is too bright: avoid the glare and direct light.',
    es: 'La foto tiene demasiada luz: evite los reflejos y la luz directa.',
    pt: 'A foto está clara demais: evite reflexos e luz direta.',
  },
  code_unreadable: {
    en: 'The code on the document cannot be read: hold the phone closer and avoid the glare.',
    es: 'No se puede leer el código del documento: acerque el teléfono y evite los reflejos.',
    pt: 'Não foi possível ler o código do documento: aproxime o celular e evite reflexos.',
  },
  no_face: {
    en: 'No face can be seen: make sure your face (or the document’s photo) is in the picture.',
    es: 'No se ve ningún rostro: asegúrese de que su cara (o la foto del documento) salga en la imagen.',
    pt: 'Nenhum rosto aparece: verifique se o seu rosto (ou a foto do documento) está na imagem.',
  },
  several_faces: {
    en: 'More than one face can be seen: only you should be in the picture.',
    es: 'Se ve más de un rostro: solo usted debe aparecer en la foto.',
    pt: 'Aparece mais de um rosto: só você deve estar na foto.',
  },
  face_too_small: {
    en: 'Your face is too small: hold the phone closer.',
    es: 'Su cara se ve muy pequeña: acerque el teléfono.',
    pt: 'Seu rosto está pequeno demais: aproxime o celular.',
  },
};

export const IDENTITY_CHECK_TEXTS: Record<IdentityCheckName, Texts> = {
  readable: { en: 'Readable', es: 'Legible', pt: 'Legível' },
  valid: { en: 'Valid document', es: 'Documento válido', pt: 'Documento válido' },
  consistent: { en: 'Consistent readings', es: 'Lecturas coherentes', pt: 'Leituras coerentes' },
  document_number: { en: 'Document number', es: 'Número de documento', pt: 'Número do documento' },
  name: { en: 'Name', es: 'Nombre', pt: 'Nome' },
  name_legible: { en: 'Name legible', es: 'Nombre legible', pt: 'Nome legível' },
  birth_date: { en: 'Date of birth', es: 'Fecha de nacimiento', pt: 'Data de nascimento' },
  sex: { en: 'Sex', es: 'Sexo', pt: 'Sexo' },
  country: { en: 'Country', es: 'País', pt: 'País' },
  age: { en: 'Age', es: 'Edad', pt: 'Idade' },
  not_reused: { en: 'Not reused', es: 'No reutilizado', pt: 'Não reutilizado' },
  face: { en: 'Face', es: 'Rostro', pt: 'Rosto' },
  liveness: { en: 'Liveness', es: 'Prueba de vida', pt: 'Prova de vida' },
};

/** Every reason code the checks give (the engine's, and the wiring's own), with its text. */
export const IDENTITY_REASON_TEXTS: Record<string, Texts> = {
  pdf417: { en: 'Barcode read', es: 'Código de barras leído', pt: 'Código de barras lido' },
  qr: { en: 'QR code read', es: 'Código QR leído', pt: 'Código QR lido' },
  mrz: { en: 'Machine-readable zone read', es: 'Zona de lectura mecánica leída', pt: 'Zona de leitura mecânica lida' },
  no_code_or_mrz_found: {
    en: 'Neither a code nor a machine-readable zone was found',
    es: 'No se encontró ni un código ni una zona de lectura mecánica',
    pt: 'Não foi encontrado código nem zona de leitura mecânica',
  },
  check_digit: {
    en: 'A check digit does not match',
    es: 'Un dígito de control no coincide',
    pt: 'Um dígito verificador não confere',
  },
  birth_date_not_a_date: {
    en: 'The date of birth is not a real date',
    es: 'La fecha de nacimiento no es una fecha real',
    pt: 'A data de nascimento não é uma data real',
  },
  birth_date_in_future: {
    en: 'The date of birth is in the future',
    es: 'La fecha de nacimiento está en el futuro',
    pt: 'A data de nascimento está no futuro',
  },
  document_number_format: {
    en: 'The document number does not have the document’s format',
    es: 'El número no tiene el formato del documento',
    pt: 'O número não tem o formato do documento',
  },
  expiry_not_a_date: {
    en: 'The expiry date is not a real date',
    es: 'La fecha de vencimiento no es una fecha real',
    pt: 'A data de validade não é uma data real',
  },
  expired: { en: 'The document has expired', es: 'El documento está vencido', pt: 'O documento está vencido' },
  check_digits_and_dates: {
    en: 'Check digits and dates are valid',
    es: 'Dígitos de control y fechas válidos',
    pt: 'Dígitos verificadores e datas válidos',
  },
  dates: { en: 'Dates are valid', es: 'Fechas válidas', pt: 'Datas válidas' },
  document_number_differs: {
    en: 'The two readings give different numbers',
    es: 'Las dos lecturas dan números distintos',
    pt: 'As duas leituras dão números diferentes',
  },
  birth_date_differs: {
    en: 'The two readings give different dates of birth',
    es: 'Las dos lecturas dan fechas de nacimiento distintas',
    pt: 'As duas leituras dão datas de nascimento diferentes',
  },
  names_differ: {
    en: 'The two readings give different names',
    es: 'Las dos lecturas dan nombres distintos',
    pt: 'As duas leituras dão nomes diferentes',
  },
  readings_agree: { en: 'The readings agree', es: 'Las lecturas coinciden', pt: 'As leituras coincidem' },
  equal: { en: 'Matches the person', es: 'Coincide con la persona', pt: 'Confere com a pessoa' },
  different: {
    en: 'Does not match the person',
    es: 'No coincide con la persona',
    pt: 'Não confere com a pessoa',
  },
  unreadable: { en: 'Could not be read', es: 'No se pudo leer', pt: 'Não foi possível ler' },
  unknown_country: { en: 'Unknown country', es: 'País desconocido', pt: 'País desconhecido' },
  match: { en: 'Matches', es: 'Coincide', pt: 'Confere' },
  partial: { en: 'Matches only in part', es: 'Coincide solo en parte', pt: 'Confere só em parte' },
  name_clear: {
    en: 'Every letter of the name was read with confidence',
    es: 'Cada letra del nombre se leyó con seguridad',
    pt: 'Cada letra do nome foi lida com segurança',
  },
  name_uncertain: {
    en: 'Part of the name may be misread (names have no check digit): compare “{detail}” with the picture',
    es: 'Parte del nombre puede estar mal leída (los nombres no tienen dígito de control): compare «{detail}» con la foto',
    pt: 'Parte do nome pode ter sido mal lida (nomes não têm dígito verificador): compare “{detail}” com a foto',
  },
  name_unmeasured: {
    en: 'The name could not be read letter by letter: compare it with the picture',
    es: 'No se pudo leer el nombre letra por letra: compárelo con la foto',
    pt: 'Não foi possível ler o nome letra por letra: compare-o com a foto',
  },
  adult: { en: 'Old enough', es: 'Tiene la edad mínima', pt: 'Tem a idade mínima' },
  under_age: { en: 'Under the minimum age', es: 'Menor de la edad mínima', pt: 'Abaixo da idade mínima' },
  birth_date_unknown: {
    en: 'The date of birth could not be read',
    es: 'No se pudo leer la fecha de nacimiento',
    pt: 'Não foi possível ler a data de nascimento',
  },
  document_number_used_by_other_person: {
    en: 'This document was already verified for another person',
    es: 'Este documento ya se verificó para otra persona',
    pt: 'Este documento já foi verificado para outra pessoa',
  },
  picture_used_by_other_person: {
    en: 'The same picture was sent for another person',
    es: 'La misma foto se envió para otra persona',
    pt: 'A mesma foto foi enviada para outra pessoa',
  },
  first_use: { en: 'Not seen before', es: 'No visto antes', pt: 'Não visto antes' },
  no_match: { en: 'Does not match', es: 'No coincide', pt: 'Não confere' },
  review: { en: 'Needs a person to look', es: 'Requiere revisión', pt: 'Requer revisão' },
  no_face_on_document: {
    en: 'No face on the document',
    es: 'No hay rostro en el documento',
    pt: 'Nenhum rosto no documento',
  },
  no_face_on_selfie: { en: 'No face on the selfie', es: 'No hay rostro en la selfie', pt: 'Nenhum rosto na selfie' },
  several_faces_on_selfie: {
    en: 'Several faces on the selfie',
    es: 'Varios rostros en la selfie',
    pt: 'Vários rostos na selfie',
  },
  different_person: { en: 'A different person', es: 'Otra persona', pt: 'Outra pessoa' },
  turned_as_asked: {
    en: 'Turned the head as asked',
    es: 'Giró la cabeza como se pidió',
    pt: 'Virou a cabeça como pedido',
  },
  turned_the_other_way: {
    en: 'Turned the head the other way',
    es: 'Giró la cabeza hacia el otro lado',
    pt: 'Virou a cabeça para o outro lado',
  },
  not_turned_enough: {
    en: 'Did not turn the head enough',
    es: 'No giró la cabeza lo suficiente',
    pt: 'Não virou a cabeça o suficiente',
  },
  not_run: { en: 'Could not run', es: 'No se pudo hacer', pt: 'Não foi possível fazer' },
  accepted_after_tries: {
    en: 'A picture was accepted after three failed tries',
    es: 'Se aceptó una foto tras tres intentos fallidos',
    pt: 'Uma foto foi aceita após três tentativas falhas',
  },
  ...Object.fromEntries(QUICK_PROBLEMS.map((p) => [p, QUICK_PROBLEM_TEXTS[p]] as const)),
};

/**
 * A reason code's text; codes with a detail (`check_digit:birthDate`, `name_uncertain:CARLQS`,
 * `2_readings_agree`) use their family's, and a family's `{detail}` shows the detail.
 */
export function identityReasonText(reason: string, locale: Locale): string {
  const detailed = /^(check_digit|name_uncertain):(.*)$/.exec(reason);
  if (detailed) {
    const text = IDENTITY_REASON_TEXTS[detailed[1]!]?.[locale];
    return text ? text.replaceAll('{detail}', detailed[2]!) : reason;
  }
  const family = /^\d+_readings_agree$/.test(reason)
    ? 'readings_agree'
    : reason.includes('+')
      ? (reason.split('+')[0] ?? reason)
      : reason;
  return IDENTITY_REASON_TEXTS[family]?.[locale] ?? reason;
}

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
const zBiometricConsentVersion = () =>
  z
    .enum(Object.keys(BIOMETRIC_CONSENT_TEXTS) as [BiometricConsentVersion, ...BiometricConsentVersion[]])
    .describe('The biometric consent text version the person accepted (BIOMETRIC_CONSENT_VERSION)');

// ---------------------------------------------------------------- shapes

const zDateTime = () => z.iso.datetime({ offset: true });

export const ZQuickProblem = z.object({
  code: z.enum(QUICK_PROBLEMS),
  message: z.string().describe("What to do, in the caller's language"),
});

/** POST /api/v1/public/forms/:code/identity/check — one picture's quick check (nothing is stored). */
export const ZIdentityQuickCheck = z.object({
  ok: z.boolean(),
  problems: z.array(ZQuickProblem),
  faces: z.number().int(),
  readable: z.boolean().describe('A code or a machine-readable zone was read'),
});
export type TIdentityQuickCheck = z.infer<typeof ZIdentityQuickCheck>;

/** The multipart fields beside the file of a quick check (`kind`). */
export const ZIdentityQuickCheckFields = z.strictObject({ kind: z.enum(IDENTITY_PICTURE_KINDS) });

/**
 * The multipart fields beside the file of a form's picture upload. `attempt` counts this picture's tries
 * (1, 2, 3): a picture failing its quick check is refused (422 `identity_picture_retake`) before the
 * third try and stored from it, and the report then goes to review.
 */
export const ZIdentityFormPictureFields = z.strictObject({
  kind: z.enum(IDENTITY_PICTURE_KINDS),
  attempt: z.coerce.number().int().min(1).max(20).default(1),
  consentVersion: zBiometricConsentVersion(),
  /** turned_selfie: the side the form asked for, and whether the preview was mirrored (front camera). */
  turn: z.enum(HEAD_TURNS).optional(),
  mirrored: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
export type TIdentityFormPictureFields = z.infer<typeof ZIdentityFormPictureFields>;

/** One stored picture (never its bytes; those are GET …/identity/pictures/:pictureId for staff). */
export const ZIdentityPicture = z.object({
  id: z.uuid(),
  kind: z.enum(IDENTITY_PICTURE_KINDS),
  contentType: z.string(),
  size: z.number().int(),
  /** The quick check's problems when stored (empty: it passed). */
  problems: z.array(ZQuickProblem),
  /** Sent after IDENTITY_MAX_TRIES failed quick checks: the report goes to review. */
  acceptedAfterTries: z.boolean(),
  turn: z.enum(HEAD_TURNS).nullable(),
  consentVersion: z.string(),
  createdAt: zDateTime(),
});
export type TIdentityPicture = z.infer<typeof ZIdentityPicture>;

/** One check as the API and the flyout show it. */
export const ZIdentityCheck = z.object({
  check: z.enum(IDENTITY_CHECK_NAMES),
  outcome: z.enum(IDENTITY_CHECK_OUTCOMES),
  /** The engine's code (`check_digit:birthDate`, `partial`, `no_match`…). */
  reason: z.string(),
  /** Name score 0–1, face distance, age in years, yaw in degrees — per check; null when none. */
  score: z.number().nullable(),
  label: z.string().describe("The check's name in the caller's language"),
  message: z.string().describe("The reason in the caller's language"),
});
export type TIdentityCheck = z.infer<typeof ZIdentityCheck>;

/** What the document said (one per reading: barcode, QR, MRZ). */
export const ZIdentityReading = z.object({
  source: z.enum(['pdf417', 'qr', 'mrz']),
  document: z.string(),
  country: z.string().nullable(),
  documentNumber: z.string(),
  surnames: z.string(),
  givenNames: z.string(),
  sex: z.enum(['M', 'F', 'X']).nullable(),
  birthDate: z.string().nullable(),
  expiryDate: z.string().nullable(),
});
export type TIdentityReading = z.infer<typeof ZIdentityReading>;

export const IDENTITY_REVIEW_DECISIONS = ['approved', 'rejected'] as const;
export const ZIdentityReview = z.object({
  decision: z.enum(IDENTITY_REVIEW_DECISIONS),
  reason: z.string(),
  by: z.string().nullable().describe('The reviewer (username)'),
  at: zDateTime(),
});

/** GET /api/v1/profiles/:id/identity — the identity report of one person, as the flyout shows it. */
export const ZIdentityReport = z.object({
  profileId: z.uuid(),
  /** Null: the person has no identity report (none in the pipeline, no pictures sent). */
  reportId: z.uuid().nullable(),
  status: z.enum(REPORT_STATUSES).nullable().describe('The report status; poll until not PENDING'),
  /** The engine's verdict (null until the job ran). */
  verdict: z.enum(IDENTITY_VERDICTS).nullable(),
  checks: z.array(ZIdentityCheck),
  /** The checks behind the verdict (failed, or for a person). */
  reasons: z.array(ZIdentityCheck),
  readings: z.array(ZIdentityReading),
  /** Euclidean distance between the document's portrait and the selfie (lower: more alike); null: not measured. */
  faceDistance: z.number().nullable(),
  /** The person as the client gave it, to read beside the document's fields. */
  person: z.object({
    name: z.string(),
    documentId: z.string(),
    birthDate: z.string().nullable(),
    country: z.string(),
  }),
  pictures: z.array(ZIdentityPicture),
  review: ZIdentityReview.nullable(),
  completedAt: zDateTime().nullable(),
});
export type TIdentityReport = z.infer<typeof ZIdentityReport>;

export const ZIdentityProfileParams = z.strictObject({ id: z.uuid() });
export const ZIdentityPictureParams = z.strictObject({ id: z.uuid(), pictureId: z.uuid() });

/**
 * POST /api/v1/profiles/:id/identity (multipart): parts `document_front`, `document_back`, `selfie`,
 * `turned_selfie` (files; front and selfie required) and these fields. Starts the check (Idempotency-Key
 * honoured) and answers 202 with the report to poll; the webhook `report.completed` tells when it ends.
 */
export const ZIdentityUploadFields = z.strictObject({
  consentVersion: zBiometricConsentVersion(),
  turn: z.enum(HEAD_TURNS).optional().describe('turned_selfie: the side the person was asked to turn to'),
  mirrored: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});

/** POST /api/v1/profiles/:id/identity/review — a person's decision on a report in PENDING_MANUAL_REVIEW. */
export const ZIdentityReviewRequest = z.strictObject({
  decision: z.enum(IDENTITY_REVIEW_DECISIONS),
  reason: z.string().trim().min(1, { message: 'validation.required' }).max(1000),
});
export type TIdentityReviewRequest = z.infer<typeof ZIdentityReviewRequest>;

/** The identity step of a public form (null when the pipeline has no identity report). */
export const ZPublicIdentityStep = z.object({
  consent: z.object({ version: z.string(), text: z.record(z.enum(LOCALES), z.string()) }),
  /** The liveness challenge: the side the candidate is asked to turn their head to. */
  turn: z.enum(HEAD_TURNS),
  kinds: z.array(z.enum(IDENTITY_PICTURE_KINDS)),
  required: z.array(z.enum(IDENTITY_PICTURE_KINDS)),
  maxTries: z.number().int(),
  maxBytes: z.number().int(),
  checkUrl: z.string(),
  uploadUrl: z.string(),
  /** The candidate's page: where to POST (no body) once the pictures are in; a form sends them with its submission (null). */
  submitUrl: z.string().nullable().optional(),
});
export type TPublicIdentityStep = z.infer<typeof ZPublicIdentityStep>;

/** POST /api/v1/public/candidate/:code/identity/submit — the check was started. */
export const ZCandidateIdentitySubmitted = z.object({ ok: z.literal(true) });

export const quickProblemsIn = (codes: readonly string[], locale: Locale) =>
  codes
    .filter((c): c is QuickProblemCode => (QUICK_PROBLEMS as readonly string[]).includes(c))
    .map((code) => ({ code, message: QUICK_PROBLEM_TEXTS[code][locale] }));
