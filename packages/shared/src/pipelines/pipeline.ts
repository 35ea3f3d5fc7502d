import { z } from 'zod';
import { COUNTRIES, REPORT_TYPES } from '../enums.ts';

/**
 * A pipeline as the API answers it, and GET /api/v1/pipelines's answer: their own module (re-exported by
 * ./schemas.ts), because the persons list parses that answer on every load, and building the forms'
 * refined schemas with it was part of a long task on a phone.
 */

export const ZPipeline = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  country: z.enum(COUNTRIES),
  reportTypes: z.array(z.enum(REPORT_TYPES)),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type TPipeline = z.infer<typeof ZPipeline>;

/** GET /api/v1/pipelines */
export const ZListPipelinesResponse = z.object({ items: z.array(ZPipeline) });
export type TListPipelinesResponse = z.infer<typeof ZListPipelinesResponse>;
