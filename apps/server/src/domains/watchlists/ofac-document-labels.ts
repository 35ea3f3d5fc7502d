import type { DocumentType } from './entry.ts';

/**
 * The identity and registry documents OFAC writes inside Remarks, by the label it puts before the
 * number ("C.U.R.P. TIAJ961201HSLRNS08 (Mexico)"). Contact details, crypto addresses, vessel and
 * aircraft particulars and sanctions notes are not documents and are left in the remarks.
 */
const LABELS: Record<Exclude<DocumentType, 'other'>, string[]> = {
  curp: ['C.U.R.P.', 'C.U.R.P. #', 'CURP'],
  rfc: ['R.F.C.', 'R.F.C. #', 'RFC'],
  cedula: ['Cedula No.', 'Cedula'],
  nit: ['NIT #', 'N.I.T.', 'NIT'],
  rut: ['RUT #', 'R.U.T.', 'RUT'],
  dni: ['D.N.I.', 'DNI'],
  cpf: ['C.P.F.', 'CPF'],
  passport: [
    'Passport',
    'Diplomatic Passport',
    'Passport Booklet',
    'Passport Booklet:',
    'British National Overseas Passport',
    'Travel Document Number',
  ],
  national_id: [
    'National ID No.',
    'Identification Number',
    'Personal ID Card',
    "Citizen's Card Number",
    'Numero de Identidad',
    'C.U.I.',
    'Tazkira National ID Card',
    'Turkish Identification Number',
    'Kenyan ID No.',
    'Bosnian Personal ID No.',
    'Moroccan Personal ID No.',
    'National Foreign ID Number',
    'UAE Identification',
    'Credencial electoral',
    'I.F.E.',
    'SSN',
  ],
};

/** Tax, company-registry and other official numbers: kept as 'other' with their label. */
const OTHER_LABELS = [
  'Tax ID No.',
  'Registration Number',
  'Registration ID',
  'Business Registration Number',
  'Business Registration Document #',
  'Government Gazette Number',
  'Folio Mercantil No.',
  'Matricula Mercantil No',
  'Commercial Registry Number',
  'Company Number',
  'UK Company Number',
  'RUC #',
  'RIF #',
  'C.U.I.T.',
  'C.U.I.P.',
  'RTN',
  'V.A.T. Number',
  'Unified Social Credit Code (USCC)',
  'United Social Credit Code Certificate (USCCC)',
  'Legal Entity Number',
  'Economic Register Number (CBLS)',
  'Trade License No.',
  'Chamber of Commerce Number',
  'Istanbul Chamber of Comm. No.',
  'Dubai Chamber of Commerce Membership No.',
  'D-U-N-S Number',
  'Central Registration System Number',
  'Certificate of Incorporation Number',
  'Public Registration Number',
  'Business Number',
  'Enterprise Number',
  'Branch Unit Number',
  'Organization Code',
  'C.I.F.',
  'US FEIN',
  'LE Number',
  'Italian Fiscal Code',
  'Numero Unico de Identificacao Tributaria (NUIT)',
  'Paraguayan tax identification number',
  'C.R. No.',
  'Romanian C.R.',
  'Registered Charity No.',
  "Driver's License No.",
  'Electoral Registry No.',
  'Cartilla de Servicio Militar Nacional',
  'Military Registration Number',
  'Birth Certificate Number',
  'Residency Number',
  'Refugee ID Card',
  'Immigration No.',
  'SRE Permit No.',
  'VisaNumberID',
  'Permit Number',
  'Pilot License Number',
];

export type OfacDocumentLabel = {
  label: string;
  type: DocumentType;
  /** The label and the space before the number. */ prefix: string;
};

/** Label → type, longest label first so "Passport Booklet" is not read as "Passport" + "Booklet". */
export const OFAC_DOCUMENT_LABELS: readonly OfacDocumentLabel[] = [
  ...Object.entries(LABELS).flatMap(([type, labels]) => labels.map((label) => ({ label, type: type as DocumentType }))),
  ...OTHER_LABELS.map((label) => ({ label, type: 'other' as const })),
]
  .sort((a, b) => b.label.length - a.label.length)
  .map((entry) => ({ ...entry, prefix: `${entry.label} ` }));
