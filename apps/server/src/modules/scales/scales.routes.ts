import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  scaleCreateSchema,
  scaleSaveResponseSchema,
  scaleSchema,
  scaleUpdateSchema,
} from '@hivescope/contract';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth';
import { translate } from '../../i18n';
import { idParam } from '../../http/params';
import { createScale, listOwnScales, listUserScales, updateScale } from './scales.service';

const scaleList = { 200: z.array(scaleSchema) };

/** Scales (docs/controllers.md, "Scales"). */
export async function scalesRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', async (request: FastifyRequest) => void requireUser(request));

  r.get('/scale', { schema: { response: scaleList } }, (request) =>
    listOwnScales(ctx, requireUser(request), false),
  );

  r.get('/scale/all', { schema: { response: scaleList } }, (request) =>
    listOwnScales(ctx, requireUser(request), true),
  );

  r.get(
    '/user/:id/scales',
    { schema: { params: z.object({ id: idParam }), response: scaleList } },
    (request) => listUserScales(ctx, requireUser(request), request.params.id),
  );

  r.post(
    '/scale',
    { schema: { body: scaleCreateSchema, response: { 200: scaleSaveResponseSchema } } },
    async (request) => {
      const scale = await createScale(ctx, requireUser(request), request.body);
      return { message: translate(request.locale, 'controllers:scaleCreated'), scale };
    },
  );

  r.post(
    '/scale/:idscale',
    {
      schema: {
        params: z.object({ idscale: idParam }),
        body: scaleUpdateSchema,
        response: { 200: scaleSaveResponseSchema },
      },
    },
    async (request) => {
      const scale = await updateScale(ctx, requireUser(request), request.params.idscale, request.body);
      return { message: translate(request.locale, 'controllers:scaleSaved'), scale };
    },
  );
}
