import {
  BIOMETRIC_CONSENT_VERSION,
  CONSENT_VERSION,
  type TGetProfileResponse,
  type TIdentityCheck,
  type TIdentityPicture,
  type TIdentityReport,
  type TProfileReport,
  type TPublicForm,
} from '@centinela/shared';
import { vi } from 'vitest';
import { storeTokens } from '../../../lib/auth-storage.ts';
import { buildTokens, buildUser } from '../../../testing/data.ts';
import { json, stubApi } from '../../../testing/fetch-stub.ts';

export const CODE = 'abc123';

export const identityForm: TPublicForm = {
  code: CODE,
  company: 'Acme Seguridad S.A.',
  country: 'co',
  pipelineName: 'Identidad CO',
  inputs: ['documentType', 'documentId', 'name'],
  documentTypes: ['national_id'],
  consent: {
    version: CONSENT_VERSION,
    text: { en: 'I authorize Acme.', es: 'Autorizo a Acme.', pt: 'Autorizo a Acme.' },
  },
  uploads: { url: `/api/v1/public/forms/${CODE}/uploads`, maxBytes: 1024, maxFiles: 5 },
  identity: {
    consent: {
      version: BIOMETRIC_CONSENT_VERSION,
      text: {
        en: 'I authorize Acme to compare my selfie.',
        es: 'Autorizo a Acme a comparar mi selfie.',
        pt: 'Autorizo a Acme a comparar minha selfie.',
      },
    },
    turn: 'left',
    kinds: ['document_front', 'document_back', 'selfie', 'turned_selfie'],
    required: ['document_front', 'selfie'],
    maxTries: 3,
    maxBytes: 12 * 1024 * 1024,
    checkUrl: `/api/v1/public/forms/${CODE}/identity/check`,
    uploadUrl: `/api/v1/public/forms/${CODE}/identity/pictures`,
  },
};

export function picture(kind: TIdentityPicture['kind'], overrides: Partial<TIdentityPicture> = {}): TIdentityPicture {
  return {
    id: crypto.randomUUID(),
    kind,
    contentType: 'image/jpeg',
    size: 1000,
    problems: [],
    acceptedAfterTries: false,
    turn: kind === 'turned_selfie' ? 'left' : null,
    consentVersion: BIOMETRIC_CONSENT_VERSION,
    createdAt: '2026-11-29T10:00:00Z',
    ...overrides,
  };
}

export const retake = (code: string, message = 'server words') =>
  json(422, {
    code: 'identity_picture_retake',
    message: 'Take it again',
    issues: [{ path: 'file', code, message, key: `identity.problems.${code}` }],
  });

export type SentPicture = {
  url: string;
  fields: Record<string, string>;
  file: File | null;
  /** The names of the file parts, in order. */
  files: string[];
  headers: Headers;
};

/**
 * Multipart posts (jsdom's FormData, which the fetch stub's Request cannot read) answered by `answer`
 * and recorded as their fields; every other call goes on to the stub underneath.
 */
export function stubMultipart(answer: (sent: SentPicture) => Response | Promise<Response>): SentPicture[] {
  const sent: SentPicture[] = [];
  const inner = globalThis.fetch;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.body instanceof FormData) {
      const fields: Record<string, string> = {};
      let file: File | null = null;
      const files: string[] = [];
      for (const [k, v] of init.body.entries()) {
        if (typeof v === 'string') fields[k] = v;
        else {
          file = v;
          files.push(k);
        }
      }
      const one = { url: String(input), fields, file, files, headers: new Headers(init.headers) };
      sent.push(one);
      return Promise.resolve(answer(one));
    }
    return inner(input, init);
  });
  return sent;
}

export const jpeg = (name: string) =>
  new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], name, { type: 'image/jpeg' });

// ---------------------------------------------------------------- the flyout

export const PROFILE_ID = '7d3f0c7e-4a0e-4e55-9d5e-2f1b8f0c1a11';

