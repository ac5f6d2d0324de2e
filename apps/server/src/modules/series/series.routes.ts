import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { seriesQuerySchema, seriesResponseSchema } from '@hivescope/contract';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth';
import { getSeries } from './series.service';

/**
 * GET series (ours: the product's call list names no timeline call): the timeline's measurement series
 * (docs/timeline.md). Read access as for GET controller/{id}.
 */
export async function seriesRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', async (request) => void requireUser(request));
  r.get(
    '/series',
    { schema: { querystring: seriesQuerySchema, response: { 200: seriesResponseSchema } } },
    (request) => getSeries(ctx, requireUser(request), request.query),
  );
}
