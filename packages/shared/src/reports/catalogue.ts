import { COUNTRIES, type Country, type DocumentType, type ReportType } from '../enums.ts';
import { localDocumentName, PASSPORT_NAME } from './document-names.ts';

export { localDocumentName } from './document-names.ts';

/**
 * The static report catalogue (DESIGN.md "Reports and data sources"): per country, the documents a
 * person can be identified by and the reports that can run, with the inputs each one needs.
 * Client and server both read it, so a form, the CSV wizard and the report workers agree.
 */

/** `xx` is the "not set" placeholder: nothing can run there. */
export type CatalogueCountry = Exclude<Country, 'xx'>;
export const CATALOGUE_COUNTRIES = COUNTRIES.filter((c): c is CatalogueCountry => c !== 'xx');

/** Inputs a report may need, named like the profile fields they come from (`issueDate` lives in `profile.inputs`). */
export const REPORT_INPUTS = [
  'documentType',
  'documentId',
  'name',
  'birthDate',
  'issueDate',
  'state',
  'phone',
  'email',
] as const;
export type ReportInput = (typeof REPORT_INPUTS)[number];
export const inputLabelKey = (input: ReportInput) => `reports.inputs.${input}`;

export type DocumentRule = {
  type: DocumentType;
  /** How people write it locally (CC, CURP, RUT…); an acronym, not translated. */
  abbreviation: string;
  labelKey: string;
  /** Applies to the normalised value (see `normalizeDocumentId`). */
  pattern: RegExp;
  minLength: number;
  maxLength: number;
  /** Dashes are part of the format (RUT, Panamanian cédula) rather than decoration to strip. */
  dashed: boolean;
  example: string;
  /** The document's own check digit, where it has one: a typo is caught before a source is queried. */
  checkDigit?: (value: string) => boolean;
};

export type ReportDefinition = {
  type: ReportType;
  labelKey: string;
  inputs: readonly ReportInput[];
  /** The public source a real connector queries; a proper name, so never translated. */
  authority: string;
};

export type CountryCatalogue = { documents: readonly DocumentRule[]; reports: readonly ReportDefinition[] };

/** Chilean RUT/RUN: mod 11 over the body, weights 2..7 from the right; 10 is written K. */
export function rutCheckDigit(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (2 + (i % 6));
  const digit = 11 - (sum % 11);
  return digit === 11 ? '0' : digit === 10 ? 'K' : String(digit);
}

/** Brazilian CPF: the last two of the eleven digits check the first nine. */
export function cpfCheckDigits(first9: string): string {
  const digit = (digits: string) => {
    let sum = 0;
    for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * (digits.length + 1 - i);
    return ((sum * 10) % 11) % 10;
  };
  const d1 = digit(first9);
  return `${d1}${digit(first9 + d1)}`;
}

/** Ecuadorian cédula: Luhn-like mod 10 over the first nine digits, coefficients 2,1,2,1… */
export function ecCedulaCheckDigit(first9: string): string {
  let sum = 0;
  for (let i = 0; i < 9; i++) {
    const product = Number(first9[i]) * (i % 2 === 0 ? 2 : 1);
    sum += product > 9 ? product - 9 : product;
  }
  return String((10 - (sum % 10)) % 10);
}

/** RENAPO's alphabet for the CURP's check digit: digits, then A–Z with Ñ after N. */
const CURP_ALPHABET = '0123456789ABCDEFGHIJKLMNÑOPQRSTUVWXYZ';

/**
 * Mexican CURP: the 18th character checks the first 17 (RENAPO), each mapped to its place in 0-9A-NÑO-Z
 * and weighted 18 down to 2; the digit is (10 − sum mod 10) mod 10. Null for a character outside the alphabet.
 */
export function curpCheckDigit(first17: string): string | null {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const value = CURP_ALPHABET.indexOf(first17[i] ?? '');
    if (value < 0) return null;
    sum += value * (18 - i);
  }
  return String((10 - (sum % 10)) % 10);
}

const docKey = (country: CatalogueCountry, type: DocumentType) => `documents.${country}.${type}`;

/** Passports come from any issuing state, so only a loose shape is checked. */
const passport = (country: CatalogueCountry): DocumentRule => ({
  type: 'passport',
  abbreviation: PASSPORT_NAME,
  labelKey: docKey(country, 'passport'),
  pattern: /^[A-Z0-9]{6,12}$/,
  minLength: 6,
  maxLength: 12,
  dashed: false,
  example: 'AB1234567',
});

