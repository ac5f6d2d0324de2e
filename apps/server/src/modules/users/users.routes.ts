import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changeStateSchema, messageResponseSchema, profileSchema, userSchema } from '@hivescope/contract';
import type { AppContext } from '../../context';
import { requireAdmin, requireManager } from '../../http/auth';
import { idParam, idParams } from '../../http/params';
import { translate } from '../../i18n';
import { changeUserState, listAffiliatedUsers, listAllUsers, updateUserProfile } from './users.service';

const adminOnly = async (request: FastifyRequest) => void requireAdmin(request);
const managerOrAdmin = async (request: FastifyRequest) => void requireManager(request);
const message = { 200: messageResponseSchema };

/** Admin and manager user management (docs/api-conventions.md: admin/users, admin/affiliatedUsers, admin/user/{id}/…). */
export async function usersRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/admin/users', { onRequest: adminOnly, schema: { response: { 200: z.array(userSchema) } } }, () =>
    listAllUsers(ctx),
  );

  r.get(
    '/admin/affiliatedUsers',
    {
      onRequest: managerOrAdmin,
      schema: { querystring: z.object({ affiliationId: idParam }), response: { 200: z.array(userSchema) } },
    },
    async (request) => {
      requireManager(request, request.query.affiliationId);
      return listAffiliatedUsers(ctx, request.query.affiliationId);
    },
  );

  r.post(
    '/admin/user/:id/profile',
    { onRequest: adminOnly, schema: { params: idParams, body: profileSchema, response: message } },
    async (request) => {
      await updateUserProfile(ctx, request.params.id, request.body);
      return { message: translate(request.locale, 'messages:saved') };
    },
  );

  r.post(
    '/admin/user/:id/changestate',
    { onRequest: adminOnly, schema: { params: idParams, body: changeStateSchema, response: message } },
    async (request) => {
      const { active } = request.body;
      await changeUserState(ctx, requireAdmin(request), request.params.id, active);
      return {
        message: translate(request.locale, active ? 'messages:userActivated' : 'messages:userDeactivated'),
      };
    },
  );
}
