import type { FastifyInstance } from 'fastify';
import type { AppContext, AppServices } from '../../context';
import { adminCodeRoutes } from './admin-codes.routes';
import { adminOrderRoutes } from './admin-orders.routes';
import { trySendConfirmation } from './confirmation';
import { checkoutProvider, type PaymentProvider } from './payment/provider';
import { webhookRoutes } from './payment/webhook.routes';
import { invoiceRoutes } from './invoice.routes';
import { renewalRoutes } from './renewal.routes';
import type { ShopContext } from './shop.context';
import { shopConfigRoutes } from './shop-config.routes';
import { shopOrderRoutes } from './shop-order.routes';

/** The shop's calls (spec §7 "Shop", docs/shop.md). */
export async function shopRoutes(app: FastifyInstance, ctx: AppContext & AppServices) {
  const { mailer } = ctx;
  let provider: PaymentProvider | undefined;
  const shop: ShopContext = {
    db: ctx.db,
    config: ctx.config,
    log: app.log,
    mailer,
    provider: () => {
      if (!ctx.config.payment) throw new Error('no payment provider configured');
      provider ??= checkoutProvider(ctx.config.payment);
      return provider;
    },
    confirm: (orderId, opts) =>
      trySendConfirmation(
        {
          db: ctx.db,
          mailer,
          log: app.log,
          publicUrl: ctx.config.publicUrl,
          attachments: !!ctx.config.smtpUrl,
        },
        orderId,
        opts,
      ),
  };
  await shopConfigRoutes(app, ctx);
  await shopOrderRoutes(app, shop);
  await adminOrderRoutes(app, shop);
  await adminCodeRoutes(app, shop);
  await renewalRoutes(app, shop);
  await invoiceRoutes(app, shop);
  await app.register(async (scope) => webhookRoutes(scope, shop));
}
