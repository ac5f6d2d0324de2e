import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../http/errors';
import type { ShopContext } from '../shop.context';
import { verifyWebhook } from './signature';
import { handleWebhookEvent, webhookEventSchema } from './webhook.service';

/**
 * POST shop/payment/webhook: the provider's events (docs/shop.md "Payment"). The signature covers the exact
 * bytes sent, so this route (in its own plugin scope) takes the JSON body as a string and parses it only
 * after the signature checked out. Answers 200 to a replay; 400 to a bad signature, changing nothing.
 */
export async function webhookRoutes(app: FastifyInstance, ctx: ShopContext) {
  // this scope's own JSON parser (the app's is removed here only)
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: 256 * 1024 },
    (_req, body, done) => done(null, body),
  );

  app.post('/shop/payment/webhook', async (request) => {
    const payment = ctx.config.payment;
    if (!payment) throw new AppError(503, 'errors:shopUnavailable');
    const raw = typeof request.body === 'string' ? request.body : '';
    const signature = request.headers['stripe-signature'];
    if (!verifyWebhook(payment.webhookSecret, raw, typeof signature === 'string' ? signature : undefined)) {
      request.log.warn('payment webhook with a bad signature refused');
      throw new AppError(400, 'errors:malformedRequest');
    }
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      throw new AppError(400, 'errors:malformedRequest');
    }
    const event = webhookEventSchema.safeParse(json);
    if (!event.success) throw new AppError(400, 'errors:malformedRequest');
    const paidOrder = await handleWebhookEvent(ctx, event.data);
    if (paidOrder !== null) await ctx.confirm(paidOrder);
    return { received: true };
  });
}
