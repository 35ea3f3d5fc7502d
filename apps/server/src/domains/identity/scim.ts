import { z } from 'zod';
import { ApiError } from '../../lib/api-error.ts';

/** One user of the external identity service. */
export type ExternalIdentity = {
  externalId: string;
  email: string | null;
  displayName: string | null;
  active: boolean;
};

export type IdentityDirectory = {
  listUsers(page: number, pageSize: number): Promise<{ items: ExternalIdentity[]; total: number }>;
  getUser(externalId: string): Promise<ExternalIdentity | null>;
};

const ZScimUser = z.looseObject({
  id: z.string().min(1),
  userName: z.string().optional(),
  displayName: z.string().optional(),
  name: z
    .looseObject({
      formatted: z.string().optional(),
      givenName: z.string().optional(),
      familyName: z.string().optional(),
    })
    .optional(),
  emails: z.array(z.looseObject({ value: z.string(), primary: z.boolean().optional() })).optional(),
  active: z.boolean().optional(),
});
type ScimUser = z.infer<typeof ZScimUser>;

const ZScimListResponse = z.looseObject({
  totalResults: z.number().int().min(0),
  Resources: z.array(ZScimUser).optional(),
});

function toIdentity(user: ScimUser): ExternalIdentity {
  const email =
    user.emails?.find((e) => e.primary)?.value ??
    user.emails?.[0]?.value ??
    (user.userName?.includes('@') ? user.userName : undefined);
  const name =
    user.displayName ??
    user.name?.formatted ??
    ([user.name?.givenName, user.name?.familyName].filter(Boolean).join(' ') || undefined);
  return {
    externalId: user.id,
    email: email?.toLowerCase() ?? null,
    displayName: name ?? null,
    active: user.active ?? true,
  };
}

const TIMEOUT_MS = 10_000;

/**
 * SCIM 2.0 (RFC 7644) `/Users` over HTTP with a bearer token: list with 1-based `startIndex` and
 * `count`, read one by id. Any failure of the service is one 502 `identity_unavailable`; the reason goes
 * to the log through `onError`.
 */
export function scimDirectory(
  baseUrl: string,
  token: string,
  onError: (error: unknown) => void = () => {},
): IdentityDirectory {
  const base = baseUrl.replace(/\/+$/, '');
  async function call(path: string): Promise<Response> {
    try {
      return await fetch(`${base}${path}`, {
        headers: { authorization: `Bearer ${token}`, accept: 'application/scim+json, application/json' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      onError(error);
      throw new ApiError(502, 'identity_unavailable');
    }
  }
  async function parse<T>(response: Response, schema: z.ZodType<T>): Promise<T> {
    const body: unknown = await response.json().catch(() => undefined);
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      onError(new Error(`SCIM answered an unexpected body: ${parsed.error.message}`));
      throw new ApiError(502, 'identity_unavailable');
    }
    return parsed.data;
  }
  return {
    async listUsers(page, pageSize) {
      const response = await call(`/Users?startIndex=${(page - 1) * pageSize + 1}&count=${pageSize}`);
      if (!response.ok) {
        onError(new Error(`SCIM /Users answered ${response.status}`));
        throw new ApiError(502, 'identity_unavailable');
      }
      const list = await parse(response, ZScimListResponse);
      return { items: (list.Resources ?? []).map(toIdentity), total: list.totalResults };
    },
    async getUser(externalId) {
      const response = await call(`/Users/${encodeURIComponent(externalId)}`);
      if (response.status === 404) return null;
      if (!response.ok) {
        onError(new Error(`SCIM /Users/{id} answered ${response.status}`));
        throw new ApiError(502, 'identity_unavailable');
      }
      return toIdentity(await parse(response, ZScimUser));
    },
  };
}
