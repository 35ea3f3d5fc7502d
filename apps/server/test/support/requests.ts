import fc from 'fast-check';
import { CONSENT_VERSION } from '@centinela/shared';
import type { z } from 'zod';
import type { ApiRoute } from '../../src/plugins/auth.ts';
import { randomBytes } from 'node:crypto';
import { createApiKey, createOwner, createProfile, createUser, PASSWORD } from '../factories.ts';
import { createCsvJob } from './csv.ts';
import { createFormLink, createUploadRow } from './forms.ts';
import { multipart } from './multipart.ts';
import { createPipeline, createReport } from './profiles-fixtures.ts';
import { validArbitrary } from './arbitraries.ts';
import { createWebhookDelivery, createWebhookEndpoint } from './webhooks.ts';
import { routeKey, type World } from './world.ts';
import { createReferenceCheck, matrixSignalId } from './sol.ts';
import { createWatchlistAlert, tinyOfacList } from './watchlists.ts';
import { createIssuedPdf } from './report-pdf.ts';
import { createPictureOfNewestPerson } from './identity.ts';
import { createCandidatePage, createCorrection, createExport } from './candidate.ts';

export type Query = Record<string, string | string[]>;
export type RequestParts = {
  params: Record<string, string>;
  query: Query;
  body?: unknown;
  rawBody?: string;
  contentType?: string;
};

/** A path parameter the harness can fill: `tenantOwned` ones get an object of tenant A and one of tenant B. */
type ParamFixture = { tenantOwned: boolean; create: (world: World, ownerId: string) => Promise<string> };

/**
 * How to make the object a path parameter names, keyed by the URL segment before it
 * (`/api/v1/profiles/:id` → `profiles`). A route whose parameter is missing here fails the matrix:
 * add its resource when you add the route.
 */
const PARAM_FIXTURES: Record<string, ParamFixture> = {
  profiles: { tenantOwned: true, create: async (world, ownerId) => (await createProfile(world.db, ownerId)).id },
  pipelines: { tenantOwned: true, create: async (world, ownerId) => (await createPipeline(world.db, ownerId)).id },
  // A finished report (a PENDING one may be held by a worker: re-running it answers 409).
  reports: { tenantOwned: true, create: async (world, ownerId) => (await createReport(world.db, ownerId)).id },
  // An owner is no tenant's object: each cell gets a fresh, empty one (a DELETE must not remove tenant A).
  owners: { tenantOwned: false, create: async (world) => (await createOwner(world.db)).id },
  users: {
    tenantOwned: true,
    create: async (world, ownerId) => (await createUser(world.db, { ownerId, roles: ['viewer'] })).id,
  },
  'api-keys': { tenantOwned: true, create: async (world, ownerId) => (await createApiKey(world.db, ownerId)).id },
  // /api/v1/webhooks/endpoints/:id and /api/v1/webhooks/deliveries/:id.
  endpoints: {
    tenantOwned: true,
    create: async (world, ownerId) => (await createWebhookEndpoint(world.db, ownerId)).id,
  },
  deliveries: {
    tenantOwned: true,
    create: async (world, ownerId) => (await createWebhookDelivery(world.db, ownerId)).id,
  },
  // /api/v1/csv/jobs/:id — an uploaded CSV import (header `nombre,documento`).
  jobs: { tenantOwned: true, create: async (world, ownerId) => (await createCsvJob(world.db, ownerId)).id },
  forms: { tenantOwned: true, create: async (world, ownerId) => (await createFormLink(world.db, ownerId)).id },
  // /api/v1/public/forms/:code — a live link of tenant A (public: anyone may open it, so no other-tenant cell).
  'forms/:code': {
    tenantOwned: false,
    create: async (world) => (await createFormLink(world.db, world.tenantA.ownerId)).code,
  },
  // /api/v1/profiles/:id/identity/pictures/:pictureId — a stored picture of the person just made for :id
  // (makeParams creates the parameters in order, so that person is the owner's newest).
  pictures: {
    tenantOwned: true,
    create: async (world, ownerId) => (await createPictureOfNewestPerson(world, ownerId)).id,
  },
  uploads: { tenantOwned: true, create: async (world, ownerId) => (await createUploadRow(world, ownerId)).id },
  // /api/v1/verify/:code — an issued PDF report of tenant A (public: its code is all anyone needs).
  verify: {
    tenantOwned: false,
    create: async (world) => (await createIssuedPdf(world.db, world.tenantA.ownerId)).code,
  },
  // Sol: /api/v1/sol/checks/:id, /references/:id, /checks/:id/fraud-signals/:signalId (a signal id: no object of its own).
  checks: {
    tenantOwned: true,
    create: async (world, ownerId) => (await createReferenceCheck(world.db, ownerId)).check.id,
  },
  references: {
    tenantOwned: true,
    create: async (world, ownerId) => (await createReferenceCheck(world.db, ownerId)).reference.id,
  },
  'fraud-signals': { tenantOwned: false, create: async (_world, ownerId) => matrixSignalId(ownerId) },
  'by-report': {
    tenantOwned: true,
    create: async (world, ownerId) => (await createReferenceCheck(world.db, ownerId)).reportId,
  },
  // The candidate's own page: /api/v1/public/candidate/:code of a person of tenant A (public: the
  // code is the key), /…/exports/:id a copy of tenant A (not that candidate's: a 404, as for any stranger).
  'candidate/:code': {
    tenantOwned: false,
    create: async (world) => (await createCandidatePage(world.db, world.tenantA.ownerId)).code,
  },
  exports: { tenantOwned: false, create: async (world) => (await createExport(world.db, world.tenantA.ownerId)).id },
  // /api/v1/privacy-requests/:id/resolve: an open correction of the tenant's person.
  'privacy-requests': {
    tenantOwned: true,
    create: async (world, ownerId) => (await createCorrection(world.db, ownerId)).id,
  },
  // Watch lists: /api/v1/watchlists/sources/:id names a list (no tenant's), /alerts/:id a monitoring alert.
  sources: { tenantOwned: false, create: async () => 'ofac-sdn' },
  alerts: { tenantOwned: true, create: async (world, ownerId) => (await createWatchlistAlert(world.db, ownerId)).id },
};

