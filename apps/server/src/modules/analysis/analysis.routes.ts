import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  analysisQuerySchema,
  analysisResponseSchema,
  heatmapHoursQuerySchema,
  heatmapHoursResponseSchema,
  heatmapQuerySchema,
  heatmapResponseSchema,
} from '@hivescope/contract';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth';
import { getAnalysis, getHeatmap, getHeatmapHours } from './analysis.service';

/**
 * GET analysis, GET heatmap, GET heatmap/hours — ours: the product's call list names no analysis or heat map
 * call (docs/timeline.md, "Heat map and analysis"). Read access as for GET series.
 */
export async function analysisRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', async (request) => void requireUser(request));
  r.get(
    '/analysis',
    { schema: { querystring: analysisQuerySchema, response: { 200: analysisResponseSchema } } },
    (request) => getAnalysis(ctx, requireUser(request), request.query),
  );
  r.get(
    '/heatmap',
    { schema: { querystring: heatmapQuerySchema, response: { 200: heatmapResponseSchema } } },
    (request) => getHeatmap(ctx, requireUser(request), request.query),
  );
  r.get(
    '/heatmap/hours',
    { schema: { querystring: heatmapHoursQuerySchema, response: { 200: heatmapHoursResponseSchema } } },
    (request) => getHeatmapHours(ctx, requireUser(request), request.query),
  );
}
