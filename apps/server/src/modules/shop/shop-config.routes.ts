import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  shopCatalogueSchema,
  shopConfigAdminSchema,
  shopConfigRefusedSchema,
  shopConfigSaveAnswerSchema,
  shopConfigSaveSchema,
} from '@hivescope/contract';
import type { AppContext } from '../../context';
import { requireAdmin } from '../../http/auth';
import { notFound } from '../../http/errors';
import { translate } from '../../i18n';
import { activeShopConfig } from './active-config';
import { catalogueOf } from './catalogue';
import { parseShopConfig } from './config/shop-config';
import { findConfigYaml, insertConfig, listConfigVersions } from './shop-config.repository';

const adminOnly = async (request: FastifyRequest) => void requireAdmin(request);
/** `filtered` (spec §7) is accepted and changes nothing: the catalogue never holds more than customers see. */
const catalogueQuery = z.object({ filtered: z.string().optional() });
const versionQuery = z.object({ version: z.coerce.number().int().positive().optional() });

/** The shop config: the public catalogue and the admins' versions (docs/shop.md "Active config"). */
export async function shopConfigRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const catalogue = async (request: FastifyRequest) =>
    catalogueOf((await activeShopConfig(ctx.db)).config, request.locale);
  const catalogueSchema = { querystring: catalogueQuery, response: { 200: shopCatalogueSchema } };
  r.get('/shop/config', { schema: catalogueSchema }, catalogue);
  r.get('/shop/config/:x', { schema: catalogueSchema }, catalogue);

  r.get(
    '/shop/configAdmin',
    { onRequest: adminOnly, schema: { querystring: versionQuery, response: { 200: shopConfigAdminSchema } } },
    async (request) => {
      const active = await activeShopConfig(ctx.db);
      const versions = await listConfigVersions(ctx.db);
      const asked = request.query.version;
      if (asked === undefined)
        return { message: active.yaml(), version: active.version, activeVersion: active.version, versions };
      const stored = await findConfigYaml(ctx.db, asked);
      if (!stored) throw notFound();
      return { message: stored.yaml, version: stored.id, activeVersion: active.version, versions };
    },
  );

  r.post(
    '/shop/config',
    {
      onRequest: adminOnly,
      schema: {
        body: shopConfigSaveSchema,
        response: { 201: shopConfigSaveAnswerSchema, 400: shopConfigRefusedSchema },
      },
    },
    async (request, reply) => {
      const auth = requireAdmin(request);
      const result = parseShopConfig(request.body.config, request.locale);
      if (!result.ok) {
        const message = translate(request.locale, 'shop:configRefused', { count: result.errors.length });
        return reply.code(400).send({ message, errors: result.errors });
      }
      const version = await insertConfig(ctx.db, request.body.config, auth.userId);
      const message = translate(request.locale, 'shop:configSaved', { version });
      return reply.code(201).send({ message, version });
    },
  );
}
