import type { CreatedAs, DocumentType, Locale, ProfileStatus } from '../enums.ts';

/**
 * The words of a persons export: the file a person opens in a spreadsheet speaks their
 * language, like the pages (apps/web/src/locales: profiles.fields, profiles.status, …). The server writes
 * it, so the words live here; codes follow as extra columns for machines.
 */
type ExportWords = {
  columns: Record<
    | 'id'
    | 'name'
    | 'country'
    | 'documentType'
    | 'documentId'
    | 'email'
    | 'phone'
    | 'city'
    | 'state'
    | 'status'
    | 'createdAs'
    | 'pipeline'
    | 'manuallyReviewed'
    | 'outcome'
    | 'observations'
    | 'validationComment'
    | 'confirmedHomonym'
    | 'crimeCategory'
    | 'sentencingStatus'
    | 'createdAt'
    | 'updatedAt',
    string
  >;
  status: Record<ProfileStatus, string>;
  documentType: Record<DocumentType, string>;
  createdAs: Record<CreatedAs, string>;
  outcome: Record<'approved' | 'rejected', string>;
  yes: string;
  no: string;
  noCountry: string;
};

export const EXPORT_WORDS: Record<Locale, ExportWords> = {
  en: {
    columns: {
      id: 'ID',
      name: 'Name',
      country: 'Country',
      documentType: 'Document type',
      documentId: 'Document number',
      email: 'Email',
      phone: 'Phone',
      city: 'City',
      state: 'State',
      status: 'Status',
      createdAs: 'Created as',
      pipeline: 'Pipeline',
      manuallyReviewed: 'Manually reviewed',
      outcome: 'Outcome',
      observations: 'Observations',
      validationComment: 'Validation comment',
      confirmedHomonym: 'Confirmed homonym',
      crimeCategory: 'Crime category',
      sentencingStatus: 'Sentencing status',
      createdAt: 'Created',
      updatedAt: 'Updated',
    },
    status: {
      ERROR: 'Error',
      FAILED: 'Failed',
      INCOMPLETE: 'Incomplete',
      INFO: 'Info',
      PASSED: 'Passed',
      PENDING_MANUAL_REVIEW: 'Pending manual review',
      PENDING: 'Pending',
      PRECANDIDATE: 'Pre-candidate',
    },
    documentType: {
      national_id: 'National ID',
      foreign_id: 'Foreigner ID',
      passport: 'Passport',
      tax_id: 'Tax ID',
      other: 'Other document',
    },
    createdAs: { dashboard: 'Dashboard', api: 'API', csv: 'CSV upload', form: 'Form' },
    outcome: { approved: 'Approved', rejected: 'Rejected' },
    yes: 'Yes',
    no: 'No',
    noCountry: 'No country',
  },
  es: {
    columns: {
      id: 'ID',
      name: 'Nombre',
      country: 'País',
      documentType: 'Tipo de documento',
      documentId: 'Número de documento',
      email: 'Correo electrónico',
      phone: 'Teléfono',
      city: 'Ciudad',
      state: 'Estado o provincia',
      status: 'Estado',
      createdAs: 'Origen',
      pipeline: 'Flujo',
      manuallyReviewed: 'Revisado manualmente',
      outcome: 'Resultado',
      observations: 'Observaciones',
      validationComment: 'Comentario de validación',
      confirmedHomonym: 'Homónimo confirmado',
      crimeCategory: 'Categoría del delito',
      sentencingStatus: 'Estado de la condena',
      createdAt: 'Creado',
      updatedAt: 'Actualizado',
    },
    status: {
      ERROR: 'Error',
      FAILED: 'No aprobado',
      INCOMPLETE: 'Incompleto',
      INFO: 'Informativo',
      PASSED: 'Aprobado',
      PENDING_MANUAL_REVIEW: 'Pendiente de revisión manual',
      PENDING: 'Pendiente',
      PRECANDIDATE: 'Precandidato',
    },
    documentType: {
      national_id: 'Documento de identidad',
      foreign_id: 'Documento de extranjería',
      passport: 'Pasaporte',
      tax_id: 'Identificación tributaria',
      other: 'Otro documento',
    },
    createdAs: { dashboard: 'Panel', api: 'API', csv: 'Carga CSV', form: 'Formulario' },
    outcome: { approved: 'Aprobado', rejected: 'Rechazado' },
    yes: 'Sí',
    no: 'No',
    noCountry: 'Sin país',
  },
  pt: {
    columns: {
      id: 'ID',
      name: 'Nome',
      country: 'País',
      documentType: 'Tipo de documento',
      documentId: 'Número do documento',
      email: 'E-mail',
      phone: 'Telefone',
      city: 'Cidade',
      state: 'Estado',
      status: 'Status',
      createdAs: 'Origem',
      pipeline: 'Fluxo',
      manuallyReviewed: 'Revisado manualmente',
      outcome: 'Resultado',
      observations: 'Observações',
      validationComment: 'Comentário de validação',
      confirmedHomonym: 'Homônimo confirmado',
      crimeCategory: 'Categoria do crime',
      sentencingStatus: 'Situação da condenação',
      createdAt: 'Criado em',
      updatedAt: 'Atualizado em',
    },
    status: {
      ERROR: 'Erro',
      FAILED: 'Reprovado',
      INCOMPLETE: 'Incompleto',
      INFO: 'Informativo',
      PASSED: 'Aprovado',
      PENDING_MANUAL_REVIEW: 'Revisão manual pendente',
      PENDING: 'Pendente',
      PRECANDIDATE: 'Pré-candidato',
    },
    documentType: {
      national_id: 'Documento de identidade',
      foreign_id: 'Documento de estrangeiro',
      passport: 'Passaporte',
      tax_id: 'Identificação fiscal',
      other: 'Outro documento',
    },
    createdAs: { dashboard: 'Painel', api: 'API', csv: 'Importação CSV', form: 'Formulário' },
    outcome: { approved: 'Aprovado', rejected: 'Reprovado' },
    yes: 'Sim',
    no: 'Não',
    noCountry: 'Sem país',
  },
};
