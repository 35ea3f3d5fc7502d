import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  ZFraudSignalParams,
  ZReferenceCheck,
  ZReferenceCheckParams,
  ZReferenceParams,
  ZReportReferenceCheckParams,
  ZTranscriptFile,
  ZTranscriptQuery,
} from '@centinela/shared';
import { referenceChecks } from '../../../../db/schema/index.ts';
import { callStatus, verifyTwilioSignature } from '../../../../domains/sol/adapters/voice.ts';
import { inboundMessages, verifyWhatsappSignature } from '../../../../domains/sol/adapters/whatsapp.ts';
import { recordingsDir, voiceCallbackUrl } from '../../../../domains/sol/index.ts';
import {
  getReferenceCheck,
  parseRange,
  receiveCallStatus,
  receiveMessages,
  RECORDING_CONTENT_TYPES,
  recordingFile,
  resolveFraudSignal,
  transcriptOf,
} from '../../../../domains/sol/service.ts';
import { publishOutcome } from '../../../../domains/sol/publish.ts';
import { recordViews } from '../../../../domains/profile-views/record.ts';
import { sendError } from '../../../../plugins/errors.ts';
import { errorResponses } from '../../../../lib/api-error.ts';
import { fileResponse } from '../../../../lib/openapi-files.ts';

const errors = errorResponses(400, 401, 403, 404);
const tags = ['sol'];
const security = [{ bearer: [] }];

/** Sol: a check as the flyout shows it, its recordings and transcripts, and fraud-signal review. */
const solRoutes: FastifyPluginAsyncZod = async (app) => {
  const dir = recordingsDir(app.config);

  app.get('/checks/:id', {
    config: { scope: 'profiles:read' },
    schema: {
      tags,
      summary: 'A reference check: timeline, references, summaries, cross-check and fraud signals',
      security,
      params: ZReferenceCheckParams,
      response: { 200: ZReferenceCheck, ...errors },
    },
    handler: async (request) => {
      const check = await getReferenceCheck(app.db, request.scope, { id: request.params.id });
      await recordViews(app.db, request.viewer, 'report', [check.profileId]);
      return check;
    },
  });

  app.get('/checks/by-report/:reportId', {
    config: { scope: 'profiles:read' },
    schema: {
      tags,
      summary: 'The reference check of an employment_references report',
      security,
      params: ZReportReferenceCheckParams,
      response: { 200: ZReferenceCheck, ...errors },
    },
    handler: async (request) => {
      const check = await getReferenceCheck(app.db, request.scope, { reportId: request.params.reportId });
      await recordViews(app.db, request.viewer, 'report', [check.profileId]);
      return check;
    },
  });

  app.get('/references/:id/recording', {
    config: { scope: 'profiles:read' },
    // Sent as stored: audio does not compress, and a byte range must be of the file itself (plugins/compress.ts).
    compress: false,
    schema: {
      tags,
      summary: 'The call recording (HTTP Range supported, so a player can seek)',
      security,
      params: ZReferenceParams,
      querystring: z.object({ download: z.enum(['0', '1']).optional() }),
      response: {
        200: fileResponse('The whole recording', Object.values(RECORDING_CONTENT_TYPES)),
        206: fileResponse('The byte range asked for (Content-Range)', Object.values(RECORDING_CONTENT_TYPES)),
        ...errors,
        ...errorResponses(416),
      },
    },
    handler: async (request, reply) => {
      const rec = await recordingFile(app.db, request.scope, request.params.id, dir);
      // A player asks for many byte ranges: they fall in one record's window (VIEW_WINDOW_MS).
      await recordViews(app.db, request.viewer, 'recording', [rec.profileId]);
      const range = parseRange(request.headers.range, rec.size);
      reply
        .header('accept-ranges', 'bytes')
        .header('content-type', rec.contentType)
        .header('cache-control', 'private, max-age=300');
      if (request.query.download === '1')
        reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(rec.fileName)}`);
      if (range === 'invalid') {
        reply.header('content-range', `bytes */${rec.size}`);
        return sendError(request, reply, 416, 'bad_request');
      }
      if (!range) return reply.header('content-length', rec.size).send(rec.open(0, rec.size - 1));
      return reply
        .status(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${rec.size}`)
        .header('content-length', range.end - range.start + 1)
        .send(rec.open(range.start, range.end));
    },
  });

  app.get('/references/:id/transcript', {
    config: { scope: 'profiles:read' },
    schema: {
      tags,
      summary: 'Download the transcript (txt with speaker labels and times, or json segments)',
      security,
      params: ZReferenceParams,
      querystring: ZTranscriptQuery,
      response: {
        200: {
          description: 'The transcript as text (speaker labels and times) or, with `format=json`, its segments',
          content: { 'text/plain': { schema: z.string() }, 'application/json': { schema: ZTranscriptFile } },
        },
        ...errors,
      },
    },
    handler: async (request, reply) => {
      const t = await transcriptOf(app.db, request.scope, request.params.id);
      await recordViews(app.db, request.viewer, 'transcript', [t.profileId]);
      const base = `transcript-${
        t.name
          .replace(/[^\p{L}\p{N} _-]/gu, '')
          .trim()
          .replace(/\s+/g, '-') || 'reference'
      }`;
      if (request.query.format === 'json') {
        return reply
          .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(`${base}.json`)}`)
          .type('application/json')
          .send(JSON.stringify({ reference: t.name, segments: t.segments }, null, 2));
      }
      const clock = (s: number) =>
        `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(Math.floor(s % 60)).padStart(2, '0')}`;
      const text =
        t.segments.length > 0
          ? t.segments.map((s) => `[${clock(s.start)}] ${s.speaker === 'sol' ? 'Sol' : t.name}: ${s.text}`).join('\n')
          : t.text;
      return reply
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(`${base}.txt`)}`)
        .type('text/plain; charset=utf-8')
        .send(`${text}\n`);
    },
  });

  app.post('/checks/:id/fraud-signals/:signalId/resolve', {
    config: { scope: 'reports:review' },
    schema: {
      tags,
      summary: 'Mark a fraud signal resolved (audited)',
      security,
      params: ZFraudSignalParams,
      response: { 200: ZReferenceCheck, ...errors },
    },
    handler: async (request) => {
      const check = await resolveFraudSignal(
        app.db,
        request.scope,
        request.params.id,
        request.params.signalId,
        request.actor,
      );
      app.events.publish('reference_check.updated', (await ownerOf(check.id)) ?? '', {
        profileId: check.profileId,
        referenceCheckId: check.id,
        reportId: check.reportId,
        status: check.status,
      });
      return check;
    },
  });

  const ownerOf = async (checkId: string) => {
    const [row] = await app.db
      .select({ ownerId: referenceChecks.ownerId })
      .from(referenceChecks)
      .where(eq(referenceChecks.id, checkId));
    return row?.ownerId;
  };

  await app.register(webhookRoutes, { prefix: '/webhooks' });
};

