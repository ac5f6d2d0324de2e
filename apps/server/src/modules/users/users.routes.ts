import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  changeStateSchema,
  messageResponseSchema,
  profileSchema,
  userPageSchema,
  usersQuerySchema,
} from '@hivescope/contract';
import type { AppContext } from '../../context';
import { requireAdmin, requireManager } from '../../http/auth';
import { idParam, idParams } from '../../http/params';
import { translate } from '../../i18n';
import { changeUserState, listUsers, updateUserProfile } from './users.service';

const adminOnly = async (request: FastifyRequest) => void requireAdmin(request);
const managerOrAdmin = async (request: FastifyRequest) => void requireManager(request);
const message = { 200: messageResponseSchema };

/** Admin and manager user management (docs/api-conventions.md: admin/users, admin/affiliatedUsers, admin/user/{id}/…). */
export async function usersRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/admin/users',
    { onRequest: adminOnly, schema: { querystring: usersQuerySchema, response: { 200: userPageSchema } } },
    (request) => listUsers(ctx, request.query),
  );

  r.get(
    '/admin/affiliatedUsers',
    {
      onRequest: managerOrAdmin,
      schema: {
        querystring: usersQuerySchema.extend({ affiliationId: idParam }).strict(),
        response: { 200: userPageSchema },
      },
    },
    async (request) => {
      const { affiliationId, ...query } = request.query;
      requireManager(request, affiliationId);
      return listUsers(ctx, query, affiliationId);
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
