import { z } from 'zod';

/** What the web app needs to know before anyone signs in: GET /api/config. */
export const ZPublicConfig = z.object({
  maintenance: z.boolean(),
  auth: z.object({
    strategy: z.enum(['oidc', 'local']),
    oidc: z
      .object({
        issuer: z.string(),
        authorizationEndpoint: z.string(),
        endSessionEndpoint: z.string().nullable(),
        clientId: z.string(),
        audience: z.string().nullable(),
        scope: z.string(),
      })
      .nullable(),
  }),
});
export type TPublicConfig = z.infer<typeof ZPublicConfig>;