export function person(reports: TProfileReport[], status: TGetProfileResponse['status'] = 'PENDING_MANUAL_REVIEW') {
  const at = '2026-11-29T10:00:00.000Z';
  const detail: TGetProfileResponse = {
    id: PROFILE_ID,
    country: 'co',
    documentType: 'national_id',
    documentId: '1020304050',
    name: 'Lucía Pérez',
    email: null,
    phone: null,
    status,
    createdAs: 'form',
    pipelineId: null,
    manuallyReviewed: false,
    outcome: null,
    createdAt: at,
    updatedAt: at,
    birthDate: '1990-05-04',
    city: null,
    cityLocode: null,
    state: null,
    createdBy: null,
    createdByUsername: null,
    observations: null,
    validationComment: null,
    confirmedHomonym: false,
    excludedProcessType: null,
    crimeCategory: null,
    sentencingStatus: null,
    inputs: {},
    preferredContact: null,
    reports,
    consent: null,
    consentWithdrawal: null,
  };
  return detail;
}

export function identityReportRow(overrides: Partial<TProfileReport> = {}): TProfileReport {
  return {
    id: crypto.randomUUID(),
    type: 'identity_document',
    status: 'PENDING_MANUAL_REVIEW',
    findings: [],
    missingInputs: [],
    details: null,
    attempts: 1,
    lastError: null,
    startedAt: '2026-11-29T10:00:00Z',
    completedAt: '2026-11-29T10:00:05Z',
    createdAt: '2026-11-29T10:00:00Z',
    updatedAt: '2026-11-29T10:00:05Z',
    ...overrides,
  };
}

const check = (
  name: TIdentityCheck['check'],
  outcome: TIdentityCheck['outcome'],
  reason: string,
  score: number | null = null,
): TIdentityCheck => ({ check: name, outcome, reason, score, label: name, message: reason });

export function identityReport(overrides: Partial<TIdentityReport> = {}): TIdentityReport {
  const checks = [
    check('readable', 'passed', 'pdf417'),
    check('document_number', 'passed', 'equal'),
    check('name', 'review', 'partial', 0.9),
    check('face', 'passed', 'match', 0.41),
  ];
  return {
    profileId: PROFILE_ID,
    reportId: crypto.randomUUID(),
    status: 'PENDING_MANUAL_REVIEW',
    verdict: 'PENDING_MANUAL_REVIEW',
    checks,
    reasons: [checks[2]!],
    readings: [
      {
        source: 'pdf417',
        document: 'co_cedula',
        country: 'CO',
        documentNumber: '1020304050',
        surnames: 'PEREZ',
        givenNames: 'LUCIA',
        sex: 'F',
        birthDate: '1990-05-04',
        expiryDate: null,
      },
    ],
    faceDistance: 0.41,
    person: { name: 'Lucía Pérez Gómez', documentId: '1020304050', birthDate: '1990-05-04', country: 'co' },
    pictures: [picture('document_front'), picture('document_back'), picture('selfie'), picture('turned_selfie')],
    review: null,
    completedAt: '2026-11-29T10:00:05Z',
    ...overrides,
  };
}

/** A signed-in analyst (profiles and reports scopes) with `extra` handlers. */
export function signedIn(extra: Parameters<typeof stubApi>[0]) {
  storeTokens(buildTokens());
  const user = buildUser({
    availableCountries: ['co'],
    defaultCountry: 'co',
    scope: ['profiles:read', 'profiles:write', 'reports:run', 'reports:review'],
  });
  return stubApi({
    'GET /api/auth/user': () => json(200, { user }),
    'GET /api/v1/profiles': () => json(200, { items: [], nextCursor: null }),
    'GET /api/v1/profiles/counts': () => json(200, { total: 0, byStatus: {} }),
    'GET /api/v1/pipelines': () => json(200, { items: [] }),
    [`GET /api/v1/profiles/${PROFILE_ID}/views`]: () => json(200, { items: [] }),
    ...extra,
  });
}
