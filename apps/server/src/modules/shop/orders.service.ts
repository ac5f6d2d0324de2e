import type { Locale, ShopOrderAnswer, ShopOrderRequest } from '@hivescope/contract';
import type { AuthContext } from '../../http/auth';
import { AppError, unauthorized } from '../../http/errors';
import { translate } from '../../i18n';
import type { ShopContext } from './shop.context';
import { takeAttempt, type Limit } from '../session/rate-limit';
import { activeShopConfig } from './active-config';
import { confirmOrAskAddress } from './address-confirmation';
import { payOrder } from './fulfil';
import { newOrderKey } from './order-key';
import {
  controllerOwner,
  insertOrder,
  recordOrderEvent,
  updateOrder,
  type OrderRow,
} from './orders.repository';
import { releasePromo, reservePromo } from './promo.repository';
import { problemsError, quoteCart, type Quote } from './quote';
import { returnBase } from './return-origin';

/**
 * POST shop/order (docs/shop.md "Orders"): priced again on the server, stored with its key and audit entry,
 * then — for card payment — a checkout session at the provider. Nothing is stored when the cart, the promo
 * code or the transmitter is refused, or when card payment is not configured.
 */

/** Orders per client address and hour (docs/shop.md "Orders"). */
export const SHOP_ORDER_LIMIT: Limit = { kind: 'shopOrder.ip', max: 50, windowMs: 3600_000 };

async function checkController(
  ctx: ShopContext,
  body: ShopOrderRequest,
  auth: AuthContext | null,
  locale: Locale,
) {
  const id = body.subscriptionControllerId;
  if (id === null) return;
  if (!auth) throw unauthorized();
  if ((await controllerOwner(ctx.db, id)) !== auth.userId) {
    const message = translate(locale, 'shop:notYourController');
    throw new AppError(403, 'shop:notYourController', undefined, { subscriptionControllerId: message });
  }
}

async function store(
  ctx: ShopContext,
  body: ShopOrderRequest,
  q: Quote,
  auth: AuthContext | null,
  locale: Locale,
) {
  return ctx.db.transaction(async (tx) => {
    if (q.promo && !(await reservePromo(tx, q.promo.id))) {
      const fields = { promoCode: translate(locale, 'errors:promoCodeInvalid') };
      throw new AppError(400, 'errors:promoCodeInvalid', undefined, fields);
    }
    const { promoCode: _promo, acceptTerms: _terms, paymentMethod, address, ...cart } = body;
    const order = await insertOrder(tx, {
      key: newOrderKey(),
      userId: auth?.userId ?? null,
      locale,
      cart: { ...cart, address },
      priced: q.quote,
      total: q.quote.total,
      discount: q.quote.discount,
      promoCodeId: q.promo?.id ?? null,
      paymentMethod,
      paymentState: paymentMethod === 'invoice' ? 'invoice' : 'pending',
      subscriptionControllerId: body.subscriptionControllerId,
      userComment: body.comment,
      address,
    });
    const detail = { total: order.total, paymentMethod, promoCode: q.promo?.code ?? null };
    await recordOrderEvent(tx, {
      orderId: order.id,
      userId: auth?.userId,
      actor: 'customer',
      action: 'ordered',
      detail,
    });
    return order;
  });
}

/**
 * Where the provider sends the customer back: the shop of the cart's mode, at the origin the shopper used when
 * this server serves it, else at PUBLIC_URL (`returnBase`, docs/shop.md "Payment").
 */
function returnUrls(ctx: ShopContext, key: string, body: ShopOrderRequest, origin: string | undefined) {
  const shop = `${returnBase(ctx.config, origin)}/${body.mode === 'digital' ? 'subscriptionShop' : 'shop'}`;
  return { success: `${shop}/completion?key=${key}`, failure: `${shop}/transactionFailure?key=${key}` };
}

/** The provider's page for a card order; a provider that fails cancels the order (its promo use returns). */
async function openCheckout(
  ctx: ShopContext,
  order: OrderRow,
  body: ShopOrderRequest,
  origin: string | undefined,
): Promise<string> {
  const urls = returnUrls(ctx, order.key, body, origin);
  try {
    const session = await ctx.provider().createCheckoutSession({
      orderKey: order.key,
      total: order.total,
      description: translate(order.locale as Locale, 'shop:mail.subject', { key: order.key }),
      email: body.address.email,
      locale: order.locale,
      successUrl: urls.success,
      cancelUrl: urls.failure,
    });
    await updateOrder(ctx.db, order.id, { paymentSessionId: session.id });
    await recordOrderEvent(ctx.db, {
      orderId: order.id,
      actor: 'system',
      action: 'checkoutOpened',
      detail: { session: session.id },
    });
    return session.url;
  } catch (err) {
    ctx.log.error(
      { order: order.key, reason: err instanceof Error ? err.message : String(err) },
      'checkout failed',
    );
    await ctx.db.transaction(async (tx) => {
      await updateOrder(tx, order.id, { paymentState: 'failed', state: 'cancelled' });
      if (order.promoCodeId !== null) await releasePromo(tx, order.promoCodeId);
      await recordOrderEvent(tx, { orderId: order.id, actor: 'system', action: 'checkoutFailed' });
    });
    throw new AppError(503, 'errors:shopUnavailable');
  }
}

export async function placeOrder(
  ctx: ShopContext,
  body: ShopOrderRequest,
  caller: { auth: AuthContext | null; locale: Locale; ip: string; origin?: string },
): Promise<ShopOrderAnswer> {
  const { auth, locale } = caller;
  // orders per client address; the mails each may cause are bounded per recipient (address-confirmation.ts)
  await takeAttempt(ctx.db, [[SHOP_ORDER_LIMIT, caller.ip]]);
  await checkController(ctx, body, auth, locale);
  const { config } = await activeShopConfig(ctx.db);
  const q = await quoteCart(ctx.db, body, body.promoCode, config, locale);
  if (q.quote.items.length === 0) throw problemsError([{ path: 'mode', key: 'shop:cartEmpty' }], locale);
  if (body.paymentMethod === 'card' && q.quote.total > 0 && !ctx.config.payment)
    throw new AppError(503, 'errors:shopUnavailable');
  const order = await store(ctx, body, q, auth, locale);
  if (body.paymentMethod === 'invoice') {
    await confirmOrAskAddress(ctx, order);
    return { key: order.key, total: order.total, paymentMethod: 'invoice', paymentUrl: null };
  }
  if (order.total === 0) {
    // nothing to charge (a full discount): no provider page, the order is paid at once
    await ctx.db.transaction((tx) => payOrder(tx, order, 0, { actor: 'system', detail: { free: true } }));
    await confirmOrAskAddress(ctx, order);
    return {
      key: order.key,
      total: 0,
      paymentMethod: 'card',
      paymentUrl: returnUrls(ctx, order.key, body, caller.origin).success,
    };
  }
  const paymentUrl = await openCheckout(ctx, order, body, caller.origin);
  // the confirmation follows the payment, to an owned address only: the link goes out now
  await confirmOrAskAddress(ctx, order);
  return { key: order.key, total: order.total, paymentMethod: 'card', paymentUrl };
}
