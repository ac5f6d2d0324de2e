import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  interventionCreateSchema,
  interventionListQuerySchema,
  interventionListSchema,
  interventionSaveResponseSchema,
  interventionUpdateSchema,
  messageResponseSchema,
} from '@hivescope/contract';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth';
import { idParams } from '../../http/params';
import { translate } from '../../i18n';
import { sharedInterventions } from '../shares/share-access';
import { sendShared } from '../shares/shared-payload';
import {
  createIntervention,
  deleteIntervention,
  listInterventions,
  updateIntervention,
} from './interventions.service';

/**
 * Interventions (ours: the product's call list names none; docs/timeline.md): GET intervention?scales&xmin&xmax,
 * POST intervention, POST intervention/{id} (update, like POST scale/{idscale}), DELETE intervention/{id}.
 */
export async function interventionsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // GET with a share token (docs/shares.md) reads its scales' interventions; every write needs a session
  r.addHook('onRequest', async (request) => {
    if (!(request.method === 'GET' && request.shareToken)) requireUser(request);
  });

  r.get(
    '/intervention',
    { schema: { querystring: interventionListQuerySchema, response: { 200: interventionListSchema } } },
    async (request, reply) =>
      request.shareToken
        ? sendShared(request, reply, await sharedInterventions(ctx, request.shareToken, request.query))
        : listInterventions(ctx, requireUser(request), request.query),
  );

  r.post(
    '/intervention',
    { schema: { body: interventionCreateSchema, response: { 200: interventionSaveResponseSchema } } },
    async (request) => {
      const intervention = await createIntervention(ctx, requireUser(request), request.body);
      return { message: translate(request.locale, 'timeline:interventionSaved'), intervention };
    },
  );

  r.post(
    '/intervention/:id',
    {
      schema: {
        params: idParams,
        body: interventionUpdateSchema,
        response: { 200: interventionSaveResponseSchema },
      },
    },
    async (request) => {
      const intervention = await updateIntervention(
        ctx,
        requireUser(request),
        request.params.id,
        request.body,
      );
      return { message: translate(request.locale, 'timeline:interventionSaved'), intervention };
    },
  );

  r.delete(
    '/intervention/:id',
    { schema: { params: idParams, response: { 200: messageResponseSchema } } },
    async (request) => {
      await deleteIntervention(ctx, requireUser(request), request.params.id);
      return { message: translate(request.locale, 'timeline:interventionDeleted') };
    },
  );
}
