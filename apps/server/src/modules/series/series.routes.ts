import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { seriesQuerySchema, seriesResponseSchema } from '@hivescope/contract';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth';
import { sharedSeries } from '../shares/share-access';
import { sendShared } from '../shares/shared-payload';
import { getSeries } from './series.service';

/**
 * GET series (ours: the product's call list names no timeline call): the timeline's measurement series
 * (docs/timeline.md). Read access as for GET controller/{id}.
 */
export async function seriesRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // a share token (docs/shares.md) reads its own scales' series instead of a session's
  r.addHook('onRequest', async (request) => void (request.shareToken ?? requireUser(request)));
  r.get(
    '/series',
    { schema: { querystring: seriesQuerySchema, response: { 200: seriesResponseSchema } } },
    async (request, reply) =>
      request.shareToken
        ? sendShared(request, reply, await sharedSeries(ctx, request.shareToken, request.query))
        : getSeries(ctx, requireUser(request), request.query),
  );
}