type RuleSpec = Omit<DocumentRule, 'labelKey' | 'dashed' | 'abbreviation'> & { dashed?: boolean };
const documents = (country: CatalogueCountry, specs: RuleSpec[]): DocumentRule[] => [
  ...specs.map((s) => ({
    dashed: false,
    ...s,
    abbreviation: localDocumentName(country, s.type) ?? s.type,
    labelKey: docKey(country, s.type),
  })),
  passport(country),
];

const report = (type: ReportType, inputs: readonly ReportInput[], authority: string): ReportDefinition => ({
  type,
  labelKey: `reports.types.${type}`,
  inputs,
  authority,
});

const news = report('news_search', ['name'], 'Prensa y medios digitales');
// Sol calls the candidate by WhatsApp first, so a phone is the one contact it needs.
const sol = report('employment_references', ['name', 'phone'], 'Sol');
// The official sanctions and watch lists, screened by name (the document and date of birth sharpen it).
const watchlists = report('watchlists', ['name'], 'OFAC SDN · ONU CSNU · SAT 69-B');
const DOC = ['documentType', 'documentId'] as const;
// The person's own document and face, read and compared here (no outside source); the pictures
// arrive apart from the inputs (form, flyout, API), so only what the document is compared with is asked.
const identity = report('identity_document', [...DOC, 'name'], 'Centinela');

