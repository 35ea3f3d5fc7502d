import type { IssueCatalogue } from './en.ts';

/** Spanish (Latin America, usted) issue messages; keys and placeholders as in en.ts. */
export const es: IssueCatalogue = {
  profiles: {
    validation: {
      countryRequired: 'Elija un país.',
      invalidPhone: 'Ingrese un teléfono válido con el prefijo del país, empezando por +.',
      consentAttestation: 'Confirme que el candidato consintió la verificación de antecedentes.',
      emailOrPhone: 'Indique un correo electrónico o un número de teléfono.',
      pipelineOrReports: 'Elija un flujo o al menos un informe.',
      nothingToUpdate: 'Cambie al menos un campo.',
      pipelineNotFound: 'Este flujo no existe.',
      pipelineCountry: 'Este flujo es de otro país.',
      reportNotAvailable: 'Este informe no está disponible en el país elegido.',
    },
  },
  csvImport: {
    problems: {
      binary: 'El archivo no es texto (¿un archivo binario renombrado .csv?).',
      empty: 'El archivo está vacío.',
      no_rows: 'El archivo tiene encabezado pero ninguna fila.',
      empty_column_name: 'Los nombres de las columnas deben especificarse.',
      duplicate_column_name: 'Dos columnas tienen el mismo nombre.',
      unparsable: 'Hay comillas sin cerrar o una fila mal formada.',
      too_large: 'El archivo es demasiado grande.',
      not_csv: 'El archivo no es un CSV.',
    },
    mapping: {
      missing: 'Relacione este campo con una columna.',
      duplicate: 'Esta columna ya está relacionada con otro campo.',
      unknown_column: 'El archivo no tiene esa columna.',
    },
    validation: {
      columnName: 'Los nombres de las columnas deben especificarse.',
      pipelineRequired: 'Elija un flujo.',
      pipelineOrReports: 'Elija un flujo o informes, no ambos.',
      reportsRequired: 'Elija al menos un informe.',
      duplicateColumn: 'Cada columna puede relacionarse con un solo campo.',
    },
  },
  management: {
    validation: {
      codeName: 'Use minúsculas, dígitos y guiones simples (por ejemplo acme-seguros).',
      nothingToUpdate: 'Cambie al menos un campo.',
      rolesRequired: 'Elija al menos un rol.',
      rolesRepeated: 'Hay un rol repetido.',
      countriesRequired: 'Elija al menos un país.',
      countriesRepeated: 'Hay un país repetido.',
      defaultCountry: 'El país predeterminado debe ser uno de los países disponibles.',
      emailsRequired: 'Ingrese al menos un correo electrónico.',
      credits: 'Los créditos deben ser cero o más.',
      ownerRequired: 'Elija el cliente o asigne un rol de plataforma (administrador o soporte).',
      passwordShort: 'La contraseña necesita al menos {{min}} caracteres.',
      retentionMonths: 'La retención es un número entero de meses, de 1 a 120.',
    },
  },
  pipelines: {
    validation: {
      nameTooLong: 'El nombre puede tener como máximo 21 caracteres.',
      countryRequired: 'Elija un país.',
      reportsRequired: 'Elija al menos un informe.',
      duplicateReports: 'Cada informe se puede elegir una sola vez.',
      reportNotAvailable: 'Este informe no está disponible en el país elegido.',
      nothingToUpdate: 'Cambie al menos un campo.',
    },
  },
  forms: {
    validation: {
      consentRequired: 'Debe aceptar la autorización para continuar.',
      expiryPast: 'Elija una fecha futura.',
      pipelineRequired: 'Elija un flujo.',
      uploadUnknown: 'No se encontró un documento adjunto; vuelva a adjuntarlo.',
      identityPicturesRequired: 'Tome las fotos de su documento y su selfie para continuar.',
    },
    problems: {
      refused: 'La empresa que le envió este formulario no puede recibir respuestas por ahora. Comuníquese con ella.',
    },
  },
  metrics: {
    validation: {
      range: 'La fecha final no puede ser anterior a la inicial.',
      rangeTooLong: 'Elija como máximo 366 días.',
    },
  },
  webhooks: {
    validation: {
      url: 'Ingrese una URL http:// o https://.',
      events: 'Elija al menos un evento.',
    },
  },
  watchlists: {
    validation: {
      threshold: 'El umbral debe estar entre 50 % y 100 %.',
    },
  },
  uploads: {
    problems: {
      type_not_allowed: 'Este tipo de archivo no está permitido.',
      name_mismatch: 'El contenido del archivo no corresponde al tipo que indica su nombre.',
      svg_invalid: 'Esta imagen SVG no se puede leer de forma segura.',
      empty: 'El archivo está vacío.',
    },
  },
  identity: {
    problems: {
      too_blurry: 'La foto está borrosa: sostenga el teléfono quieto y deje que enfoque.',
      too_dark: 'La foto está muy oscura: busque un lugar con más luz.',
      too_bright: 'La foto tiene demasiada luz: evite los reflejos y la luz directa.',
      code_unreadable: 'No se puede leer el código del documento: acerque el teléfono y evite los reflejos.',
      no_face: 'No se ve ningún rostro: asegúrese de que su cara (o la foto del documento) salga en la imagen.',
      several_faces: 'Se ve más de un rostro: solo usted debe aparecer en la foto.',
      face_too_small: 'Su cara se ve muy pequeña: acerque el teléfono.',
    },
  },
};