/**
 * Inbound provider webhooks: public, authenticated by the provider's signature over the raw body
 * (so this scope keeps bodies as text and parses them itself).
 */
const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeContentTypeParser(['application/json']);
  app.addContentTypeParser(
    ['application/json', 'application/x-www-form-urlencoded'],
    { parseAs: 'string' },
    (_request, body, done) => done(null, body),
  );
  const rawBody = z.string().optional();

  app.get('/whatsapp', {
    config: { public: true },
    schema: {
      tags,
      summary: 'WhatsApp webhook verification (hub.challenge)',
      querystring: z.object({
        'hub.mode': z.string().optional(),
        'hub.verify_token': z.string().optional(),
        'hub.challenge': z.string().max(200).optional(),
      }),
      response: {
        200: { description: 'The challenge, echoed', content: { 'text/plain': { schema: z.string() } } },
        ...errors,
      },
    },
    handler: async (request, reply) => {
      const token = app.config.SOL_WHATSAPP_VERIFY_TOKEN;
      if (!token) return sendError(request, reply, 404, 'sol_not_configured');
      const q = request.query;
      if (q['hub.mode'] !== 'subscribe' || q['hub.verify_token'] !== token || !q['hub.challenge'])
        return sendError(request, reply, 403, 'forbidden');
      return reply.type('text/plain').send(q['hub.challenge']);
    },
  });

  app.post('/whatsapp', {
    config: { public: true },
    schema: {
      tags,
      summary: 'WhatsApp webhook: candidate replies (X-Hub-Signature-256)',
      body: rawBody,
      response: { 200: z.object({ received: z.number().int() }), ...errors },
    },
    handler: async (request, reply) => {
      const secret = app.config.SOL_WHATSAPP_APP_SECRET;
      if (!secret) return sendError(request, reply, 404, 'sol_not_configured');
      const raw = typeof request.body === 'string' ? request.body : '';
      const signature = request.headers['x-hub-signature-256'];
      if (!verifyWhatsappSignature(secret, raw, typeof signature === 'string' ? signature : undefined))
        return sendError(request, reply, 401, 'sol_invalid_signature');
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw);
      } catch {
        return sendError(request, reply, 400, 'invalid_json');
      }
      const messages = inboundMessages(parsed);
      const sol = app.reports.sol;
      const applied = await receiveMessages(
        { db: app.db, now: sol.now, settings: sol.settings, events: app.events },
        messages,
      );
      for (const change of applied) publishOutcome(app.events, change);
      if (applied.length > 0) sol.wake();
      return { received: messages.length };
    },
  });

  app.post('/voice', {
    config: { public: true },
    schema: {
      tags,
      summary: 'Voice status callback (X-Twilio-Signature)',
      body: rawBody,
      response: { 200: z.object({ received: z.boolean() }), ...errors },
    },
    handler: async (request, reply) => {
      const token = app.config.SOL_VOICE_AUTH_TOKEN;
      if (!token || !app.config.SOL_PUBLIC_URL) return sendError(request, reply, 404, 'sol_not_configured');
      const raw = typeof request.body === 'string' ? request.body : '';
      const form = new URLSearchParams(raw);
      const params: Record<string, string | string[]> = {};
      for (const key of new Set(form.keys())) {
        const all = form.getAll(key);
        params[key] = all.length > 1 ? all : all[0]!;
      }
      const signature = request.headers['x-twilio-signature'];
      if (
        !verifyTwilioSignature(
          token,
          voiceCallbackUrl(app.config),
          params,
          typeof signature === 'string' ? signature : undefined,
        )
      ) {
        return sendError(request, reply, 401, 'sol_invalid_signature');
      }
      const callId = form.get('CallSid');
      if (!callId) return { received: false };
      const status = form.get('CallStatus');
      const duration = form.get('CallDuration') ?? form.get('RecordingDuration');
      const found = await receiveCallStatus(app.db, app.reports.sol.now(), {
        callId,
        status: status ? callStatus(status) : null,
        durationSeconds: duration && /^\d+$/.test(duration) && status ? Number(duration) : null,
        recordingUrl: form.get('RecordingUrl'),
      });
      if (found) app.reports.sol.wake();
      return { received: found };
    },
  });
};

export default solRoutes;
