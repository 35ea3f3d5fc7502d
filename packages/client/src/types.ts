import type { Client } from 'openapi-fetch';
import type { paths } from './schema.ts';

/** What `createCentinelaClient` answers: openapi-fetch's client over the document's paths. */
export type CentinelaClient = Client<paths>;

/** The body of `POST /api/v1/profiles`: a candidate (with reports) or a pre-candidate. */
export type CreateProfileRequest = NonNullable<
  paths['/api/v1/profiles']['post']['requestBody']
>['content']['application/json'];

/** A person with their reports, as `GET /api/v1/profiles/{id}` answers it. */
export type ProfileDetail = paths['/api/v1/profiles/{id}']['get']['responses'][200]['content']['application/json'];

/** One of a person's reports: its status, findings and details. */
export type Report = ProfileDetail['reports'][number];
