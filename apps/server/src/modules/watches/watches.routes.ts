import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  messageResponseSchema,
  watchCodeSchema,
  watchCreateSchema,
  watchSaveResponseSchema,
  watchSchema,
} from '@hivescope/contract';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth';
import { translate } from '../../i18n';
import { addWatch, getWatches, removeWatch } from './watches.service';

/** Watching other users' controllers through their watch code (docs/controllers.md; controller/watches). */
export async function watchesRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', async (request: FastifyRequest) => void requireUser(request));

  r.get('/controller/watches', { schema: { response: { 200: z.array(watchSchema) } } }, (request) =>
    getWatches(ctx, requireUser(request)),
  );

  r.post(
    '/controller/watches',
    { schema: { body: watchCreateSchema, response: { 200: watchSaveResponseSchema } } },
    async (request) => {
      const watch = await addWatch(ctx, requireUser(request), request.body.code, request.ip);
      return { message: translate(request.locale, 'controllers:watchAdded'), watch };
    },
  );

  r.delete(
    '/controller/watches/:code',
    { schema: { params: z.object({ code: watchCodeSchema }), response: { 200: messageResponseSchema } } },
    async (request) => {
      await removeWatch(ctx, requireUser(request), request.params.code);
      return { message: translate(request.locale, 'controllers:watchRemoved') };
    },
  );
}
