import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { appConfigSchema, type AppConfig } from '@hivescope/contract';
import type { AppContext } from '../../context';
import { brandOf } from '../../http/brand';

/** Public app configuration for the web shell: brand by host, build revision, demo mode, map tiles. */
export async function appRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/app/config', { schema: { response: { 200: appConfigSchema } } }, async (request) => {
    const config: AppConfig = {
      brand: brandOf(request, ctx.config),
      buildRevision: ctx.config.buildRevision,
      demo: ctx.config.demo,
      mapTileUrl: ctx.config.mapTileUrl,
    };
    return config;
  });
}
