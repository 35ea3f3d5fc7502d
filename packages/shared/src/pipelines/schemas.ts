import { z } from 'zod';
import { zStoredText } from '../common/text.ts';
import { COUNTRIES, REPORT_TYPES } from '../enums.ts';
import { isReportAvailable } from '../reports/catalogue.ts';
import { ZPipeline, type TPipeline } from './pipeline.ts';

export * from './pipeline.ts';

/** SPEC §3 and §9. */
export const PIPELINE_NAME_MAX = 21;

export const ZPipelineParams = z.strictObject({ id: z.uuid() });
export type TPipelineParams = z.infer<typeof ZPipelineParams>;

/** GET /api/v1/pipelines */
export const ZListPipelinesRequest = z.strictObject({
  country: z.enum(COUNTRIES).optional(),
  ownerId: z.uuid().optional().describe('Platform staff only'),
});
export type TListPipelinesRequest = z.infer<typeof ZListPipelinesRequest>;

/** The editable fields, unrefined so a form can `.pick()` them. */
export const ZPipelineFields = z.strictObject({
  name: zStoredText()
    .trim()
    .min(1, { message: 'validation.required' })
    .max(PIPELINE_NAME_MAX, { message: 'pipelines.validation.nameTooLong' }),
  description: zStoredText().trim().max(1000).nullable().optional(),
  country: z.enum(COUNTRIES).refine((c) => c !== 'xx', { message: 'pipelines.validation.countryRequired' }),
  reportTypes: z
    .array(z.enum(REPORT_TYPES))
    .min(1, { message: 'pipelines.validation.reportsRequired' })
    .max(REPORT_TYPES.length)
    .refine((types) => new Set(types).size === types.length, { message: 'pipelines.validation.duplicateReports' }),
});

/** Every chosen report must exist in the pipeline's country (the catalogue decides). */
const reportsAvailable = (
  v: { country?: (typeof COUNTRIES)[number]; reportTypes?: readonly (typeof REPORT_TYPES)[number][] },
  ctx: z.core.$RefinementCtx,
) => {
  if (!v.country || !v.reportTypes) return;
  v.reportTypes.forEach((type, i) => {
    if (!isReportAvailable(v.country!, type))
      ctx.addIssue({ code: 'custom', path: ['reportTypes', i], message: 'pipelines.validation.reportNotAvailable' });
  });
};

/** POST /api/v1/pipelines */
export const ZCreatePipelineRequest = ZPipelineFields.extend({
  ownerId: z.uuid().optional().describe('Platform staff only'),
}).superRefine(reportsAvailable);
export type TCreatePipelineRequest = z.infer<typeof ZCreatePipelineRequest>;
/** POST /api/v1/pipelines */
export const ZCreatePipelineResponse = ZPipeline;
export type TCreatePipelineResponse = TPipeline;

/** PATCH /api/v1/pipelines/:id — country and reports are checked together against the stored row too. */
export const ZUpdatePipelineRequest = ZPipelineFields.partial()
  .superRefine(reportsAvailable)
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'pipelines.validation.nothingToUpdate' });
export type TUpdatePipelineRequest = z.infer<typeof ZUpdatePipelineRequest>;
/** PATCH /api/v1/pipelines/:id */
export const ZUpdatePipelineResponse = ZPipeline;
export type TUpdatePipelineResponse = TPipeline;

/** DELETE /api/v1/pipelines/:id answers 204; profiles keep their reports and lose the link. */

/** Every message key these schemas use, for the web catalogues. */
export const PIPELINE_MESSAGE_KEYS = [
  'validation.required',
  'pipelines.validation.nameTooLong',
  'pipelines.validation.countryRequired',
  'pipelines.validation.reportsRequired',
  'pipelines.validation.duplicateReports',
  'pipelines.validation.reportNotAvailable',
  'pipelines.validation.nothingToUpdate',
] as const;
