import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { globalSettingsSchema, messageResponseSchema } from '@hivescope/contract';
import type { AppContext } from '../../context';
import { requireAdmin } from '../../http/auth';
import { translate } from '../../i18n';
import { globalSettings, saveGlobalSettings } from './global-settings.service';

/** GET/POST admin/settings: the global settings of the activity alarm (admins only). */
export async function globalSettingsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', async (request) => void requireAdmin(request));

  r.get('/admin/settings', { schema: { response: { 200: globalSettingsSchema } } }, () =>
    globalSettings(ctx.db),
  );

  r.post(
    '/admin/settings',
    { schema: { body: globalSettingsSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      await saveGlobalSettings(ctx.db, request.body);
      return { message: translate(request.locale, 'notifications:saved') };
    },
  );
}
