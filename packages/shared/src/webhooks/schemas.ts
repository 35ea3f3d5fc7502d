import { z } from 'zod';
import { REPORT_STATUSES, REPORT_TYPES } from '../enums.ts';
import { zStoredText } from '../common/text.ts';

/** The events an owner can subscribe an endpoint to. */
export const WEBHOOK_EVENT_TYPES = [
  'profile.created',
  'profile.completed',
  'report.completed',
  'report.failed',
  'reference_check.completed',
  'csv_job.finished',
  'watchlist.match',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** What "send test event" delivers: to the one endpoint asked, whatever it subscribed to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** Every endpoint secret starts with this (Standard Webhooks): the rest is base64 of 32 random bytes. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

const iso = z.iso.datetime({ offset: true });

export const ZWebhookEndpoint = z.object({
  id: z.uuid(),
  ownerId: z.uuid(),
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  active: z.boolean(),
  secretPrefix: z.string().describe('The first characters of the signing secret'),
  createdAt: iso,
  updatedAt: iso,
});
export type TWebhookEndpoint = z.infer<typeof ZWebhookEndpoint>;

/** The endpoint with its secret: answered once, on create and on rotation. */
export const ZWebhookEndpointWithSecret = z.object({ endpoint: ZWebhookEndpoint, secret: z.string() });
export type TWebhookEndpointWithSecret = z.infer<typeof ZWebhookEndpointWithSecret>;

export const ZWebhookUrl = z
  .url({ protocol: /^https?$/, error: 'webhooks.validation.url' })
  .max(2048, { error: 'webhooks.validation.url' });

export const ZCreateWebhookEndpointRequest = z.strictObject({
  ownerId: z.uuid().optional().describe('Platform staff: for which owner'),
  url: ZWebhookUrl,
  description: zStoredText().trim().max(200).optional(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)).min(1, { error: 'webhooks.validation.events' }),
});
export type TCreateWebhookEndpointRequest = z.infer<typeof ZCreateWebhookEndpointRequest>;

export const ZUpdateWebhookEndpointRequest = z.strictObject({
  url: ZWebhookUrl.optional(),
  description: zStoredText().trim().max(200).nullable().optional(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)).min(1, { error: 'webhooks.validation.events' }).optional(),
  active: z.boolean().optional(),
});
export type TUpdateWebhookEndpointRequest = z.infer<typeof ZUpdateWebhookEndpointRequest>;

export const ZWebhookParams = z.strictObject({ id: z.uuid() });
export const ZListWebhookEndpointsRequest = z.strictObject({ ownerId: z.uuid().optional() });
export const ZListWebhookEndpointsResponse = z.object({ items: z.array(ZWebhookEndpoint) });
export type TListWebhookEndpointsResponse = z.infer<typeof ZListWebhookEndpointsResponse>;

/** One HTTP attempt of a delivery: what went out and what came back (bodies truncated). */
export const ZWebhookAttempt = z.object({
  attempt: z.number().int(),
  startedAt: iso,
  durationMs: z.number().int(),
  requestHeaders: z.record(z.string(), z.string()),
  requestBody: z.string(),
  responseStatus: z.number().int().nullable(),
  responseHeaders: z.record(z.string(), z.string()).nullable(),
  responseBody: z.string().nullable(),
  error: z.string().nullable(),
});
export type TWebhookAttempt = z.infer<typeof ZWebhookAttempt>;

export const ZWebhookDelivery = z.object({
  id: z.uuid(),
  endpointId: z.uuid(),
  messageId: z.string().describe('The webhook-id header: the same on every retry and resend'),
  eventType: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  nextAttemptAt: iso.nullable(),
  lastResponseStatus: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: iso,
  completedAt: iso.nullable(),
});
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;

export const ZWebhookDeliveryDetail = ZWebhookDelivery.extend({
  payload: z.string(),
  attemptLog: z.array(ZWebhookAttempt),
});
export type TWebhookDeliveryDetail = z.infer<typeof ZWebhookDeliveryDetail>;

export const ZListWebhookDeliveriesRequest = z.strictObject({
  status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  before: iso.optional().describe('Keyset cursor: deliveries created before this instant'),
});
export type TListWebhookDeliveriesRequest = z.infer<typeof ZListWebhookDeliveriesRequest>;
export const ZListWebhookDeliveriesResponse = z.object({
  items: z.array(ZWebhookDelivery),
  nextBefore: iso.nullable(),
});
export type TListWebhookDeliveriesResponse = z.infer<typeof ZListWebhookDeliveriesResponse>;

export const ZWebhookDeliveryResponse = z.object({ delivery: ZWebhookDelivery });

/**
 * The `data` of `report.completed` and `report.failed`: ids and statuses, and where to fetch the
 * person's PDF report — a path on the API, called with the same API key (`profiles:read`).
 */
export const ZReportEventData = z.object({
  reportId: z.uuid(),
  profileId: z.uuid(),
  type: z.enum(REPORT_TYPES),
  status: z.enum(REPORT_STATUSES),
  links: z.object({
    reportPdf: z.string().describe("GET this path on the API for the person's PDF report (issues a new copy)"),
  }),
});
export type TReportEventData = z.infer<typeof ZReportEventData>;
