import crypto from 'node:crypto';
import { pickLocale } from '@hivescope/contract';
import { composeMail } from '../../mail/compose';
import type { MailMessage } from '../../mail/message';
import { translate } from '../../i18n';
import { takeAttempt, type Limit } from '../session/rate-limit';
import { AppError, notFound } from '../../http/errors';
import { addressOwned, findOrderByKey, recordOrderEvent, type OrderRow } from './orders.repository';
import type { ShopContext } from './shop.context';

/**
 * Mails about an order go only to an address that can be shown to own it (docs/shop.md "Address
 * confirmation"): the logged-in buyer's own account address, or an address whose link was followed. Any
 * other address first gets one short mail with that link — no order details, no invoice — and at most
 * SHOP_ADDRESS_MAIL_LIMIT of those an hour, counted per recipient (not per client address, which a sender
 * can multiply).
 */

export const SHOP_ADDRESS_MAIL_LIMIT: Limit = { kind: 'shopMail.recipient', max: 5, windowMs: 3600_000 };

const emailOf = (order: Pick<OrderRow, 'address'>) => (order.address as { email: string }).email;

/** The link's token: an HMAC of the order and its address with the operator secret, so it is never stored. */
export function addressToken(secretKey: string, order: Pick<OrderRow, 'id' | 'key' | 'address'>): string {
  return crypto
    .createHmac('sha256', secretKey)
    .update(`shop-address|${order.id}|${order.key}|${emailOf(order).toLowerCase()}`)
    .digest('base64url');
}

function addressTokenValid(secretKey: string, order: OrderRow, token: string): boolean {
  const want = Buffer.from(addressToken(secretKey, order));
  const got = Buffer.from(token);
  return want.length === got.length && crypto.timingSafeEqual(want, got);
}

function addressConfirmationUrl(ctx: ShopContext, order: OrderRow): string {
  const token = addressToken(ctx.config.secretKey, order);
  return `${ctx.config.publicUrl}/api/shop/order/${order.key}/confirmAddress?token=${token}`;
}

function addressMail(ctx: ShopContext, order: OrderRow): MailMessage {
  const locale = pickLocale(order.locale);
  const t = (key: string) => translate(locale, `shop:addressMail.${key}`, { key: order.key });
  const blocks = [t('greeting'), t('why'), { link: addressConfirmationUrl(ctx, order), label: t('confirm') }];
  return composeMail(locale, emailOf(order), t('subject'), [...blocks, t('notYou'), t('signature')]);
}

/**
 * After an order is stored: its confirmation when the address is the buyer's, else the link to confirm the
 * address (unless the recipient had SHOP_ADDRESS_MAIL_LIMIT of them this hour: the order stays, the mail is
 * left out and noted).
 */
export async function confirmOrAskAddress(ctx: ShopContext, order: OrderRow): Promise<void> {
  const { db } = ctx;
  if (await addressOwned(db, order.id)) return ctx.confirm(order.id);
  try {
    await takeAttempt(db, [[SHOP_ADDRESS_MAIL_LIMIT, emailOf(order).toLowerCase()]]);
  } catch (err) {
    if (!(err instanceof AppError && err.status === 429)) throw err;
    ctx.log.error({ order: order.key }, 'address confirmation not sent: recipient limit reached');
    await recordOrderEvent(db, { orderId: order.id, actor: 'system', action: 'addressMailLimited' });
    return;
  }
  try {
    await ctx.mailer.deliver(addressMail(ctx, order));
    await recordOrderEvent(db, { orderId: order.id, actor: 'system', action: 'addressMailSent' });
  } catch (err) {
    ctx.log.error({ order: order.key, reason: String(err) }, 'address confirmation not sent');
  }
}

/**
 * GET shop/order/{key}/confirmAddress?token= (the link of the address mail): the address is confirmed and the
 * order's confirmation goes out (once paid, for a card order). Answers where the browser goes next.
 */
export async function confirmAddress(ctx: ShopContext, key: string, token: string): Promise<string> {
  const order = await findOrderByKey(ctx.db, key);
  if (!order) throw notFound();
  if (!addressTokenValid(ctx.config.secretKey, order, token))
    throw new AppError(400, 'shop:addressLinkInvalid');
  if (!(await addressOwned(ctx.db, order.id)))
    await recordOrderEvent(ctx.db, { orderId: order.id, actor: 'customer', action: 'addressConfirmed' });
  await ctx.confirm(order.id);
  const shop = (order.cart as { mode?: string }).mode === 'digital' ? 'subscriptionShop' : 'shop';
  return `${ctx.config.publicUrl}/${shop}/completion?key=${order.key}`;
}
