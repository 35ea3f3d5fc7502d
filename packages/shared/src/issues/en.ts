/**
 * The sentences of the keys the API names in an error's `issues`, which the web's forms show too: one
 * source for the server (plugins/errors.ts words each issue in the caller's language) and the web app
 * (lib/i18n.ts merges it into its catalogue). Placeholders are i18next's {{name}}. The `validation.*`
 * keys are the general form rules' messages (../validation/messages), not repeated here.
 */
export const en = {
  profiles: {
    validation: {
      countryRequired: 'Choose a country.',
      invalidPhone: 'Enter a valid phone number with its country prefix, starting with +.',
      consentAttestation: 'Confirm that the candidate consented to the background check.',
      emailOrPhone: 'Provide either an email or a phone number.',
      pipelineOrReports: 'Choose a pipeline or at least one report.',
      nothingToUpdate: 'Change at least one field.',
      pipelineNotFound: 'This pipeline does not exist.',
      pipelineCountry: 'This pipeline is for another country.',
      reportNotAvailable: 'This report is not available in the chosen country.',
    },
  },
  csvImport: {
    problems: {
      binary: 'The file is not text (a binary file renamed .csv?).',
      empty: 'The file is empty.',
      no_rows: 'The file has a header but no rows.',
      empty_column_name: 'Column names must be specified.',
      duplicate_column_name: 'Two columns have the same name.',
      unparsable: 'A quote is not closed or a row is malformed.',
      too_large: 'The file is too large.',
      not_csv: 'The file is not a CSV file.',
    },
    mapping: {
      missing: 'Match this field to a column.',
      duplicate: 'This column is already matched to another field.',
      unknown_column: 'The file has no such column.',
    },
    validation: {
      columnName: 'Column names must be specified.',
      pipelineRequired: 'Choose a pipeline.',
      pipelineOrReports: 'Choose a pipeline or reports, not both.',
      reportsRequired: 'Choose at least one report.',
      duplicateColumn: 'Each column can be matched to one field only.',
    },
  },
  management: {
    validation: {
      codeName: 'Use lower-case letters, digits and single hyphens (for example acme-seguros).',
      nothingToUpdate: 'Change at least one field.',
      rolesRequired: 'Choose at least one role.',
      rolesRepeated: 'A role is repeated.',
      countriesRequired: 'Choose at least one country.',
      countriesRepeated: 'A country is repeated.',
      defaultCountry: 'The default country must be one of the available countries.',
      emailsRequired: 'Enter at least one email.',
      credits: 'Credits must be zero or more.',
      ownerRequired: 'Choose the owner, or give a platform role (admin or support).',
      passwordShort: 'The password needs at least {{min}} characters.',
      retentionMonths: 'Retention is a whole number of months from 1 to 120.',
    },
  },
  pipelines: {
    validation: {
      nameTooLong: 'The name may have at most 21 characters.',
      countryRequired: 'Choose a country.',
      reportsRequired: 'Choose at least one report.',
      duplicateReports: 'Each report may be chosen once.',
      reportNotAvailable: 'This report is not available in the chosen country.',
      nothingToUpdate: 'Change at least one field.',
    },
  },
  forms: {
    validation: {
      consentRequired: 'You must accept the authorization to continue.',
      expiryPast: 'Choose a date in the future.',
      pipelineRequired: 'Choose a pipeline.',
      uploadUnknown: 'An attached document could not be found; attach it again.',
      identityPicturesRequired: 'Take the pictures of your document and your selfie to continue.',
    },
    problems: {
      refused: 'The company that sent this form cannot take new submissions right now. Please contact them.',
    },
  },
  metrics: {
    validation: {
      range: 'The end date must not be before the start date.',
      rangeTooLong: 'Choose at most 366 days.',
    },
  },
  webhooks: {
    validation: {
      url: 'Enter an http:// or https:// URL.',
      events: 'Choose at least one event.',
    },
  },
  watchlists: {
    validation: {
      threshold: 'The threshold must be between 50 % and 100 %.',
    },
  },
  uploads: {
    problems: {
      type_not_allowed: 'This file type is not allowed.',
      name_mismatch: 'The file’s content does not match the type its name says.',
      svg_invalid: 'This SVG image cannot be read safely.',
      empty: 'The file is empty.',
    },
  },
  identity: {
    problems: {
      too_blurry: 'The picture is blurry: hold the phone still and let it focus.',
      too_dark: 'The picture is too dark: move to a brighter place.',
      too_bright: 'The picture is too bright: avoid the glare and direct light.',
      code_unreadable: 'The code on the document cannot be read: hold the phone closer and avoid the glare.',
      no_face: 'No face can be seen: make sure your face (or the document’s photo) is in the picture.',
      several_faces: 'More than one face can be seen: only you should be in the picture.',
      face_too_small: 'Your face is too small: hold the phone closer.',
    },
  },
} as const;

/** Same sections and keys as `en`, any words. */
type Words<T> = { readonly [K in keyof T]: T[K] extends string ? string : Words<T[K]> };
export type IssueCatalogue = Words<typeof en>;
