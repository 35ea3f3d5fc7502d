import type { Locale, ReferenceCheckStatus, ReferenceStatus, ReportStatus, ReportType } from '../enums.ts';
import type { SolSummaryField } from '../sol/schemas.ts';

/**
 * The words of the PDF report beyond the export's (EXPORT_WORDS: person fields, statuses,
 * document types, outcomes), worded as the pages word them (apps/web/src/locales: reports.types,
 * profiles.findings, sol.summary…). The server writes the PDF, so its words live here.
 */
export type ReportPdfWords = {
  title: string;
  issuedBy: string;
  issuedAt: string;
  timeZone: string;
  sections: Record<'person' | 'reports' | 'review' | 'sol' | 'verification', string>;
  reportTypes: Record<ReportType, string>;
  reportStatuses: Record<ReportStatus, string>;
  report: {
    source: string;
    requested: string;
    started: string;
    completed: string;
    noReports: string;
    noFindings: string;
    notRunYet: string;
    inProgress: string;
    incomplete: string;
    /** A report that ended in ERROR for a reason other than a withdrawn consent. */
    couldNotComplete: string;
    /** A report the candidate's withdrawal of consent stopped. */
    consentWithdrawn: string;
  };
  findings: {
    matchedById: string;
    matchedByName: string;
    sourceNote: string;
    severity: Record<'adverse' | 'info', string>;
    source: string;
    date: string;
    crimeCategory: string;
    sentencingStatus: string;
    /** A watch-list match as evidence: where it is listed, why it matched, and how it was ruled. */
    watchlist: {
      lists: Record<'ofac-sdn' | 'un-sc' | 'sat-69b', string>;
      list: string;
      entry: string;
      link: string;
      matchedName: string;
      weakAlias: string;
      document: string;
      birthDate: string;
      birthAgreement: Record<'agrees' | 'contradicts' | 'unknown', string>;
      score: string;
      nameScore: string;
      version: string;
      ruling: string;
      verdicts: Record<'homonym' | 'confirmed' | 'acknowledged', string>;
      notRuled: string;
      /** A ruling a later one replaced, printed under the current one. */
      replaced: string;
      by: string;
      reason: string;
    };
  };
  review: { decision: string; none: string; decidedAt: string; comment: string };
  sol: {
    none: string;
    status: string;
    statuses: Record<ReferenceCheckStatus, string>;
    requested: string;
    contacted: string;
    completed: string;
    reference: string;
    relationship: string;
    referenceStatuses: Record<ReferenceStatus, string>;
    called: string;
    noSummary: string;
    /** Before a summary field's "mm:ss": where in the call it was said. */
    at: string;
    fields: Record<SolSummaryField, string>;
  };
  verification: { code: string; howTo: string; page: string };
};

