import type { IssueCatalogue } from './en.ts';

/** Brazilian Portuguese (você) issue messages; keys and placeholders as in en.ts. */
export const pt: IssueCatalogue = {
  profiles: {
    validation: {
      countryRequired: 'Escolha um país.',
      invalidPhone: 'Informe um telefone válido com o código do país, começando por +.',
      consentAttestation: 'Confirme que o candidato consentiu com a verificação de antecedentes.',
      emailOrPhone: 'Informe um e-mail ou um número de telefone.',
      pipelineOrReports: 'Escolha um fluxo ou pelo menos um relatório.',
      nothingToUpdate: 'Altere pelo menos um campo.',
      pipelineNotFound: 'Este fluxo não existe.',
      pipelineCountry: 'Este fluxo é de outro país.',
      reportNotAvailable: 'Este relatório não está disponível no país escolhido.',
    },
  },
  csvImport: {
    problems: {
      binary: 'O arquivo não é texto (um arquivo binário renomeado como .csv?).',
      empty: 'O arquivo está vazio.',
      no_rows: 'O arquivo tem cabeçalho, mas nenhuma linha.',
      empty_column_name: 'Os nomes das colunas devem ser informados.',
      duplicate_column_name: 'Duas colunas têm o mesmo nome.',
      unparsable: 'Há aspas não fechadas ou uma linha malformada.',
      too_large: 'O arquivo é grande demais.',
      not_csv: 'O arquivo não é um CSV.',
    },
    mapping: {
      missing: 'Associe este campo a uma coluna.',
      duplicate: 'Esta coluna já está associada a outro campo.',
      unknown_column: 'O arquivo não tem essa coluna.',
    },
    validation: {
      columnName: 'Os nomes das colunas devem ser informados.',
      pipelineRequired: 'Escolha um fluxo.',
      pipelineOrReports: 'Escolha um fluxo ou relatórios, não ambos.',
      reportsRequired: 'Escolha pelo menos um relatório.',
      duplicateColumn: 'Cada coluna pode ser associada a um único campo.',
    },
  },
  management: {
    validation: {
      codeName: 'Use letras minúsculas, dígitos e hifens simples (por exemplo acme-seguros).',
      nothingToUpdate: 'Altere pelo menos um campo.',
      rolesRequired: 'Escolha pelo menos uma função.',
      rolesRepeated: 'Há uma função repetida.',
      countriesRequired: 'Escolha pelo menos um país.',
      countriesRepeated: 'Há um país repetido.',
      defaultCountry: 'O país padrão deve ser um dos países disponíveis.',
      emailsRequired: 'Informe pelo menos um e-mail.',
      credits: 'Os créditos devem ser zero ou mais.',
      ownerRequired: 'Escolha o cliente ou atribua uma função da plataforma (administrador ou suporte).',
      passwordShort: 'A senha precisa de pelo menos {{min}} caracteres.',
      retentionMonths: 'A retenção é um número inteiro de meses, de 1 a 120.',
    },
  },
  pipelines: {
    validation: {
      nameTooLong: 'O nome pode ter no máximo 21 caracteres.',
      countryRequired: 'Escolha um país.',
      reportsRequired: 'Escolha pelo menos um relatório.',
      duplicateReports: 'Cada relatório só pode ser escolhido uma vez.',
      reportNotAvailable: 'Este relatório não está disponível no país escolhido.',
      nothingToUpdate: 'Altere pelo menos um campo.',
    },
  },
  forms: {
    validation: {
      consentRequired: 'Você precisa aceitar a autorização para continuar.',
      expiryPast: 'Escolha uma data futura.',
      pipelineRequired: 'Escolha um fluxo.',
      uploadUnknown: 'Nenhum documento anexado foi encontrado; anexe-o novamente.',
      identityPicturesRequired: 'Tire as fotos do seu documento e a sua selfie para continuar.',
    },
    problems: {
      refused: 'A empresa que enviou este formulário não pode receber respostas no momento. Entre em contato com ela.',
    },
  },
  metrics: {
    validation: {
      range: 'A data final não pode ser anterior à inicial.',
      rangeTooLong: 'Escolha no máximo 366 dias.',
    },
  },
  webhooks: {
    validation: {
      url: 'Informe uma URL http:// ou https://.',
      events: 'Escolha pelo menos um evento.',
    },
  },
  watchlists: {
    validation: {
      threshold: 'O limite deve estar entre 50% e 100%.',
    },
  },
  uploads: {
    problems: {
      type_not_allowed: 'Este tipo de arquivo não é permitido.',
      name_mismatch: 'O conteúdo do arquivo não corresponde ao tipo indicado pelo nome.',
      svg_invalid: 'Esta imagem SVG não pode ser lida com segurança.',
      empty: 'O arquivo está vazio.',
    },
  },
  identity: {
    problems: {
      too_blurry: 'A foto está desfocada: segure o celular parado e deixe-o focar.',
      too_dark: 'A foto está escura demais: procure um lugar mais iluminado.',
      too_bright: 'A foto está clara demais: evite reflexos e luz direta.',
      code_unreadable: 'Não foi possível ler o código do documento: aproxime o celular e evite reflexos.',
      no_face: 'Nenhum rosto aparece: verifique se o seu rosto (ou a foto do documento) está na imagem.',
      several_faces: 'Aparece mais de um rosto: só você deve estar na foto.',
      face_too_small: 'Seu rosto está pequeno demais: aproxime o celular.',
    },
  },
};