export type PathParam = { name: string; resource: string; fixture: ParamFixture | undefined };

export function pathParams(url: string): PathParam[] {
  const segments = url.split('/');
  return segments.flatMap((segment, i) => {
    if (!segment.startsWith(':')) return [];
    const resource = segments[i - 1] ?? '';
    // A resource addressed by something other than its id (`forms/:code`) has its own entry.
    return [
      {
        name: segment.slice(1),
        resource,
        fixture: PARAM_FIXTURES[`${resource}/${segment}`] ?? PARAM_FIXTURES[resource],
      },
    ];
  });
}

/** Whether the route addresses an object some tenant owns (then it has an own-tenant and an other-tenant cell). */
export const isTenantOwned = (route: ApiRoute) => pathParams(route.url).some((p) => p.fixture?.tenantOwned);

/** Fresh objects for each path parameter, owned by `ownerId` (one set per cell: a DELETE cannot starve the next). */
export async function makeParams(world: World, route: ApiRoute, ownerId: string): Promise<Record<string, string>> {
  const params: Record<string, string> = {};
  for (const p of pathParams(route.url)) {
    if (!p.fixture) {
      throw new Error(
        `${routeKey(route)}: no fixture for :${p.name} (resource "${p.resource}") — add one to PARAM_FIXTURES in test/support/requests.ts`,
      );
    }
    params[p.name] = await p.fixture.create(world, ownerId);
  }
  return params;
}

type Example = (world: World) => Promise<Partial<RequestParts>>;

/**
 * Valid inputs the schema alone cannot invent (credentials, live tokens). Every other route gets the
 * smallest input its zod schemas accept: `{}` where that parses, else a seeded sample of the schema.
 */