export const REPORT_PDF_WORDS: Record<Locale, ReportPdfWords> = {
  en: {
    title: 'Background check report',
    issuedBy: 'Issued by',
    issuedAt: 'Issued on',
    timeZone: 'time zone',
    sections: {
      person: 'Person',
      reports: 'Reports',
      review: 'Review decision',
      sol: 'Sol reference check',
      verification: 'Verification',
    },
    reportTypes: {
      arrest_warrants: 'Arrest warrants',
      judicial_records: 'Judicial records',
      criminal_records: 'Criminal records',
      police_record: 'Police record',
      procuradoria_sanctions: 'Procuradoria sanctions',
      news_search: 'News search',
      process_search: 'Process search',
      state_records: 'State records',
      justice_report: 'Justice report',
      employment_references: 'Employment references',
      watchlists: 'Watch lists',
      identity_document: 'Identity document',
    },
    reportStatuses: {
      COMPLETED: 'Completed',
      ERROR: 'Error',
      INCOMPLETE: 'Incomplete',
      INFO: 'Info',
      PENDING_MANUAL_REVIEW: 'Pending manual review',
      PENDING: 'Pending',
    },
    report: {
      source: 'Source',
      requested: 'Requested',
      started: 'Started',
      completed: 'Completed',
      noReports: 'No reports for this person yet.',
      noFindings: 'No records found.',
      notRunYet: 'Not run yet.',
      inProgress: 'Check in progress.',
      incomplete: 'Not run: information this check needs is missing.',
      couldNotComplete: 'Could not complete: the source could not be reached; no result.',
      consentWithdrawn: 'Stopped: consent withdrawn.',
    },
    findings: {
      matchedById: 'Matched by document',
      matchedByName: 'Matched by name only (possible homonym)',
      sourceNote: 'About the source',
      severity: { adverse: 'Adverse', info: 'Informational' },
      source: 'Source',
      date: 'Date',
      crimeCategory: 'Crime category',
      sentencingStatus: 'Sentencing status',
      watchlist: {
        lists: {
          'ofac-sdn': 'OFAC SDN (U.S. Treasury)',
          'un-sc': 'UN Security Council',
          'sat-69b': 'SAT 69-B (Mexico)',
        },
        list: 'List',
        entry: 'Entry',
        link: 'Link',
        matchedName: 'Name that matched',
        weakAlias: 'weak alias',
        document: 'Document that matched',
        birthDate: 'Date of birth',
        birthAgreement: {
          agrees: 'agrees with the list',
          contradicts: 'contradicts the list',
          unknown: 'not compared',
        },
        score: 'Score',
        nameScore: 'name',
        version: 'List version',
        ruling: 'Ruling',
        verdicts: {
          homonym: 'Homonym — not this person',
          confirmed: 'It is this person',
          acknowledged: 'Acknowledged',
        },
        notRuled: 'Not ruled yet',
        replaced: 'Earlier ruling',
        by: 'by',
        reason: 'Reason',
      },
    },
    review: { decision: 'Decision', none: 'No decision', decidedAt: 'Decided on', comment: 'Comment' },
    sol: {
      none: 'No Sol reference check for this person.',
      status: 'Status',
      statuses: {
        pending: 'Requested',
        contacting: 'Contacting candidate',
        collecting: 'Collecting references',
        calling: 'Calling references',
        summarising: 'Summarising',
        completed: 'Completed',
        declined: 'Declined by the candidate',
        expired: 'Expired (48-hour deadline passed)',
      },
      requested: 'Requested',
      contacted: 'Candidate contacted',
      completed: 'Completed',
      reference: 'Reference',
      relationship: 'Relationship',
      referenceStatuses: {
        pending: 'Waiting',
        calling: 'Calling',
        completed: 'Answered',
        unreachable: 'Unreachable',
        declined: 'Declined',
      },
      called: 'Call date',
      noSummary: 'No summary yet.',
      at: 'at',
      fields: {
        evaluation: 'Evaluation',
        companyAndPosition: 'Company and position',
        employmentDates: 'Employment dates',
        strengths: 'Strengths',
        interpersonalSkills: 'Interpersonal skills',
        improvementAreas: 'Improvement areas',
        reasonForLeaving: 'Reason for leaving',
        rehire: 'Would rehire',
        overallTone: 'Overall tone',
      },
    },
    verification: {
      code: 'Verification code',
      howTo: 'Scan the code or open the address below to check who issued this PDF, when, and that it is unchanged.',
      page: 'Page {{page}} of {{count}}',
    },
  },
  es: {
    title: 'Informe de verificación de antecedentes',
    issuedBy: 'Emitido por',
    issuedAt: 'Emitido el',
    timeZone: 'zona horaria',
    sections: {
      person: 'Persona',
      reports: 'Informes',
      review: 'Decisión de la revisión',
      sol: 'Verificación de referencias de Sol',
      verification: 'Verificación',
    },
    reportTypes: {
      arrest_warrants: 'Órdenes de captura',
      judicial_records: 'Antecedentes judiciales',
      criminal_records: 'Antecedentes penales',
      police_record: 'Registro de policía',
      procuradoria_sanctions: 'Sanciones de la Procuraduría',
      news_search: 'Búsqueda en noticias',
      process_search: 'Búsqueda de procesos',
      state_records: 'Registros estatales',
      justice_report: 'Informe de justicia',
      employment_references: 'Referencias laborales',
      watchlists: 'Listas restrictivas',
      identity_document: 'Documento de identidad',
    },
    reportStatuses: {
      COMPLETED: 'Completado',
      ERROR: 'Error',
      INCOMPLETE: 'Incompleto',
      INFO: 'Informativo',
      PENDING_MANUAL_REVIEW: 'Pendiente de revisión manual',
      PENDING: 'Pendiente',
    },
    report: {
      source: 'Fuente',
      requested: 'Solicitado',
      started: 'Iniciado',
      completed: 'Completado',
      noReports: 'Esta persona aún no tiene informes.',
      noFindings: 'No se encontraron registros.',
      notRunYet: 'Aún no se ha ejecutado.',
      inProgress: 'Verificación en curso.',
      incomplete: 'No se ejecutó: falta información que esta verificación necesita.',
      couldNotComplete: 'No se pudo completar: no fue posible consultar la fuente; sin resultado.',
      consentWithdrawn: 'Detenido: consentimiento retirado.',
    },
    findings: {
      matchedById: 'Coincide por documento',
      matchedByName: 'Coincide solo por nombre (posible homónimo)',
      sourceNote: 'Sobre la fuente',
      severity: { adverse: 'Adverso', info: 'Informativo' },
      source: 'Fuente',
      date: 'Fecha',
      crimeCategory: 'Categoría del delito',
      sentencingStatus: 'Estado de la condena',
      watchlist: {
        lists: {
          'ofac-sdn': 'OFAC SDN (Tesoro de EE. UU.)',
          'un-sc': 'Consejo de Seguridad de la ONU',
          'sat-69b': 'SAT 69-B (México)',
        },
        list: 'Lista',
        entry: 'Registro',
        link: 'Enlace',
        matchedName: 'Nombre que coincidió',
        weakAlias: 'alias débil',
        document: 'Documento que coincidió',
        birthDate: 'Fecha de nacimiento',
        birthAgreement: {
          agrees: 'coincide con la lista',
          contradicts: 'contradice la lista',
          unknown: 'no comparada',
        },
        score: 'Puntaje',
        nameScore: 'nombre',
        version: 'Versión de la lista',
        ruling: 'Dictamen',
        verdicts: { homonym: 'Homónimo — no es esta persona', confirmed: 'Es esta persona', acknowledged: 'Enterado' },
        notRuled: 'Sin dictamen todavía',
        replaced: 'Dictamen anterior',
        by: 'por',
        reason: 'Motivo',
      },
    },
    review: { decision: 'Decisión', none: 'Sin decisión', decidedAt: 'Decidido el', comment: 'Comentario' },
    sol: {
      none: 'Esta persona no tiene verificación de referencias de Sol.',
      status: 'Estado',
      statuses: {
        pending: 'Solicitada',
        contacting: 'Contactando al candidato',
        collecting: 'Recibiendo referencias',
        calling: 'Llamando a las referencias',
        summarising: 'Resumiendo',
        completed: 'Completada',
        declined: 'Rechazada por el candidato',
        expired: 'Vencida (pasó el plazo de 48 horas)',
      },
      requested: 'Solicitada',
      contacted: 'Candidato contactado',
      completed: 'Completada',
      reference: 'Referencia',
      relationship: 'Relación',
      referenceStatuses: {
        pending: 'En espera',
        calling: 'Llamando',
        completed: 'Respondió',
        unreachable: 'Sin respuesta',
        declined: 'Rechazó',
      },
      called: 'Fecha de la llamada',
      noSummary: 'Aún no hay resumen.',
      at: 'en',
      fields: {
        evaluation: 'Evaluación',
        companyAndPosition: 'Empresa y cargo',
        employmentDates: 'Fechas de empleo',
        strengths: 'Fortalezas',
        interpersonalSkills: 'Habilidades interpersonales',
        improvementAreas: 'Áreas de mejora',
        reasonForLeaving: 'Motivo de salida',
        rehire: 'Lo volvería a contratar',
        overallTone: 'Tono general',
      },
    },
    verification: {
      code: 'Código de verificación',
      howTo:
        'Escanee el código o abra la dirección siguiente para comprobar quién emitió este PDF, cuándo, y que no ha sido modificado.',
      page: 'Página {{page}} de {{count}}',
    },
  },
  pt: {
    title: 'Relatório de verificação de antecedentes',
    issuedBy: 'Emitido por',
    issuedAt: 'Emitido em',
    timeZone: 'fuso horário',
    sections: {
      person: 'Pessoa',
      reports: 'Relatórios',
      review: 'Decisão da revisão',
      sol: 'Verificação de referências do Sol',
      verification: 'Verificação',
    },
    reportTypes: {
      arrest_warrants: 'Mandados de prisão',
      judicial_records: 'Registros judiciais',
      criminal_records: 'Antecedentes criminais',
      police_record: 'Registro policial',
      procuradoria_sanctions: 'Sanções da Procuradoria',
      news_search: 'Pesquisa de notícias',
      process_search: 'Pesquisa de processos',
      state_records: 'Registros estaduais',
      justice_report: 'Relatório da Justiça',
      employment_references: 'Referências profissionais',
      watchlists: 'Listas restritivas',
      identity_document: 'Documento de identidade',
    },
    reportStatuses: {
      COMPLETED: 'Concluído',
      ERROR: 'Erro',
      INCOMPLETE: 'Incompleto',
      INFO: 'Informativo',
      PENDING_MANUAL_REVIEW: 'Revisão manual pendente',
      PENDING: 'Pendente',
    },
    report: {
      source: 'Fonte',
      requested: 'Solicitado em',
      started: 'Iniciado em',
      completed: 'Concluído em',
      noReports: 'Ainda não há relatórios para esta pessoa.',
      noFindings: 'Nenhum registro encontrado.',
      notRunYet: 'Ainda não executado.',
      inProgress: 'Verificação em andamento.',
      incomplete: 'Não executado: faltam informações de que esta verificação precisa.',
      couldNotComplete: 'Não foi possível concluir: não foi possível consultar a fonte; sem resultado.',
      consentWithdrawn: 'Interrompido: consentimento retirado.',
    },
    findings: {
      matchedById: 'Correspondência pelo documento',
      matchedByName: 'Correspondência só pelo nome (possível homônimo)',
      sourceNote: 'Sobre a fonte',
      severity: { adverse: 'Desfavorável', info: 'Informativo' },
      source: 'Fonte',
      date: 'Data',
      crimeCategory: 'Categoria do crime',
      sentencingStatus: 'Situação da condenação',
      watchlist: {
        lists: {
          'ofac-sdn': 'OFAC SDN (Tesouro dos EUA)',
          'un-sc': 'Conselho de Segurança da ONU',
          'sat-69b': 'SAT 69-B (México)',
        },
        list: 'Lista',
        entry: 'Registro',
        link: 'Link',
        matchedName: 'Nome que correspondeu',
        weakAlias: 'alias fraco',
        document: 'Documento que correspondeu',
        birthDate: 'Data de nascimento',
        birthAgreement: { agrees: 'coincide com a lista', contradicts: 'contradiz a lista', unknown: 'não comparada' },
        score: 'Pontuação',
        nameScore: 'nome',
        version: 'Versão da lista',
        ruling: 'Decisão',
        verdicts: { homonym: 'Homônimo — não é esta pessoa', confirmed: 'É esta pessoa', acknowledged: 'Ciente' },
        notRuled: 'Ainda sem decisão',
        replaced: 'Decisão anterior',
        by: 'por',
        reason: 'Motivo',
      },
    },
    review: { decision: 'Decisão', none: 'Sem decisão', decidedAt: 'Decidido em', comment: 'Comentário' },
    sol: {
      none: 'Esta pessoa não tem verificação de referências do Sol.',
      status: 'Status',
      statuses: {
        pending: 'Solicitada',
        contacting: 'Contatando o candidato',
        collecting: 'Coletando referências',
        calling: 'Ligando para as referências',
        summarising: 'Resumindo',
        completed: 'Concluída',
        declined: 'Recusada pelo candidato',
        expired: 'Expirada (prazo de 48 horas vencido)',
      },
      requested: 'Solicitada em',
      contacted: 'Candidato contatado em',
      completed: 'Concluída em',
      reference: 'Referência',
      relationship: 'Relação',
      referenceStatuses: {
        pending: 'Aguardando',
        calling: 'Ligando',
        completed: 'Atendeu',
        unreachable: 'Sem resposta',
        declined: 'Recusou',
      },
      called: 'Data da ligação',
      noSummary: 'Ainda não há resumo.',
      at: 'em',
      fields: {
        evaluation: 'Avaliação',
        companyAndPosition: 'Empresa e cargo',
        employmentDates: 'Período de trabalho',
        strengths: 'Pontos fortes',
        interpersonalSkills: 'Habilidades interpessoais',
        improvementAreas: 'Pontos a melhorar',
        reasonForLeaving: 'Motivo da saída',
        rehire: 'Contrataria novamente',
        overallTone: 'Tom geral',
      },
    },
    verification: {
      code: 'Código de verificação',
      howTo:
        'Escaneie o código ou abra o endereço abaixo para conferir quem emitiu este PDF, quando, e que ele não foi alterado.',
      page: 'Página {{page}} de {{count}}',
    },
  },
};
