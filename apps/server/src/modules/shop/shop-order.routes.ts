import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BRAND_SHOP,
  orderKeySchema,
  shopOrderAnswerSchema,
  shopOrderRequestSchema,
  shopOrderStatusSchema,
  shopValidateAnswerSchema,
  shopValidateRequestSchema,
} from '@hivescope/contract';
import { brandOf } from '../../http/brand';
import { AppError } from '../../http/errors';
import { activeShopConfig } from './active-config';
import { confirmAddress } from './address-confirmation';
import { orderStatus } from './order-status';
import { placeOrder } from './orders.service';
import { quoteCart } from './quote';
import type { ShopContext } from './shop.context';

const keyParams = z.object({ key: orderKeySchema });
const tokenQuery = z.object({ token: z.string().max(200).default('') });

/**
 * POST shop/validate, POST shop/order, GET shop/order/{key}: open to everyone (docs/shop.md "Orders"). On a
 * brand without the in-app shop (the request's host, spec §1) validate and order answer 404 "The shop is not
 * available here" before the body is read: there is no shop at that address (docs/shop.md "Brands").
 */
export async function shopOrderRoutes(app: FastifyInstance, ctx: ShopContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const shopHere = async (request: FastifyRequest) => {
    if (!BRAND_SHOP[brandOf(request, ctx.config)].shopFeatures)
      throw new AppError(404, 'shop:brand.unavailable');
  };

  r.post(
    '/shop/validate',
    {
      onRequest: shopHere,
      schema: { body: shopValidateRequestSchema, response: { 200: shopValidateAnswerSchema } },
    },
    async (request) => {
      const { config } = await activeShopConfig(ctx.db);
      const { promoCode, ...cart } = request.body;
      return (await quoteCart(ctx.db, cart, promoCode, config, request.locale)).quote;
    },
  );

  r.post(
    '/shop/order',
    {
      onRequest: shopHere,
      schema: { body: shopOrderRequestSchema, response: { 201: shopOrderAnswerSchema } },
    },
    async (request, reply) => {
      const answer = await placeOrder(ctx, request.body, {
        auth: request.auth,
        locale: request.locale,
        ip: request.ip,
        // the browser's Origin, trusted only for an origin this server serves (return-origin.ts)
        origin: request.headers.origin,
      });
      return reply.code(201).send(answer);
    },
  );

  r.get(
    '/shop/order/:key',
    { schema: { params: keyParams, response: { 200: shopOrderStatusSchema } } },
    (request) => orderStatus(ctx.db, request.params.key),
  );

  // the address mail's link (docs/shop.md "Address confirmation"): a GET, as a mail client opens it
  r.get(
    '/shop/order/:key/confirmAddress',
    { schema: { params: keyParams, querystring: tokenQuery } },
    async (request, reply) =>
      reply.redirect(await confirmAddress(ctx, request.params.key, request.query.token), 303),
  );
}
