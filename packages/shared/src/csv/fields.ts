import type { Country, DocumentType, ReportType } from '../enums.ts';
import { DOCUMENT_TYPES } from '../enums.ts';
import { documentRules, requiredInputs } from '../reports/catalogue.ts';

/**
 * The person fields a CSV column can feed (the single-person form's fields). `name` and `documentId`
 * are always required (a candidate cannot exist without them); the chosen reports add their inputs.
 */
export const CSV_FIELDS = [
  'name',
  'documentId',
  'documentType',
  'email',
  'phone',
  'birthDate',
  'issueDate',
  'city',
  'state',
] as const;
export type CsvField = (typeof CSV_FIELDS)[number];

/** Required field → the CSV column (header) it comes from. */
export type CsvMapping = Partial<Record<CsvField, string>>;

/** What must be matched for these reports: name and document always, plus each report's inputs (the document type has a default). */
export function requiredCsvFields(country: Country, types: readonly ReportType[]): CsvField[] {
  const needed = new Set<CsvField>(['name', 'documentId']);
  for (const input of requiredInputs(country, types)) if (input !== 'documentType') needed.add(input);
  return CSV_FIELDS.filter((f) => needed.has(f));
}

/** Lower case, no accents, letters and digits only: "Cédula " → "cedula", "E-mail" → "email". */
export function normalizeHeader(header: string): string {
  return header
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** Header names (English, Spanish and Brazilian Portuguese, normalised) that mean each field. */
const SYNONYMS: Record<CsvField, string[]> = {
  name: [
    'nombre',
    'nombres',
    'nombrecompleto',
    'nombreyapellido',
    'nombresyapellidos',
    'apellidosynombres',
    'name',
    'fullname',
    'nome',
    'nomecompleto',
    'pessoa',
    'candidato',
    'persona',
  ],
  documentId: [
    'documento',
    'numerodedocumento',
    'numerodocumento',
    'nrodocumento',
    'nodocumento',
    'documentodeidentidad',
    'numerododocumento',
    'rnm',
    'cedula',
    'numerodecedula',
    'cedulaciudadania',
    'dni',
    'rut',
    'run',
    'curp',
    'cpf',
    'ci',
    'cc',
    'cip',
    'identificacion',
    'numeroidentificacion',
    'document',
    'documentid',
    'documentnumber',
    'idnumber',
    'nationalid',
    'id',
  ],
  documentType: [
    'tipodedocumento',
    'tipodocumento',
    'tipodoc',
    'tipoid',
    'tipodeidentificacion',
    'documenttype',
    'doctype',
    'idtype',
  ],
  email: ['correo', 'correoelectronico', 'email', 'mail', 'emailaddress', 'correoe', 'enderecodeemail'],
  phone: [
    'telefono',
    'telefonomovil',
    'telefone',
    'telefonecelular',
    'celular',
    'movil',
    'numerodetelefono',
    'numerocelular',
    'whatsapp',
    'phone',
    'phonenumber',
    'mobile',
    'cellphone',
    'tel',
  ],
  birthDate: [
    'fechadenacimiento',
    'fechanacimiento',
    'nacimiento',
    'datadenascimento',
    'datanascimento',
    'nascimento',
    'birthdate',
    'dateofbirth',
    'dob',
    'birthday',
  ],
  issueDate: [
    'fechadeexpedicion',
    'fechaexpedicion',
    'fechadeemision',
    'fechaemision',
    'datadeemissao',
    'dataemissao',
    'datadeexpedicao',
    'dataexpedicao',
    'issuedate',
    'dateofissue',
  ],
  city: ['ciudad', 'municipio', 'localidad', 'cidade', 'city', 'town'],
  state: ['estado', 'departamento', 'provincia', 'region', 'uf', 'state', 'province'],
};

/** Columns matched from their header names; each column feeds at most one field, the first field that claims it. */
export function autoMatchColumns(headers: readonly string[]): CsvMapping {
  const mapping: CsvMapping = {};
  const used = new Set<string>();
  for (const field of CSV_FIELDS) {
    const column = headers.find((h) => !used.has(h) && SYNONYMS[field].includes(normalizeHeader(h)));
    if (column !== undefined) {
      mapping[field] = column;
      used.add(column);
    }
  }
  return mapping;
}

export type MappingProblem =
  | { kind: 'missing'; field: CsvField }
  | { kind: 'duplicate'; field: CsvField; column: string }
  | { kind: 'unknown_column'; field: CsvField; column: string };

/**
 * SPEC §5: every required field matched to one and only one column, no column used twice, every
 * column one the file has. Empty list: the mapping can start.
 */
export function mappingProblems(
  mapping: CsvMapping,
  required: readonly CsvField[],
  headers: readonly string[],
): MappingProblem[] {
  const problems: MappingProblem[] = [];
  for (const field of required) if (!mapping[field]) problems.push({ kind: 'missing', field });
  const seen = new Set<string>();
  for (const field of CSV_FIELDS) {
    const column = mapping[field];
    if (!column) continue;
    if (!headers.includes(column)) problems.push({ kind: 'unknown_column', field, column });
    else if (seen.has(column)) problems.push({ kind: 'duplicate', field, column });
    seen.add(column);
  }
  return problems;
}

/** A document type from a cell: our value (`national_id`) or the local abbreviation (CC, DNI, RUT, PAS…); null if neither. */
export function parseDocumentType(country: Country, value: string): DocumentType | null {
  const v = value.trim();
  if ((DOCUMENT_TYPES as readonly string[]).includes(v.toLowerCase())) return v.toLowerCase() as DocumentType;
  const upper = v.toUpperCase().replace(/[.\s]/g, '');
  return documentRules(country).find((r) => r.abbreviation.toUpperCase() === upper)?.type ?? null;
}

/** Dates as spreadsheets in Latin America write them: 2024-03-01, 01/03/2024 or 1-3-2024 (day first). Other text passes through for the schema to refuse. */
export function parseCsvDate(value: string): string {
  const v = value.trim();
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(v);
  if (dmy) return `${dmy[3]}-${dmy[2]!.padStart(2, '0')}-${dmy[1]!.padStart(2, '0')}`;
  return v;
}