export const REPORT_CATALOGUE: Record<CatalogueCountry, CountryCatalogue> = {
  ar: {
    documents: documents('ar', [
      {
        type: 'national_id',
        pattern: /^\d{7,8}$/,
        minLength: 7,
        maxLength: 8,
        example: '30123456',
      },
      {
        type: 'tax_id',
        pattern: /^(20|23|24|27|30|33|34)\d{9}$/,
        minLength: 11,
        maxLength: 11,
        example: '20301234567',
      },
    ]),
    reports: [
      report('criminal_records', [...DOC, 'name'], 'Registro Nacional de Reincidencia'),
      report('arrest_warrants', ['documentId', 'name'], 'Ministerio de Seguridad de la Nación'),
      report('process_search', ['name', 'documentId'], 'Poder Judicial de la Nación'),
      news,
      sol,
      watchlists,
      identity,
    ],
  },
  br: {
    documents: documents('br', [
      {
        type: 'national_id',
        pattern: /^\d{11}$/,
        minLength: 11,
        maxLength: 11,
        example: '52998224725',
        // All-equal CPFs pass the arithmetic but are never issued.
        checkDigit: (v) => !/^(\d)\1{10}$/.test(v) && cpfCheckDigits(v.slice(0, 9)) === v.slice(9),
      },
      {
        type: 'foreign_id',
        pattern: /^[A-Z]\d{6}-[0-9A-Z]$/,
        minLength: 9,
        maxLength: 9,
        dashed: true,
        example: 'V123456-K',
      },
    ]),
    reports: [
      report('criminal_records', ['documentId', 'name', 'birthDate'], 'Polícia Federal'),
      report('state_records', ['documentId', 'name', 'state'], 'Tribunais de Justiça estaduais'),
      report('arrest_warrants', ['documentId', 'name'], 'Banco Nacional de Mandados de Prisão'),
      report('process_search', ['documentId', 'name'], 'Conselho Nacional de Justiça'),
      news,
      sol,
      watchlists,
      identity,
    ],
  },
  cl: {
    documents: documents('cl', [
      {
        type: 'national_id',
        pattern: /^\d{7,8}-[\dK]$/,
        minLength: 9,
        maxLength: 10,
        dashed: true,
        example: '12345678-5',
        checkDigit: (v) => rutCheckDigit(v.slice(0, -2)) === v.slice(-1),
      },
    ]),
    reports: [
      report('criminal_records', ['documentId'], 'Registro Civil e Identificación'),
      report('judicial_records', ['documentId', 'name'], 'Poder Judicial de Chile'),
      report('process_search', ['name', 'documentId'], 'Oficina Judicial Virtual'),
      news,
      sol,
      watchlists,
      identity,
    ],
  },
  co: {
    documents: documents('co', [
      {
        type: 'national_id',
        pattern: /^[1-9]\d{5,9}$/,
        minLength: 6,
        maxLength: 10,
        example: '1020304050',
      },
      { type: 'foreign_id', pattern: /^\d{6,7}$/, minLength: 6, maxLength: 7, example: '456789' },
      {
        type: 'tax_id',
        pattern: /^\d{9}-\d$/,
        minLength: 11,
        maxLength: 11,
        dashed: true,
        example: '900123456-7',
      },
    ]),
    reports: [
      report('criminal_records', DOC, 'Policía Nacional de Colombia'),
      report('procuradoria_sanctions', DOC, 'Procuraduría General de la Nación'),
      // The corrective-measures register asks for the cédula's issue date as a second factor.
      report('police_record', [...DOC, 'issueDate'], 'Registro Nacional de Medidas Correctivas'),
      report('judicial_records', ['documentId', 'name'], 'Rama Judicial'),
      report('arrest_warrants', DOC, 'Policía Nacional de Colombia'),
      news,
      sol,
      watchlists,
      identity,
    ],
  },
  cr: {
    documents: documents('cr', [
      {
        type: 'national_id',
        pattern: /^[1-9]\d{8}$/,
        minLength: 9,
        maxLength: 9,
        example: '112340567',
      },
      {
        type: 'foreign_id',
        pattern: /^\d{11,12}$/,
        minLength: 11,
        maxLength: 12,
        example: '155812345678',
      },
    ]),
    reports: [
      report('criminal_records', ['documentId', 'name'], 'Registro Judicial'),
      report('judicial_records', ['documentId', 'name'], 'Poder Judicial de Costa Rica'),
      news,
      sol,
      watchlists,
      identity,
    ],
  },
  ec: {
    documents: documents('ec', [
      {
        type: 'national_id',
        // Province 01–24 (30: registered abroad); a third digit below 6 marks a natural person.
        pattern: /^(0[1-9]|1\d|2[0-4]|30)[0-5]\d{7}$/,
        minLength: 10,
        maxLength: 10,
        example: '1710034065',
        checkDigit: (v) => ecCedulaCheckDigit(v.slice(0, 9)) === v.slice(9),
      },
      {
        type: 'tax_id',
        pattern: /^\d{10}001$/,
        minLength: 13,
        maxLength: 13,
        example: '1710034065001',
      },
    ]),
    reports: [
      report('criminal_records', ['documentId'], 'Ministerio del Interior'),
      report('judicial_records', ['documentId', 'name'], 'Consejo de la Judicatura'),
      report('process_search', ['name'], 'Función Judicial'),
      news,
      sol,
      watchlists,
      identity,
    ],
  },
  mx: {
    documents: documents('mx', [
      {
        type: 'national_id',
        // Name letters, birth date, sex, state, internal consonants, homoclave, check digit.
        pattern:
          /^[A-Z][AEIOUX][A-Z]{2}\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])[HMX][A-Z]{2}[B-DF-HJ-NP-TV-Z]{3}[A-Z\d]\d$/,
        minLength: 18,
        maxLength: 18,
        example: 'HEGG560427MVZRRL04',
        checkDigit: (v) => curpCheckDigit(v.slice(0, 17)) === v.slice(17),
      },
      {
        type: 'tax_id',
        pattern: /^[A-ZÑ&]{4}\d{6}[A-Z\d]{3}$/,
        minLength: 13,
        maxLength: 13,
        example: 'GODE561231GR8',
      },
    ]),
    reports: [
      // Certificates of no criminal record are issued by each state, so the state is an input.
      report('state_records', ['documentId', 'name', 'state'], 'Fiscalías estatales'),
      report('judicial_records', ['documentId', 'name'], 'Poder Judicial de la Federación'),
      report('arrest_warrants', ['documentId', 'name'], 'Fiscalía General de la República'),
      report('justice_report', ['name', 'birthDate'], 'Boletines judiciales'),
      report('process_search', ['name'], 'Tribunales locales'),
      news,
      sol,
      watchlists,
      identity,
    ],
  },
  pa: {
    documents: documents('pa', [
      {
        type: 'national_id',
        // Province 1–13 (or PE / N), optional AV or PI, then volume and entry: 8-123-456.
        pattern: /^(?:[1-9]|1[0-3]|PE|N)(?:AV|PI)?-\d{1,4}-\d{1,6}$/,
        minLength: 5,
        maxLength: 16,
        dashed: true,
        example: '8-123-456',
      },
      {
        type: 'foreign_id',
        pattern: /^E-\d{1,4}-\d{1,6}$/,
        minLength: 5,
        maxLength: 13,
        dashed: true,
        example: 'E-8-123456',
      },
    ]),
    reports: [
      report('police_record', ['documentId', 'name', 'birthDate'], 'Dirección de Investigación Judicial'),
      report('judicial_records', ['documentId'], 'Órgano Judicial'),
      news,
      sol,
      watchlists,
      identity,
    ],
  },
  pe: {
    documents: documents('pe', [
      { type: 'national_id', pattern: /^\d{8}$/, minLength: 8, maxLength: 8, example: '45678912' },
      { type: 'foreign_id', pattern: /^\d{9}$/, minLength: 9, maxLength: 9, example: '001234567' },
      {
        type: 'tax_id',
        pattern: /^(10|15|17|20)\d{9}$/,
        minLength: 11,
        maxLength: 11,
        example: '20123456789',
      },
    ]),
    reports: [
      report('criminal_records', ['documentId'], 'Registro Nacional de Condenas'),
      report('police_record', ['documentId', 'name', 'birthDate'], 'Policía Nacional del Perú'),
      report('judicial_records', ['documentId', 'name'], 'Instituto Nacional Penitenciario'),
      report('justice_report', ['name', 'documentId'], 'Poder Judicial del Perú'),
      report('arrest_warrants', ['documentId'], 'Policía Nacional del Perú'),
      news,
      sol,
      watchlists,
      identity,
    ],
  },
};

