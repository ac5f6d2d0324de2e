import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  controllerOwnerUpdateSchema,
  controllerSaveResponseSchema,
  controllerSchema,
  messageResponseSchema,
  midnightValuesSchema,
  watchCodeResponseSchema,
} from '@hivescope/contract';
import type { AppContext } from '../../context';
import { idParam, idParams } from '../../http/params';
import { requireUser } from '../../http/auth';
import { translate } from '../../i18n';
import {
  archiveChannel,
  getController,
  midnightValues,
  renewWatchCode,
  updateController,
} from './controllers.service';
import { listControllersJson } from './controller-list';

const channelParams = z.object({
  id: idParam,
  ch: z.coerce
    .number({ message: 'errors:channelRange' })
    .int({ message: 'errors:channelRange' })
    .min(1, { message: 'errors:channelRange' })
    .max(8, { message: 'errors:channelRange' }),
});
const authenticated = async (request: Parameters<typeof requireUser>[0]) => void requireUser(request);

/** Controllers of the caller (docs/controllers.md; POST controller/{id} and watchcode/renew are ours). */
export async function controllersRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', authenticated);

  // The answer arrives as JSON text, each row checked against controllerSchema when it was built; a string
  // with a JSON content type skips the route serialiser. Declared without the type provider, whose reply
  // type wants the parsed array (docs/controllers.md "Dashboard list at fleet size").
  app.get(
    '/controller',
    { schema: { response: { 200: z.array(controllerSchema) } } },
    async (request, reply) =>
      reply
        .type('application/json; charset=utf-8')
        .send(await listControllersJson(ctx, requireUser(request))),
  );

  r.get('/controller/:id', { schema: { params: idParams, response: { 200: controllerSchema } } }, (request) =>
    getController(ctx, requireUser(request), request.params.id),
  );

  r.post(
    '/controller/:id',
    {
      schema: {
        params: idParams,
        body: controllerOwnerUpdateSchema,
        response: { 200: controllerSaveResponseSchema },
      },
    },
    async (request) => {
      const controller = await updateController(ctx, requireUser(request), request.params.id, request.body);
      return { message: translate(request.locale, 'controllers:saved'), controller };
    },
  );

  r.get(
    '/controller/:id/midnightvalues',
    { schema: { params: idParams, response: { 200: midnightValuesSchema } } },
    (request) => midnightValues(ctx, requireUser(request), request.params.id),
  );

  r.post(
    '/controller/:id/watchcode/renew',
    { schema: { params: idParams, response: { 200: watchCodeResponseSchema } } },
    async (request) => {
      const watchCode = await renewWatchCode(ctx, requireUser(request), request.params.id);
      return { message: translate(request.locale, 'controllers:watchCodeRenewed'), watchCode };
    },
  );

  r.post(
    '/controller/:id/channel/:ch/archive',
    { schema: { params: channelParams, response: { 200: messageResponseSchema } } },
    async (request) => {
      await archiveChannel(ctx, requireUser(request), request.params.id, request.params.ch);
      return { message: translate(request.locale, 'controllers:scaleArchived') };
    },
  );
}
