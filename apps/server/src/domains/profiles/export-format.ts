import {
  EXPORT_WORDS,
  LOCALE_TAGS,
  localDocumentName,
  type CreatedAs,
  type DocumentType,
  type Locale,
  type ProfileStatus,
} from '@centinela/shared';
import type { ProfileRow } from './view.ts';

/**
 * Spreadsheet-formula injection: a cell starting with = + - @ (or a tab / carriage return that some
 * apps skip before reading a formula) is prefixed with an apostrophe so it opens as text, never runs.
 */
export function neutralizeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * What the file says, in the reader's language and time zone: headers, statuses, document
 * types, countries and the pipeline by name, times as local date and time. The codes follow as extra
 * columns (`*_code`, `pipeline_id`, `created_at_utc`) so a program can read the file as before.
 */
export type ExportContext = { locale: Locale; timeZone: string; pipelineNames: ReadonlyMap<string, string> };

const CODE_COLUMNS = ['status_code', 'document_type_code', 'country_code', 'pipeline_id', 'created_at_utc'] as const;

export function exportColumns(locale: Locale): string[] {
  const c = EXPORT_WORDS[locale].columns;
  return [
    c.id,
    c.name,
    c.country,
    c.documentType,
    c.documentId,
    c.email,
    c.phone,
    c.city,
    c.state,
    c.status,
    c.createdAs,
    c.pipeline,
    c.manuallyReviewed,
    c.outcome,
    c.observations,
    c.validationComment,
    c.confirmedHomonym,
    c.crimeCategory,
    c.sentencingStatus,
    c.createdAt,
    c.updatedAt,
    ...CODE_COLUMNS,
  ];
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
function dateTime(value: Date, { locale, timeZone }: ExportContext): string {
  const key = `${locale}|${timeZone}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALE_TAGS[locale], { dateStyle: 'short', timeStyle: 'short', timeZone });
    dateTimeFormats.set(key, format);
  }
  return format.format(value);
}

const regionNames = new Map<Locale, Intl.DisplayNames>();
export function countryLabel(country: string, locale: Locale): string {
  if (country === 'xx') return EXPORT_WORDS[locale].noCountry;
  let names = regionNames.get(locale);
  if (!names) regionNames.set(locale, (names = new Intl.DisplayNames([LOCALE_TAGS[locale]], { type: 'region' })));
  return names.of(country.toUpperCase()) ?? country;
}

export function exportRow(row: ProfileRow, context: ExportContext): string[] {
  const words = EXPORT_WORDS[context.locale];
  const yesNo = (v: boolean) => (v ? words.yes : words.no);
  const outcome =
    row.outcome && Object.hasOwn(words.outcome, row.outcome) ? words.outcome[row.outcome as 'approved'] : row.outcome;
  const values: (string | null)[] = [
    row.id,
    row.name,
    countryLabel(row.country, context.locale),
    localDocumentName(row.country, row.documentType) ??
      words.documentType[row.documentType as DocumentType] ??
      row.documentType,
    row.documentId,
    row.email,
    row.phone,
    row.city,
    row.state,
    words.status[row.status as ProfileStatus] ?? row.status,
    words.createdAs[row.createdAs as CreatedAs] ?? row.createdAs,
    row.pipelineId ? (context.pipelineNames.get(row.pipelineId) ?? row.pipelineId) : null,
    yesNo(row.manuallyReviewed),
    outcome,
    row.observations,
    row.validationComment,
    yesNo(row.confirmedHomonym),
    row.crimeCategory,
    row.sentencingStatus,
    dateTime(row.createdAt, context),
    dateTime(row.updatedAt, context),
    row.status,
    row.documentType,
    row.country,
    row.pipelineId,
    row.createdAt.toISOString(),
  ];
  return values.map((v) => (v === null ? '' : neutralizeCell(v)));
}
