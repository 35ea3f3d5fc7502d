import createClient, { type ClientOptions } from 'openapi-fetch';
import type { paths } from './schema.ts';
import type { CentinelaClient } from './types.ts';

export type { components, operations, paths } from './schema.ts';
export { uploadCsv, type CsvFile } from './csv.ts';
export type { CentinelaClient, CreateProfileRequest, ProfileDetail, Report } from './types.ts';

export type CentinelaClientOptions = {
  /** The server's origin, e.g. `https://centinela.example`: every path carries its `/api/v1`. */
  baseUrl: string;
  /** An owner's key or a user's own key (`ck_…`), sent as `x-api-key` on every request. */
  apiKey: string;
  /** Another fetch (a proxy, retries, tests); the global one by default. */
  fetch?: ClientOptions['fetch'];
};

/**
 * A typed client of Centinela's API: `client.POST('/api/v1/profiles', { body })` checks the path, the
 * parameters and the body against the OpenAPI document, and answers `{ data, error, response }`.
 */
export function createCentinelaClient({ baseUrl, apiKey, fetch }: CentinelaClientOptions): CentinelaClient {
  return createClient<paths>({ baseUrl, headers: { 'x-api-key': apiKey }, ...(fetch ? { fetch } : {}) });
}
