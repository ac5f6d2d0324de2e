import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app';
import { appRoutes } from './app/app.routes';

/** Every feature module, registered under /api. Add one line per module. */
export async function registerModules(api: FastifyInstance, ctx: AppContext) {
  await api.register(async (r) => appRoutes(r, ctx));
}
