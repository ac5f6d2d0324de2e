import { z } from 'zod';
import type { Queryable } from '../../../db/queryable';
import { AppError } from '../../../http/errors';
import { payOrder } from '../fulfil';
import { lockOrderByKey, recordOrderEvent, updateOrder, type OrderRow } from '../orders.repository';
import { releasePromo } from '../promo.repository';
import { retakePromo } from '../promo-use';
import type { ShopContext } from '../shop.context';
import { claimPaymentEvent } from './payment.repository';

/**
 * A verified provider event (docs/shop.md "Payment"). Each event id is handled once: its row in
 * shop_payment_events is written in the same transaction as the order's change, so a replay finds it and
 * changes nothing, and a failure leaves neither (the provider retries).
 */

export const webhookEventSchema = z.object({
  id: z.string().min(1).max(200),
  type: z.string().max(200),
  data: z.object({
    object: z.object({
      id: z.string().max(200),
      client_reference_id: z.string().max(40).nullish(),
      amount_total: z.number().int().nullish(),
    }),
  }),
});
export type WebhookEvent = z.infer<typeof webhookEventSchema>;

const FAILED = ['checkout.session.expired', 'checkout.session.async_payment_failed'];

async function markPaid(tx: Queryable, order: OrderRow, event: WebhookEvent): Promise<boolean> {
  if (order.paymentState === 'paid') return false;
  // a late payment of an order given up: it takes its promo use again, or the over-use is flagged
  if (order.paymentState === 'failed') await retakePromo(tx, order);
  const paidAmount = event.data.object.amount_total ?? order.total;
  await payOrder(tx, order, paidAmount, {
    actor: 'provider',
    detail: { event: event.id, amount: paidAmount },
  });
  return true;
}

async function markFailed(tx: Queryable, order: OrderRow, event: WebhookEvent): Promise<void> {
  if (order.paymentState !== 'pending') return;
  await updateOrder(tx, order.id, { paymentState: 'failed', state: 'cancelled' });
  if (order.promoCodeId !== null) await releasePromo(tx, order.promoCodeId);
  await recordOrderEvent(tx, {
    orderId: order.id,
    actor: 'provider',
    action: 'paymentFailed',
    detail: { event: event.id, type: event.type },
  });
}

/** Applies one event; answers the order that became paid (its confirmation is sent after the commit). */
export async function handleWebhookEvent(ctx: ShopContext, event: WebhookEvent): Promise<number | null> {
  const key = event.data.object.client_reference_id;
  return ctx.db.transaction(async (tx) => {
    if (!(await claimPaymentEvent(tx, event.id, event.type)) || !key) return null;
    const order = await lockOrderByKey(tx, key);
    if (!order || order.paymentMethod !== 'card' || order.paymentSessionId !== event.data.object.id) {
      // an order whose checkout session is not stored yet binds no event: refused, the transaction (and the
      // event's claim) rolls back and the provider retries it (docs/shop.md "Payment")
      if (order?.paymentMethod === 'card' && order.paymentSessionId === null)
        throw new AppError(503, 'errors:shopUnavailable');
      ctx.log.info({ event: event.id, key }, 'payment event for no known order');
      return null;
    }
    if (event.type === 'checkout.session.completed')
      return (await markPaid(tx, order, event)) ? order.id : null;
    if (FAILED.includes(event.type)) await markFailed(tx, order, event);
    return null;
  });
}
