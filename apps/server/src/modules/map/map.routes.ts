import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminMapQuerySchema, adminMapSchema, publicMapSchema } from '@hivescope/contract';
import type { AppContext } from '../../context';
import { requireAdmin } from '../../http/auth';
import { adminMap, publicMap } from './map.service';

/** The public map (anonymous) and the admin map (docs/maps.md). */
export async function mapRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/map/public', { schema: { response: { 200: publicMapSchema } } }, async (_request, reply) => {
    // browsers ask again each time: the server's own cache is the load guard and knows when the map changed
    void reply.header('Cache-Control', 'public, no-cache');
    return publicMap(ctx);
  });

  r.get(
    '/admin/map',
    {
      onRequest: async (request: FastifyRequest) => void requireAdmin(request),
      schema: { querystring: adminMapQuerySchema, response: { 200: adminMapSchema } },
    },
    (request) => adminMap(ctx, request.query),
  );
}
