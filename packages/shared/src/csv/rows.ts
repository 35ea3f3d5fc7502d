import type { Country, Locale, ReportType } from '../enums.ts';
import { ZCreateProfileRequest, type TCreateProfileRequest } from '../profiles/create.ts';
import { CSV_FIELDS, parseCsvDate, parseDocumentType, type CsvField, type CsvMapping } from './fields.ts';

export type TCandidateInput = Extract<TCreateProfileRequest, { kind: 'candidate' }>;

/** Why a line was not imported; translate with `csvImport.failures.<code>` (web) or CSV_FAILURE_MESSAGES (server). */
export const CSV_FAILURE_CODES = [
  'required',
  'invalid_email',
  'invalid_phone',
  'invalid_date',
  'invalid_document_type',
  'too_long',
  'column_count',
  'hidden_characters',
  'stray_marks',
  'document_characters',
  'invalid',
] as const;
export type CsvFailureCode = (typeof CSV_FAILURE_CODES)[number];

export type CsvRowIssue = { field: CsvField | null; code: CsvFailureCode };

/** The plan every row of a job shares: where the person is and which reports run. */
export type CsvRowPlan = { country: Exclude<Country, 'xx'>; pipelineId?: string; reportTypes?: ReportType[] };

function issueCode(message: string, code: string): CsvFailureCode {
  if (message === 'validation.email') return 'invalid_email';
  if (message === 'profiles.validation.invalidPhone') return 'invalid_phone';
  if (message === 'validation.hidden_characters') return 'hidden_characters';
  if (message === 'validation.stray_marks') return 'stray_marks';
  if (message === 'validation.document_characters') return 'document_characters';
  if (code === 'too_small') return 'required';
  if (code === 'too_big') return 'too_long';
  if (code === 'invalid_format') return 'invalid_date';
  return 'invalid';
}

/**
 * One CSV row → the same request the single-person form sends, checked by the same shared schema
 * (ZCreateProfileRequest): the import and the form cannot disagree on what a valid person is.
 * `cells` are the row's values by header; blank cells count as absent.
 */
export function csvRowToCandidate(
  cells: Readonly<Record<string, string>>,
  mapping: CsvMapping,
  plan: CsvRowPlan,
): { ok: true; input: TCandidateInput } | { ok: false; issues: CsvRowIssue[] } {
  const value = (field: CsvField) => {
    const column = mapping[field];
    const cell = column === undefined ? undefined : cells[column]?.trim();
    return cell ? cell : undefined;
  };
  const raw: Record<string, unknown> = { kind: 'candidate', country: plan.country };
  if (plan.pipelineId) raw.pipelineId = plan.pipelineId;
  else raw.reportTypes = plan.reportTypes;
  const issues: CsvRowIssue[] = [];
  for (const field of CSV_FIELDS) {
    const v = value(field);
    if (v === undefined) continue;
    if (field === 'documentType') {
      const type = parseDocumentType(plan.country, v);
      if (type) raw.documentType = type;
      else issues.push({ field, code: 'invalid_document_type' });
    } else if (field === 'birthDate' || field === 'issueDate') {
      raw[field] = parseCsvDate(v);
    } else {
      raw[field] = v;
    }
  }
  const parsed = ZCreateProfileRequest.safeParse(raw);
  if (parsed.success && issues.length === 0) return { ok: true, input: parsed.data as TCandidateInput };
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      const known =
        typeof field === 'string' && (CSV_FIELDS as readonly string[]).includes(field) ? (field as CsvField) : null;
      // A required field left blank is reported as missing rather than as the schema's type complaint.
      const code = known && raw[known] === undefined ? 'required' : issueCode(issue.message, issue.code);
      issues.push({ field: known, code });
    }
  }
  return { ok: false, issues };
}

/** Server-side texts of the failure codes (the failures download and the API's `message`). */
export const CSV_FAILURE_MESSAGES: Record<CsvFailureCode, Record<Locale, string>> = {
  required: { en: 'Required value missing', es: 'Falta un valor obligatorio', pt: 'Falta um valor obrigatório' },
  invalid_email: {
    en: 'Please enter a valid email address.',
    es: 'Ingrese un correo electrónico válido.',
    pt: 'Informe um e-mail válido.',
  },
  invalid_phone: {
    en: 'The phone number must include the country prefix',
    es: 'El teléfono debe incluir el prefijo del país',
    pt: 'O telefone deve incluir o código do país',
  },
  invalid_date: {
    en: 'Invalid date (use YYYY-MM-DD or DD/MM/YYYY)',
    es: 'Fecha no válida (use AAAA-MM-DD o DD/MM/AAAA)',
    pt: 'Data inválida (use AAAA-MM-DD ou DD/MM/AAAA)',
  },
  invalid_document_type: {
    en: 'Unknown document type',
    es: 'Tipo de documento desconocido',
    pt: 'Tipo de documento desconhecido',
  },
  too_long: { en: 'Value too long', es: 'Valor demasiado largo', pt: 'Valor longo demais' },
  column_count: {
    en: 'The row does not have as many columns as the header',
    es: 'La fila no tiene tantas columnas como el encabezado',
    pt: 'A linha não tem tantas colunas quanto o cabeçalho',
  },
  hidden_characters: {
    en: 'The value contains invisible or control characters',
    es: 'El valor contiene caracteres invisibles o de control',
    pt: 'O valor contém caracteres invisíveis ou de controle',
  },
  stray_marks: {
    en: 'An accent mark is not on a letter',
    es: 'Un acento no está sobre una letra',
    pt: 'Um acento não está sobre uma letra',
  },
  document_characters: {
    en: 'A document number can only contain letters A–Z and Ñ, digits 0–9, spaces, dots, dashes and &',
    es: 'Un número de documento solo puede contener letras A–Z y Ñ, dígitos 0–9, espacios, puntos, guiones y &',
    pt: 'Um número de documento só pode conter letras A–Z e Ñ, dígitos 0–9, espaços, pontos, hifens e &',
  },
  invalid: { en: 'Invalid field value', es: 'Valor de campo no válido', pt: 'Valor de campo inválido' },
};
