import { readFile } from 'node:fs/promises';
import type {
  TLoadListResponse,
  TSourcesHealthResponse,
  TWatchlistSourceHealth,
  WatchlistSourceId,
} from '@centinela/shared';
import type { App } from '../../src/app.ts';
import { bearer, createUser, login } from '../factories.ts';

/** Platform staff (no owner) signed in: who uploads list files and asks for syncs. */
export async function staffSignedIn(app: App, role: 'admin' | 'support' = 'support') {
  const user = await createUser(app.db, { ownerId: null, roles: [role] });
  const { token } = await login(app, user.username);
  return { user, headers: bearer(token) };
}

const CONTENT_TYPES: Record<WatchlistSourceId, string> = {
  'ofac-sdn': 'text/csv',
  'un-sc': 'application/xml',
  'sat-69b': 'text/csv',
};

/** POST /api/v1/watchlists/sources/:id/upload with the file's bytes as the body, as a staff browser sends it. */
export async function uploadList(
  app: App,
  headers: Record<string, string>,
  source: WatchlistSourceId,
  file: string | Buffer,
  opts: { contentType?: string; locale?: string } = {},
) {
  const body = typeof file === 'string' ? await readFile(file) : file;
  const name = typeof file === 'string' ? file.split('/').pop()! : `${source}.upload`;
  return app.inject({
    method: 'POST',
    url: `/api/v1/watchlists/sources/${source}/upload?fileName=${encodeURIComponent(name)}`,
    headers: {
      ...headers,
      'content-type': opts.contentType ?? CONTENT_TYPES[source],
      ...(opts.locale && { 'accept-language': opts.locale }),
    },
    payload: body,
  });
}

/** An upload that must become a new version (or be found unchanged): its answer. */
export async function loadList(
  app: App,
  headers: Record<string, string>,
  source: WatchlistSourceId,
  file: string | Buffer,
): Promise<TLoadListResponse> {
  const response = await uploadList(app, headers, source, file);
  if (response.statusCode !== 200)
    throw new Error(`upload of ${source} answered ${response.statusCode}: ${response.body}`);
  return response.json<TLoadListResponse>();
}

/** One list's health as GET /api/v1/watchlists/sources shows it. */
export async function listHealth(
  app: App,
  headers: Record<string, string>,
  source: WatchlistSourceId,
): Promise<TWatchlistSourceHealth> {
  const response = await app.inject({ method: 'GET', url: '/api/v1/watchlists/sources', headers });
  if (response.statusCode !== 200) throw new Error(`GET /sources answered ${response.statusCode}: ${response.body}`);
  return response.json<TSourcesHealthResponse>().lists.find((l) => l.id === source)!;
}
