import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminControllerCreateSchema,
  adminControllerPageSchema,
  adminControllersQuerySchema,
  adminControllerSaveResponseSchema,
  adminControllerUpdateSchema,
  affiliatedControllerPageSchema,
  affiliatedControllersQuerySchema,
  affiliationControllersSchema,
  affiliationListSchema,
  deviceTokenResponseSchema,
  messageResponseSchema,
} from '@hivescope/contract';
import type { AppContext } from '../../context';
import { requireAdmin, requireManager } from '../../http/auth';
import { translate } from '../../i18n';
import { idParams } from '../../http/params';
import {
  adminUpdateController,
  affiliations,
  assignAffiliation,
  createController,
} from './admin-controllers.service';
import { listAdminControllers, listAffiliatedControllers } from './admin-controllers.lists';

const adminOnly = async (request: FastifyRequest) => void requireAdmin(request);

/**
 * Admin controller calls (docs/controllers.md "Admin calls"; the one-time device token:
 * docs/device-protocol.md), and GET admin/affiliations (ours) for the admin's choice of affiliation.
 */
export async function adminControllersRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/admin/controllers',
    {
      onRequest: adminOnly,
      schema: { querystring: adminControllersQuerySchema, response: { 200: adminControllerPageSchema } },
    },
    (request) => listAdminControllers(ctx, request.query),
  );

  r.get(
    '/admin/affiliatedControllers',
    {
      onRequest: async (request: FastifyRequest) => void requireManager(request),
      schema: {
        querystring: affiliatedControllersQuerySchema,
        response: { 200: affiliatedControllerPageSchema },
      },
    },
    (request) => listAffiliatedControllers(ctx, requireManager(request), request.query),
  );

  r.post(
    '/admin/controller',
    {
      onRequest: adminOnly,
      schema: { body: adminControllerCreateSchema, response: { 200: deviceTokenResponseSchema } },
    },
    async (request) => {
      const created = await createController(ctx, request.body);
      return { ...created, message: translate(request.locale, 'controllers:created') };
    },
  );

  r.post(
    '/admin/controller/:id',
    {
      onRequest: adminOnly,
      schema: {
        params: idParams,
        body: adminControllerUpdateSchema,
        response: { 200: adminControllerSaveResponseSchema },
      },
    },
    async (request) => {
      const { controller, deviceToken } = await adminUpdateController(ctx, request.params.id, request.body);
      const key = deviceToken ? 'controllers:tokenRegenerated' : 'controllers:saved';
      return { message: translate(request.locale, key), controller, ...(deviceToken ? { deviceToken } : {}) };
    },
  );

  r.get(
    '/admin/affiliations',
    { onRequest: adminOnly, schema: { response: { 200: affiliationListSchema } } },
    () => affiliations(ctx),
  );

  r.post(
    '/admin/affiliation/:id/controllers',
    {
      onRequest: adminOnly,
      schema: {
        params: idParams,
        body: affiliationControllersSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await assignAffiliation(ctx, request.params.id, request.body.controllerIds);
      return { message: translate(request.locale, 'controllers:affiliationAssigned') };
    },
  );
}
