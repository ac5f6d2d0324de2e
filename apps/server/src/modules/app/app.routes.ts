import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

/** Public app configuration for the web shell: brand by host, build revision. */
export async function appRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/app/config', async (request) => {
    const host = (request.hostname ?? '').split(':')[0]?.toLowerCase() ?? '';
    return {
      brand: ctx.config.brandHosts[host] ?? 1,
      buildRevision: ctx.config.buildRevision,
      demo: ctx.config.demo,
    };
  });
}
