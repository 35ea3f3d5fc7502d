import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import type { OpenAPIV3 } from 'openapi-types';

/**
 * Every answer a test app gives is held against the OpenAPI document the app serves: its status
 * is documented for the route, its content type is one the status documents, and a JSON body matches that
 * schema. A hook cannot fail the request (a throw becomes a 500), so violations are collected and the
 * helper asserts none when the test's app closes. Streams and buffers (exports, recordings) are checked
 * for status and content type only.
 */
export type ResponseContract = { violations: string[] };

type Document = OpenAPIV3.Document;
type Answer = { method: string; route: string; status: number; contentType: unknown; payload: unknown };

// OpenAPI 3.0 schemas are JSON Schema plus `nullable` (which ajv knows) and a few annotations it does not.
const ajv = new Ajv({ strict: false });
addFormats(ajv);

/** Each document is added to ajv whole, so that a response schema's `$ref`s to its components resolve. */
const documentKeys = new WeakMap<Document, string>();
const validators = new Map<string, ValidateFunction>();
let documentCount = 0;
let firstDocument: Document | undefined;

/** Fastify's `/x/:id` as the document's `/x/{id}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

const pointer = (keys: string[]) => keys.map((k) => `/${k.replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');

function validator(document: Document, at: string[]): ValidateFunction {
  let key = documentKeys.get(document);
  if (!key) {
    key = `openapi-document-${++documentCount}`;
    ajv.addSchema(document, key, undefined, false);
    documentKeys.set(document, key);
  }
  const ref = `${key}#${pointer(at)}`;
  let validate = validators.get(ref);
  if (!validate) {
    validate = ajv.compile({ $ref: ref });
    validators.set(ref, validate);
  }
  return validate;
}

const mediaType = (header: unknown) =>
  String(Array.isArray(header) ? header[0] : (header ?? ''))
    .split(';')[0]!
    .trim()
    .toLowerCase();

/** The documented media type an answer's content type falls under (`text/*` and `*\/*` included). */
function documentedMedia(content: Record<string, OpenAPIV3.MediaTypeObject>, type: string) {
  const [major] = type.split('/');
  return Object.keys(content).find((key) => key === type || key === `${major}/*` || key === '*/*');
}

const isJson = (type: string) => type === 'application/json' || type.endsWith('+json');

/** The value at a JSON pointer, shortened: what the violation is about. */
function at(body: unknown, path: string): string {
  const value = path
    .split('/')
    .slice(1)
    .reduce<unknown>((v, key) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined), body);
  return (JSON.stringify(value) ?? 'undefined').slice(0, 120);
}

/** Violations of one answer; none when it is what the document says. */
export function checkAnswer(document: Document, answer: Answer): string[] {
  const { route, status } = answer;
  // HEAD is Fastify's automatic twin of GET: same status and headers, no body.
  const head = answer.method === 'HEAD';
  const method = head ? 'get' : answer.method.toLowerCase();
  const name = `${answer.method} ${route} → ${status}`;
  const path = openApiPath(route);
  const operation = document.paths[path]?.[method as OpenAPIV3.HttpMethods];
  if (!operation) return [`${name}: the route is not in the OpenAPI document`];
  const responses = operation.responses;
  const statusKey = [String(status), `${String(status)[0]}XX`, 'default'].find((key) => responses[key]);
  if (!statusKey) return [`${name}: status ${status} is not documented (${Object.keys(responses).join(', ')})`];
  const content = (responses[statusKey] as OpenAPIV3.ResponseObject).content ?? {};

  const type = mediaType(answer.contentType);
  const empty = answer.payload === undefined || answer.payload === null || answer.payload === '';
  if (!type) return empty || head ? [] : [`${name}: a body without a content type`];
  const documented = documentedMedia(content, type);
  if (!documented)
    return [`${name}: content type ${type} is not documented (${Object.keys(content).join(', ') || 'no body'})`];
  if (head || !isJson(type) || typeof answer.payload !== 'string' || !content[documented]!.schema) return [];

  let body: unknown;
  try {
    body = JSON.parse(answer.payload);
  } catch {
    return [`${name}: the body is not JSON`];
  }
  const validate = validator(document, [
    'paths',
    path,
    method,
    'responses',
    statusKey,
    'content',
    documented,
    'schema',
  ]);
  if (validate(body)) return [];
  return (validate.errors ?? []).map(
    (e) => `${name}: body${e.instancePath} ${e.message} (${JSON.stringify(e.params)}; got ${at(body, e.instancePath)})`,
  );
}

/**
 * Watches an app (call before `ready()`): each answer to a routed /api request is checked. The document is
 * generated once per test worker (the routes are the same in every app); a route it lacks is looked up in
 * this app's own document (a test may add routes of its own).
 */
export function watchResponseContract(app: FastifyInstance): ResponseContract {
  const contract: ResponseContract = { violations: [] };
  let own: Document | undefined;
  const documentFor = (route: string, method: string): Document => {
    firstDocument ??= app.swagger() as Document;
    if (firstDocument.paths[openApiPath(route)]?.[method as OpenAPIV3.HttpMethods]) return firstDocument;
    own ??= app.swagger() as Document;
    return own;
  };

  app.addHook('onSend', async (request, reply, payload) => {
    const route = request.routeOptions.url;
    // Unrouted answers (404 for an unknown path, a malformed URL) belong to no operation; nor does the
    // interactive docs page.
    if (!route || !route.startsWith('/api/') || route.startsWith('/api/docs')) return payload;
    const method = request.method === 'HEAD' ? 'get' : request.method.toLowerCase();
    // A compressed body is the same JSON; its bytes are not this check's business.
    const encoded = Boolean(reply.getHeader('content-encoding'));
    const answer = {
      method: request.method,
      route,
      status: reply.statusCode,
      contentType: reply.getHeader('content-type'),
      payload: encoded ? Symbol('encoded') : payload,
    };
    try {
      contract.violations.push(...checkAnswer(documentFor(route, method), answer));
    } catch (error) {
      contract.violations.push(`${answer.method} ${route} → ${answer.status}: not checked (${String(error)})`);
    }
    return payload;
  });
  return contract;
}

/** Throws, naming each violation, when the app answered anything the document does not say. */
export function assertResponseContract(contract: ResponseContract) {
  if (!contract.violations.length) return;
  const unique = [...new Set(contract.violations)];
  throw new Error(`Answers that break the OpenAPI document:\n  ${unique.join('\n  ')}`);
}