const EXAMPLES: Record<string, Example> = {
  'POST /api/auth/login': async (world) => ({ body: { email: world.loginUser.username, password: PASSWORD } }),
  'POST /api/auth/refresh': async (world) => ({
    body: { refreshToken: (await world.session(world.loginUser.id)).refreshToken },
  }),
  'POST /api/v1/profiles': async () => ({
    body: { kind: 'precandidate', name: 'Ana Gómez', email: 'ana@example.test', phone: '+573001234567' },
  }),
  'POST /api/v1/profiles/delete': async (world) => ({
    body: { ids: [(await createProfile(world.db, world.tenantA.ownerId)).id] },
  }),
  'POST /api/v1/profiles/export': async (world) => ({
    body: { format: 'csv', ids: [(await createProfile(world.db, world.tenantA.ownerId)).id] },
  }),
  'POST /api/v1/pipelines': async () => ({ body: { name: 'Basic', country: 'co', reportTypes: ['criminal_records'] } }),
  'POST /api/v1/owners': async () => ({
    body: { codeName: `matrix-${randomBytes(4).toString('hex')}`, name: 'Matrix S.A.' },
  }),
  'PATCH /api/v1/owners': async (world) => ({
    body: { ids: [(await createOwner(world.db)).id], changes: { deferredApiSync: true } },
  }),
  'PATCH /api/v1/owners/:id': async () => ({ body: { name: 'Renamed S.A.' } }),
  'POST /api/v1/users': async (world) => ({
    body: {
      ownerId: world.tenantA.ownerId,
      emails: [`new-${randomBytes(4).toString('hex')}@example.test`],
      roles: ['viewer'],
      availableCountries: ['co'],
    },
  }),
  'PATCH /api/v1/users': async (world) => ({
    body: {
      ids: [(await createUser(world.db, { ownerId: world.tenantA.ownerId, roles: ['viewer'] })).id],
      changes: { defaultLocale: 'es' },
    },
  }),
  'POST /api/v1/users/delete': async (world) => ({
    body: { ids: [(await createUser(world.db, { ownerId: world.tenantA.ownerId, roles: ['viewer'] })).id] },
  }),
  'POST /api/v1/api-keys': async (world) => ({ body: { ownerId: world.tenantA.ownerId, name: 'Integration' } }),
  'POST /api/v1/webhooks/endpoints': async (world) => ({
    body: { ownerId: world.tenantA.ownerId, url: 'http://127.0.0.1:9/hooks', events: ['profile.created'] },
  }),
  // The CSV upload's body is the file itself.
  'POST /api/v1/csv/jobs': async () => ({
    query: { fileName: 'personas.csv' },
    rawBody: 'documento,nombre\n1020304050,Ana Gómez\n',
    contentType: 'text/csv',
  }),
  'POST /api/v1/forms': async (world) => ({
    body: {
      pipelineId: (await createPipeline(world.db, world.tenantA.ownerId)).id,
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    },
  }),
  'POST /api/v1/public/forms/:code': async () => ({
    body: {
      name: 'Ana Gómez',
      documentType: 'national_id',
      documentId: `10${randomBytes(4).readUInt32BE() % 100_000_000}`,
      issueDate: '2015-01-02',
      consent: true,
      consentVersion: CONSENT_VERSION,
    },
  }),
  // The upload routes take the file as multipart/form-data.
  'POST /api/v1/public/forms/:code/uploads': async () => {
    const { payload, headers } = multipart({ name: 'referencias.csv', body: 'nombre,telefono\nAna,+573001234567\n' });
    return { rawBody: payload.toString('utf8'), contentType: headers['content-type'] };
  },
  'POST /api/v1/uploads': async (world) => {
    const { payload, headers } = multipart({ name: 'referencias.csv', body: 'nombre,telefono\nAna,+573001234567\n' });
    return {
      query: { profileId: (await createProfile(world.db, world.tenantA.ownerId)).id },
      rawBody: payload.toString('utf8'),
      contentType: headers['content-type'],
    };
  },
  'GET /api/v1/uploads': async (world) => ({
    query: { profileId: (await createProfile(world.db, world.tenantA.ownerId)).id },
  }),
  // Watch lists: a list file is the upload's body, as its publisher distributes it.
  'POST /api/v1/watchlists/sources/:id/upload': async () => ({
    query: { fileName: 'sdn.csv' },
    rawBody: tinyOfacList(),
    contentType: 'text/csv',
  }),
  'POST /api/v1/verify/:code': async () => ({ body: { sha256: '0'.repeat(64) } }),
  'POST /api/v1/watchlists/screen': async () => ({ body: { name: 'Joaquín Guzmán Loera', birthDate: '1954-12-25' } }),
  'POST /api/v1/watchlists/enrolments': async (world) => ({
    body: { profileIds: [(await createProfile(world.db, world.tenantA.ownerId)).id] },
  }),
  'POST /api/v1/watchlists/enrolments/delete': async (world) => ({
    body: { profileIds: [(await createProfile(world.db, world.tenantA.ownerId)).id] },
  }),
  'POST /api/v1/csv/jobs/:id/duplicates': async () => ({
    body: {
      country: 'co',
      mode: 'advanced',
      reportTypes: ['criminal_records'],
      mapping: { name: 'nombre', documentId: 'documento' },
    },
  }),
  // The review inbox: an open correction of tenant A, to one of tenant A's analysts.
  'POST /api/v1/inbox/assign': async (world) => {
    const ownerId = world.tenantA.ownerId;
    const request = await createCorrection(world.db, ownerId);
    const analyst = await createUser(world.db, { ownerId, roles: ['analyst'] });
    return { body: { kind: 'correction', ref: request.id, assigneeId: analyst.id } };
  },
  // Retention: a retention of the caller's own owner (a sampled `ownerId` would be another's).
  'PATCH /api/v1/retention': async () => ({ body: { retentionMonths: 24 } }),
  'GET /api/v1/retention/preview': async () => ({ query: { retentionMonths: '6' } }),
  'POST /api/v1/csv/jobs/:id/start': async () => ({
    body: {
      country: 'co',
      mode: 'advanced',
      reportTypes: ['criminal_records'],
      mapping: { name: 'nombre', documentId: 'documento' },
    },
  }),
};

