import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { controllerRegistrationSchema, controllerSaveResponseSchema } from '@hivescope/contract';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth';
import { translate } from '../../i18n';
import { registerController } from './controller-registration.service';

/** POST registration/controller (docs/controllers.md): a logged-in user registers a transmitter by IMSI + IMEI. */
export async function controllerRegistrationRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/registration/controller',
    {
      onRequest: async (request: FastifyRequest) => void requireUser(request),
      schema: { body: controllerRegistrationSchema, response: { 200: controllerSaveResponseSchema } },
    },
    async (request) => {
      const controller = await registerController(ctx, requireUser(request), request.body, request.ip);
      return { message: translate(request.locale, 'controllers:registered'), controller };
    },
  );
}
