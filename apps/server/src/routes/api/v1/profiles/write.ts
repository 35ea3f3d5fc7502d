import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZCreateProfileRequest,
  ZCreateProfileResponse,
  ZProfileHintsRequest,
  ZProfileHintsResponse,
  ZProfileParams,
  ZRerunReportResponse,
  ZReportParams,
  ZReviewProfileRequest,
  ZReviewProfileResponse,
  ZUpdatePersonRequest,
  ZUpdatePersonResponse,
  ZUpdateProfileRequest,
  ZUpdateProfileResponse,
  type TCreateProfileResponse,
} from '@centinela/shared';
import { z } from 'zod';
import { idempotencyKeyOf, once, requestHash } from '../../../../domains/api-keys/idempotency.ts';
import { requireOwner } from '../../../../kernel/index.ts';
import { createProfile, ProfileCreateError } from '../../../../domains/profiles/create.ts';
import { profileHints } from '../../../../domains/profiles/hints.ts';
import { PersonEditError, updatePerson } from '../../../../domains/profiles/person.ts';
import { rerunProfileReport } from '../../../../domains/profiles/rerun.ts';
import { reviewProfile, updateReviewFields } from '../../../../domains/profiles/review.ts';
import { ApiError, errorResponses } from '../../../../lib/api-error.ts';
import { sendError } from '../../../../plugins/errors.ts';

const errors = errorResponses(400, 401, 403, 404, 409, 422, 500);
// Where reports are paid as they are queued: a free-plan owner short of credits.
const charged = errorResponses(402);
const tags = ['profiles'];
const security: Record<string, string[]>[] = [{ bearer: [] }, { apiKey: [] }];
const ZIdempotencyHeaders = z.looseObject({
  'idempotency-key': z.string().max(255).optional().describe('Makes a retry safe (client API)'),
});

const writeRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, events: app.events, wake: () => app.reports.wake() };

  app.post('/', {
    config: { scope: 'profiles:write' },
    schema: {
      tags,
      summary: 'Create a candidate (reports run) or a pre-candidate',
      description:
        'Client systems (x-api-key) may send an `Idempotency-Key`: a retry with the same key and body answers the first response and never creates a second person.',
      security,
      headers: ZIdempotencyHeaders,
      body: ZCreateProfileRequest,
      response: { 201: ZCreateProfileResponse, ...errors, ...charged },
    },
    handler: async (request, reply) => {
      const scope = request.scope;
      // A person a client system creates is `created_as: api` (deferred API sync applies).
      const createdAs = request.caller.apiKey ? 'api' : 'dashboard';
      const key = idempotencyKeyOf(request.headers['idempotency-key']);
      try {
        if (key) {
          const hash = requestHash('POST', '/api/v1/profiles', request.body);
          const stored = await once(app.db, { ownerId: requireOwner(scope), key, hash }, async (tx) => ({
            status: 201,
            body: await createProfile(
              { ...deps, db: tx },
              { scope, input: request.body, actor: request.actor, createdAs },
            ),
          }));
          app.reports.wake(); // after commit: the reports it queued are now visible to the workers
          if (stored.replayed) reply.header('idempotent-replayed', 'true');
          return reply.status(stored.status as 201).send(stored.body as TCreateProfileResponse);
        }
        const created = await createProfile(deps, { scope, input: request.body, actor: request.actor, createdAs });
        return reply.status(201).send(created);
      } catch (error) {
        if (error instanceof ProfileCreateError)
          return sendError(request, reply, 422, 'profile_create_failed', { issues: error.issues });
        // Client errors and data PostgreSQL refuses (SQLSTATE class 22) keep their own answers.
        if (error instanceof ApiError || String((error as { code?: unknown }).code ?? '').startsWith('22')) throw error;
        // SPEC §8: whatever broke, the person was not created; the cause is for the log.
        request.log.error({ err: error }, 'profile create failed');
        return sendError(request, reply, 500, 'profile_create_failed');
      }
    },
  });

  app.post('/hints', {
    config: { scope: 'profiles:write' },
    schema: {
      tags,
      summary: 'Advisory hints on a document id (never blocking)',
      security,
      body: ZProfileHintsRequest,
      response: { 200: ZProfileHintsResponse, ...errors },
    },
    handler: async (request) => {
      const { ownerId: _named, ...input } = request.body; // the scope reads it
      return { hints: await profileHints(app.db, { ...input, ownerId: requireOwner(request.scope) }) };
    },
  });

  app.patch('/:id', {
    config: { scope: 'profiles:write' },
    schema: {
      tags,
      summary: 'Edit the review fields',
      security,
      params: ZProfileParams,
      body: ZUpdateProfileRequest,
      response: { 200: ZUpdateProfileResponse, ...errors },
    },
    handler: (request) =>
      updateReviewFields(deps, {
        scope: request.scope,
        id: request.params.id,
        input: request.body,
        actor: request.actor,
      }),
  });

  app.patch('/:id/person', {
    config: { scope: 'profiles:write' },
    schema: {
      tags,
      summary: "Edit the person's fields; INCOMPLETE reports that now have their inputs run again",
      security,
      params: ZProfileParams,
      body: ZUpdatePersonRequest,
      response: { 200: ZUpdatePersonResponse, ...errors, ...charged },
    },
    handler: async (request, reply) => {
      try {
        return await updatePerson(deps, {
          scope: request.scope,
          id: request.params.id,
          input: request.body,
          actor: request.actor,
        });
      } catch (error) {
        if (error instanceof PersonEditError)
          return sendError(request, reply, 400, 'validation_failed', { issues: error.issues });
        throw error;
      }
    },
  });

  app.post('/:id/review', {
    config: { scope: 'reports:review' },
    schema: {
      tags,
      summary: 'Approve or reject a person pending manual review',
      security,
      params: ZProfileParams,
      body: ZReviewProfileRequest,
      response: { 200: ZReviewProfileResponse, ...errors },
    },
    handler: (request) =>
      reviewProfile(deps, { scope: request.scope, id: request.params.id, input: request.body, actor: request.actor }),
  });

  app.post('/reports/:reportId/rerun', {
    config: { scope: 'reports:run' },
    schema: {
      tags,
      summary: 'Run one report again',
      security,
      params: ZReportParams,
      response: { 200: ZRerunReportResponse, ...errors, ...charged },
    },
    handler: (request) =>
      rerunProfileReport(deps, { scope: request.scope, reportId: request.params.reportId, actor: request.actor }),
  });
};

export default writeRoutes;