const entry = (country: Country): CountryCatalogue | undefined =>
  country === 'xx' ? undefined : REPORT_CATALOGUE[country];

export function reportTypesFor(country: Country): ReportType[] {
  return entry(country)?.reports.map((r) => r.type) ?? [];
}

export function reportDefinition(country: Country, type: ReportType): ReportDefinition | undefined {
  return entry(country)?.reports.find((r) => r.type === type);
}

export function isReportAvailable(country: Country, type: ReportType): boolean {
  return reportDefinition(country, type) !== undefined;
}

/** Every input the given reports need, in `REPORT_INPUTS` order; types not offered in the country add nothing. */
export function requiredInputs(country: Country, types: readonly ReportType[]): ReportInput[] {
  const needed = new Set<ReportInput>();
  for (const type of types) for (const input of reportDefinition(country, type)?.inputs ?? []) needed.add(input);
  return REPORT_INPUTS.filter((i) => needed.has(i));
}

export function documentRules(country: Country): readonly DocumentRule[] {
  return entry(country)?.documents ?? [];
}

export function documentRule(country: Country, type: DocumentType): DocumentRule | undefined {
  return documentRules(country).find((r) => r.type === type);
}

/** Upper-cases and drops spaces and thousands dots; dashes go too unless the format uses them. */
export function normalizeDocumentId(country: Country, type: DocumentType, value: string): string {
  const compact = value.trim().toUpperCase().replace(/[\s.]/g, '');
  return documentRule(country, type)?.dashed ? compact : compact.replace(/-/g, '');
}

/** The advisory hints of SPEC §5 (never blocking): too short, too long, invalid format. */
export type DocumentHint =
  { hint: 'too_short'; minLength: number } | { hint: 'too_long'; maxLength: number } | { hint: 'invalid_format' };

/** A document written with digits alone (and its dashes): its pattern names no letter outside `\\d`. */
const digitsOnly = (rule: DocumentRule) => !/[A-Z]/.test(rule.pattern.source.replace(/\\d/g, ''));

export function checkDocumentId(country: Country, type: DocumentType, value: string): DocumentHint | null {
  const rule = documentRule(country, type);
  if (!rule) return null;
  const id = normalizeDocumentId(country, type, value);
  // Letters in an all-digit document are a wrong format whatever the length: 'ABC' is not a short cédula.
  if (digitsOnly(rule) && /[^\d-]/.test(id)) return { hint: 'invalid_format' };
  if (id.length < rule.minLength) return { hint: 'too_short', minLength: rule.minLength };
  if (id.length > rule.maxLength) return { hint: 'too_long', maxLength: rule.maxLength };
  if (!rule.pattern.test(id) || (rule.checkDigit && !rule.checkDigit(id))) return { hint: 'invalid_format' };
  return null;
}

/** Every translation key the catalogue refers to, for the i18n completeness check. */
export function catalogueLabelKeys(): string[] {
  const keys = new Set<string>(REPORT_INPUTS.map(inputLabelKey));
  for (const country of CATALOGUE_COUNTRIES) {
    for (const d of REPORT_CATALOGUE[country].documents) keys.add(d.labelKey);
    for (const r of REPORT_CATALOGUE[country].reports) keys.add(r.labelKey);
  }
  return [...keys].sort();
}
