import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZApiError,
  ZCreateUsersRequest,
  ZCreateUsersResponse,
  ZDeleteUsersRequest,
  ZDeleteUsersResponse,
  ZListUsersRequest,
  ZListUsersResponse,
  ZManagedUser,
  ZOkResponse,
  ZUpdateUsersRequest,
  ZUpdateUsersResponse,
  ZUserParams,
} from '@centinela/shared';
import { createUsers, deleteUsers, getUser, listUsers, updateUsers } from '../../../../domains/users/service.ts';
import { logoutCaller } from '../../../auth/logout.ts';
import { errorResponses } from '../../../../lib/api-error.ts';

const errors = errorResponses(400, 401, 403, 404, 409, 422);
const tags = ['users'];
const security = [{ bearer: [] }];

const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/logout', {
    config: { scope: 'signed-in' },
    schema: {
      tags,
      summary: 'Sign out (SPEC §7: POST /users/logout)',
      security,
      response: { 200: ZOkResponse, 401: ZApiError, 403: ZApiError },
    },
    handler: (request) => logoutCaller(app.db, request.caller, request.ip),
  });

  // Dashboard users: platform staff manage every owner's, a manager only their own owner's (tenancy).
  app.get('/', {
    config: { scope: 'users:manage' },
    schema: {
      tags,
      summary: 'Users, filtered by owner, role, status and country',
      security,
      querystring: ZListUsersRequest,
      response: { 200: ZListUsersResponse, ...errors },
    },
    handler: (request) => listUsers(app.db, request.scope, request.query),
  });

  app.post('/', {
    config: { scope: 'users:manage' },
    schema: {
      tags,
      summary:
        'Create one or several users from a list of emails; repeated, invalid and existing ones are rejected with their reason (SPEC §5)',
      security,
      body: ZCreateUsersRequest,
      response: { 200: ZCreateUsersResponse, 201: ZCreateUsersResponse, ...errors },
    },
    handler: async (request, reply) => {
      const { emails, ownerId, ...settings } = request.body;
      const result = await createUsers(app.db, {
        caller: request.caller,
        ownerId,
        settings,
        entries: emails.map((email) => ({ email })),
        actor: request.actor,
      });
      return reply.status(result.created.length > 0 ? 201 : 200).send(result);
    },
  });

  app.patch('/', {
    config: { scope: 'users:manage' },
    schema: {
      tags,
      summary: 'Edit several users at once (roles, countries, locale, API key mode, status), all or none',
      security,
      body: ZUpdateUsersRequest,
      response: { 200: ZUpdateUsersResponse, ...errors },
    },
    handler: (request) => updateUsers(app.db, { caller: request.caller, input: request.body, actor: request.actor }),
  });

  app.post('/delete', {
    config: { scope: 'users:manage' },
    schema: {
      tags,
      summary: 'Delete several users, all or none',
      security,
      body: ZDeleteUsersRequest,
      response: { 200: ZDeleteUsersResponse, ...errors },
    },
    handler: (request) => deleteUsers(app.db, { caller: request.caller, ids: request.body.ids, actor: request.actor }),
  });

  app.get('/:id', {
    config: { scope: 'users:manage' },
    schema: { tags, summary: 'One user', security, params: ZUserParams, response: { 200: ZManagedUser, ...errors } },
    handler: (request) => getUser(app.db, request.scope, request.params.id),
  });
};

export default usersRoutes;
