import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  messageResponseSchema,
  shopOptionalTemplateSchema,
  shopMailPreviewSchema,
  shopOrderDetailSchema,
  shopOrderEditSchema,
  shopOrderPageSchema,
  shopOrdersQuerySchema,
  shopReleaseQuerySchema,
  shopSendTemplateSchema,
  type ShopSendTemplateBody,
} from '@hivescope/contract';
import { requireAdmin } from '../../http/auth';
import { idParams } from '../../http/params';
import { translate } from '../../i18n';
import { sendConfirmationMail } from './admin-confirmation';
import { advanceMail, offerMail, releaseMail, templateMail } from './admin-orders.mail';
import {
  activatePrepay,
  clearOrder,
  commissioner,
  editOrder,
  listOrders,
  mailAction,
  mailTemplate,
  orderDetail,
  orderForPreview,
} from './admin-orders.service';
import type { ShopContext } from './shop.context';

const adminOnly = async (request: FastifyRequest) => void requireAdmin(request);
const message = { 200: messageResponseSchema };
const action = { onRequest: adminOnly, schema: { params: idParams, response: message } };

/** Order administration at /shop/admin (docs/shop.md "Order administration"), admins only. */
export async function adminOrderRoutes(app: FastifyInstance, shop: ShopContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const links = { publicUrl: shop.config.publicUrl };
  const done = (request: FastifyRequest, key: string, params?: Record<string, unknown>) => ({
    message: translate(request.locale, `shop-admin:done.${key}`, params),
  });

  r.get(
    '/shop/orders',
    {
      onRequest: adminOnly,
      schema: { querystring: shopOrdersQuerySchema, response: { 200: shopOrderPageSchema } },
    },
    (request) => listOrders(shop, request.query),
  );

  r.get(
    '/shop/orders/:id',
    { onRequest: adminOnly, schema: { params: idParams, response: { 200: shopOrderDetailSchema } } },
    (request) => orderDetail(shop, request.params.id, request.locale),
  );

  r.post(
    '/shop/orders/:id',
    { ...action, schema: { ...action.schema, body: shopOrderEditSchema } },
    async (request) => {
      const changed = await editOrder(shop, requireAdmin(request), request.params.id, request.body);
      return done(request, changed ? 'saved' : 'unchanged');
    },
  );

  r.post('/shop/orders/:id/resendConfirmation', action, async (request) => {
    await sendConfirmationMail(shop, requireAdmin(request), request.params.id);
    return done(request, 'confirmationSent');
  });

  r.post('/shop/orders/:id/activatePrepay', action, async (request) => {
    const activated = await activatePrepay(shop, requireAdmin(request), request.params.id);
    return done(request, activated ? 'prepayActivated' : 'alreadyPaid');
  });

  r.post(
    '/shop/orders/:id/sendOffer',
    { ...action, schema: { ...action.schema, body: shopOptionalTemplateSchema } },
    async (request) => {
      const text = request.body?.sendTemplate || undefined;
      await mailAction(shop, requireAdmin(request), request.params.id, {
        action: 'offerSent',
        mail: (order) => offerMail(order, text, links),
        set: { offerSent: true },
      });
      return done(request, 'offerSent');
    },
  );

  /** The stored template (docs/shop.md "Mail templates") and the admin's text of a sendTemplate body. */
  const templateChoice = async (request: FastifyRequest, body: ShopSendTemplateBody) => ({
    template: body.templateId ? await mailTemplate(shop, body.templateId, request.locale) : undefined,
    text: body.sendTemplate || undefined,
  });

  r.post(
    '/shop/orders/:id/sendTemplate',
    { ...action, schema: { ...action.schema, body: shopSendTemplateSchema } },
    async (request) => {
      const auth = requireAdmin(request);
      await orderForPreview(shop, request.params.id); // 404 before a 400 for the template
      const choice = await templateChoice(request, request.body);
      await mailAction(shop, auth, request.params.id, {
        action: 'templateSent',
        mail: (order) => templateMail(order, choice, links),
        detail: { templateId: choice.template?.id ?? null, text: choice.text ?? null },
      });
      return done(request, 'templateSent');
    },
  );

  r.post(
    '/shop/orders/:id/sendTemplate/preview',
    {
      onRequest: adminOnly,
      schema: { params: idParams, body: shopSendTemplateSchema, response: { 200: shopMailPreviewSchema } },
    },
    async (request) => {
      const order = await orderForPreview(shop, request.params.id);
      const mail = templateMail(order, await templateChoice(request, request.body), links);
      return { to: mail.to, subject: mail.subject, text: mail.text };
    },
  );

  r.post('/shop/orders/:id/clear', action, async (request) => {
    await clearOrder(shop, requireAdmin(request), request.params.id);
    return done(request, 'cleared');
  });

  r.post('/shop/orders/:id/requestAdvance', action, async (request) => {
    await mailAction(shop, requireAdmin(request), request.params.id, {
      action: 'advanceRequested',
      mail: (order) => advanceMail(order, links),
      set: { advanceRequested: true },
    });
    return done(request, 'advanceRequested');
  });

  r.post(
    '/shop/orders/:id/releaseOrder',
    {
      ...action,
      schema: { ...action.schema, querystring: shopReleaseQuerySchema, body: shopOptionalTemplateSchema },
    },
    async (request) => {
      const auth = requireAdmin(request);
      await orderForPreview(shop, request.params.id); // 404 before a 400 for the commissioner
      const to = await commissioner(shop, request.query.commissionerIndex);
      const text = request.body?.sendTemplate || undefined;
      await mailAction(shop, auth, request.params.id, {
        action: 'orderReleased',
        mail: (order) => releaseMail(order, to, text, request.locale),
        detail: { commissioner: to.name },
      });
      return done(request, 'released', { name: to.name });
    },
  );
}
