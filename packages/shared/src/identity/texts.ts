import type { Locale } from '../enums.ts';
import { type IdentityCheckName, QUICK_PROBLEMS, type QuickProblemCode } from './constants.ts';

/** The engine's codes in the reader's language: reason codes are the engine's, their texts live here, once. */

export type Texts = Record<Locale, string>;

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

export const quickProblemsIn = (codes: readonly string[], locale: Locale) =>
  codes
    .filter((c): c is QuickProblemCode => (QUICK_PROBLEMS as readonly string[]).includes(c))
    .map((code) => ({ code, message: QUICK_PROBLEM_TEXTS[code][locale] }));
