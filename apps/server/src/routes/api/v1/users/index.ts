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
import { actorOf } from '../../../../domains/profiles/actor.ts';
import { tenantScope } from '../../../../domains/tenancy.ts';
import { createUsers, deleteUsers, getUser, listUsers, updateUsers } from '../../../../domains/users/service.ts';
import { callerOf } from '../../../../plugins/auth.ts';
import { logoutCaller } from '../../../auth/logout.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError, 422: ZApiError };
const tags = ['users'];
const security = [{ bearer: [] }];

const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/logout', {
    config: { scope: 'signed-in' },
    schema: { tags, summary: 'Sign out (SPEC §7: POST /users/logout)', security, response: { 200: ZOkResponse, 401: ZApiError, 403: ZApiError } },
    handler: (request) => logoutCaller(app.db, callerOf(request), request.ip),
  });

  // Dashboard users: platform staff manage every owner's, a manager only their own owner's (tenancy).
  app.get('/', {
    config: { scope: 'users:manage' },
    schema: { tags, summary: 'Users, filtered by owner, role, status and country', security, querystring: ZListUsersRequest, response: { 200: ZListUsersResponse, ...errors } },
    handler: (request) => listUsers(app.db, tenantScope(callerOf(request), request.query.ownerId), request.query),
  });

  app.post('/', {
    config: { scope: 'users:manage' },
    schema: {
      tags,
      summary: 'Create one or several users from a list of emails; repeated, invalid and existing ones are rejected with their reason (SPEC §5)',
      security,
      body: ZCreateUsersRequest,
      response: { 200: ZCreateUsersResponse, 201: ZCreateUsersResponse, ...errors },
    },
    handler: async (request, reply) => {
      const { emails, ownerId, ...settings } = request.body;
      const result = await createUsers(app.db, { caller: callerOf(request), ownerId, settings, entries: emails.map((email) => ({ email })), actor: actorOf(request) });
      return reply.status(result.created.length > 0 ? 201 : 200).send(result);
    },
  });

  app.patch('/', {
    config: { scope: 'users:manage' },
    schema: { tags, summary: 'Edit several users at once (roles, countries, locale, API key mode, status), all or none', security, body: ZUpdateUsersRequest, response: { 200: ZUpdateUsersResponse, ...errors } },
    handler: (request) => updateUsers(app.db, { caller: callerOf(request), input: request.body, actor: actorOf(request) }),
  });

  app.post('/delete', {
    config: { scope: 'users:manage' },
    schema: { tags, summary: 'Delete several users, all or none', security, body: ZDeleteUsersRequest, response: { 200: ZDeleteUsersResponse, ...errors } },
    handler: (request) => deleteUsers(app.db, { caller: callerOf(request), ids: request.body.ids, actor: actorOf(request) }),
  });

  app.get('/:id', {
    config: { scope: 'users:manage' },
    schema: { tags, summary: 'One user', security, params: ZUserParams, response: { 200: ZManagedUser, ...errors } },
    handler: (request) => getUser(app.db, tenantScope(callerOf(request)), request.params.id),
  });
};

export default usersRoutes;