function sampleValid(schema: z.ZodType, what: string): unknown {
  if (schema.safeParse({}).success) return {};
  const samples = fc.sample(validArbitrary(schema), { numRuns: 200, seed: 42 });
  const ok = samples.find((s) => schema.safeParse(s).success);
  if (ok === undefined)
    throw new Error(
      `${what}: could not generate a valid value from its schema — add an example in test/support/requests.ts`,
    );
  return ok;
}

/** A request the route should accept from a caller holding its scope, on objects of `ownerId`. */
export async function validRequest(world: World, route: ApiRoute, ownerId: string): Promise<RequestParts> {
  const params = await makeParams(world, route, ownerId);
  const example = (await EXAMPLES[routeKey(route)]?.(world)) ?? {};
  const { body: bodySchema, querystring } = route.schema as { body?: z.ZodType; querystring?: z.ZodType };
  const query =
    example.query ?? (querystring ? (sampleValid(querystring, `${routeKey(route)} querystring`) as Query) : {});
  const body =
    'body' in example ? example.body : bodySchema ? sampleValid(bodySchema, `${routeKey(route)} body`) : undefined;
  return {
    params,
    query,
    body,
    ...(example.rawBody === undefined ? {} : { rawBody: example.rawBody, contentType: example.contentType }),
  };
}

/**
 * Percent-encodes like encodeURIComponent, except that a lone surrogate (which encodeURIComponent
 * refuses and URLSearchParams silently replaces) goes out as its WTF-8 bytes: malformed UTF-8 on the wire.
 */
export function encodeComponent(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const unit = value.charCodeAt(i);
    const next = value.charCodeAt(i + 1);
    if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(value.slice(i, i + 2));
      i++;
    } else if (unit >= 0xd800 && unit <= 0xdfff) {
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else {
      out += encodeURIComponent(value[i]!);
    }
  }
  return out;
}

export function buildUrl(url: string, parts: Pick<RequestParts, 'params' | 'query'>): string {
  const path = url.replace(/:(\w+)/g, (_, name: string) => encodeComponent(parts.params[name] ?? ''));
  const pairs = Object.entries(parts.query).flatMap(([key, value]) =>
    [value].flat().map((v) => `${encodeComponent(key)}=${encodeComponent(v)}`),
  );
  return pairs.length ? `${path}?${pairs.join('&')}` : path;
}

/** Sends one request through Fastify's inject (no socket). */
export function send(world: World, route: ApiRoute, parts: RequestParts, headers: Record<string, string>) {
  const hasBody = parts.rawBody !== undefined || parts.body !== undefined;
  return world.app.inject({
    method: route.method as 'GET',
    url: buildUrl(route.url, parts),
    headers: hasBody ? { 'content-type': parts.contentType ?? 'application/json', ...headers } : headers,
    ...(hasBody ? { payload: parts.rawBody ?? JSON.stringify(parts.body) } : {}),
  });
}
