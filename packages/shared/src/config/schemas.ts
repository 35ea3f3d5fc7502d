import { z } from 'zod';
import { ZUploadSettings } from '../uploads/index.ts';

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
  /** The upload helper's endpoint (SPEC §7); null or absent: "No uploader has been defined". */
  uploads: ZUploadSettings.nullable().optional(),
  /** The error-reporting service's DSN for browsers (SPEC §7); null: reporting is off. */
  errorReporting: z.object({ dsn: z.string() }).nullable().optional(),
});
export type TPublicConfig = z.infer<typeof ZPublicConfig>;
