import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiError, ZOkResponse } from '@centinela/shared';
import { callerOf } from '../../../../plugins/auth.ts';
import { logoutCaller } from '../../../auth/logout.ts';

const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/logout', {
    config: { scope: 'signed-in' },
    schema: { tags: ['users'], summary: 'Sign out (SPEC §7: POST /users/logout)', security: [{ bearer: [] }], response: { 200: ZOkResponse, 401: ZApiError, 403: ZApiError } },
    handler: (request) => logoutCaller(app.db, callerOf(request), request.ip),
  });
};

export default usersRoutes;
