import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  messageResponseSchema,
  promoCodeCreateSchema,
  promoCodeDetailSchema,
  promoCodeEditSchema,
  promoCodePageSchema,
  renewalCodeCreateSchema,
  renewalCodeDetailSchema,
  renewalCodeEditSchema,
  renewalCodePageSchema,
  shopCodeCreatedSchema,
  shopCodesQuerySchema,
} from '@hivescope/contract';
import { requireAdmin } from '../../http/auth';
import { idParams } from '../../http/params';
import { translate } from '../../i18n';
import {
  createPromo,
  deactivatePromo,
  editPromo,
  listPromoCodes,
  promoDetail,
} from './admin-promo-codes.service';
import {
  createRenewal,
  deactivateRenewal,
  editRenewal,
  listRenewalCodes,
  renewalDetail,
} from './admin-renewal-codes.service';
import type { ShopContext } from './shop.context';

const adminOnly = async (request: FastifyRequest) => void requireAdmin(request);
const message = { 200: messageResponseSchema };

/**
 * The codes administration at /shop/admin (docs/shop.md "Codes"), admins only: promo codes and renewal codes
 * — a keyset list, one code with its history (and a renewal code's redemptions), create, edit, deactivate.
 */
export async function adminCodeRoutes(app: FastifyInstance, shop: ShopContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const done = (request: FastifyRequest, key: string, params?: Record<string, unknown>) => ({
    message: translate(request.locale, `shop-admin:codes.done.${key}`, params),
  });

  // promo codes
  r.get(
    '/shop/promoCodes',
    {
      onRequest: adminOnly,
      schema: { querystring: shopCodesQuerySchema, response: { 200: promoCodePageSchema } },
    },
    (request) => listPromoCodes(shop, request.query),
  );
  r.post(
    '/shop/promoCodes',
    {
      onRequest: adminOnly,
      schema: { body: promoCodeCreateSchema, response: { 201: shopCodeCreatedSchema } },
    },
    async (request, reply) => {
      const created = await createPromo(shop, requireAdmin(request), request.body, request.locale);
      return reply.code(201).send({ ...done(request, 'promoCreated', created), ...created });
    },
  );
  r.get(
    '/shop/promoCodes/:id',
    { onRequest: adminOnly, schema: { params: idParams, response: { 200: promoCodeDetailSchema } } },
    (request) => promoDetail(shop, request.params.id),
  );
  r.post(
    '/shop/promoCodes/:id',
    { onRequest: adminOnly, schema: { params: idParams, body: promoCodeEditSchema, response: message } },
    async (request) => {
      const auth = requireAdmin(request);
      const changed = await editPromo(shop, auth, request.params.id, request.body, request.locale);
      return done(request, changed ? 'saved' : 'unchanged');
    },
  );
  r.post(
    '/shop/promoCodes/:id/deactivate',
    { onRequest: adminOnly, schema: { params: idParams, response: message } },
    async (request) => {
      const changed = await deactivatePromo(shop, requireAdmin(request), request.params.id);
      return done(request, changed ? 'deactivated' : 'alreadyDeactivated');
    },
  );

  // renewal codes
  r.get(
    '/shop/renewalCodes',
    {
      onRequest: adminOnly,
      schema: { querystring: shopCodesQuerySchema, response: { 200: renewalCodePageSchema } },
    },
    (request) => listRenewalCodes(shop, request.query),
  );
  r.post(
    '/shop/renewalCodes',
    {
      onRequest: adminOnly,
      schema: { body: renewalCodeCreateSchema, response: { 201: shopCodeCreatedSchema } },
    },
    async (request, reply) => {
      const created = await createRenewal(shop, requireAdmin(request), request.body, request.locale);
      return reply.code(201).send({ ...done(request, 'renewalCreated', created), ...created });
    },
  );
  r.get(
    '/shop/renewalCodes/:id',
    { onRequest: adminOnly, schema: { params: idParams, response: { 200: renewalCodeDetailSchema } } },
    (request) => renewalDetail(shop, request.params.id),
  );
  r.post(
    '/shop/renewalCodes/:id',
    { onRequest: adminOnly, schema: { params: idParams, body: renewalCodeEditSchema, response: message } },
    async (request) => {
      const auth = requireAdmin(request);
      const changed = await editRenewal(shop, auth, request.params.id, request.body, request.locale);
      return done(request, changed ? 'saved' : 'unchanged');
    },
  );
  r.post(
    '/shop/renewalCodes/:id/deactivate',
    { onRequest: adminOnly, schema: { params: idParams, response: message } },
    async (request) => {
      const changed = await deactivateRenewal(shop, requireAdmin(request), request.params.id);
      return done(request, changed ? 'deactivated' : 'alreadyDeactivated');
    },
  );
}
