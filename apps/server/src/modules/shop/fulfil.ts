import type { ShopValidateAnswer } from '@hivescope/contract';
import type { Queryable } from '../../db/queryable';
import { extendSubscription, insertRenewalCodes } from './fulfil.repository';
import { newOrderKey } from './order-key';
import { recordOrderEvent, updateOrder, type OrderEvent, type OrderRow } from './orders.repository';

/**
 * What a paid order delivers (docs/shop.md "Fulfilment"), inside the transaction that marks it paid, so an
 * order is never paid without its codes or its subscription: a chosen transmitter's subscription end moves
 * by the term (+ quantity bonus) from max(now, end); otherwise one single-use renewal code per subscription,
 * the 2nd and later carrying the quantity bonus. A transmitter deleted meanwhile gets a code instead.
 */
export async function fulfilOrder(tx: Queryable, order: OrderRow): Promise<void> {
  const sub = (order.priced as ShopValidateAnswer).subscription;
  if (!sub || sub.count === 0) return;
  if (order.subscriptionControllerId !== null) {
    const end = await extendSubscription(tx, order.subscriptionControllerId, sub.years, sub.bonusDays);
    if (end) {
      await updateOrder(tx, order.id, { subscriptionEndsAt: end });
      const detail = { controllerId: order.subscriptionControllerId, endsAt: end.toISOString() };
      await recordOrderEvent(tx, {
        orderId: order.id,
        actor: 'system',
        action: 'subscriptionExtended',
        detail,
      });
      return;
    }
  }
  const codes = Array.from({ length: sub.count }, (_, i) => ({
    code: newOrderKey(),
    orderId: order.id,
    years: sub.years,
    bonusDays: i === 0 ? 0 : sub.bonusDays,
  }));
  await insertRenewalCodes(tx, codes);
  await recordOrderEvent(tx, {
    orderId: order.id,
    actor: 'system',
    action: 'renewalCodesIssued',
    detail: { count: codes.length },
  });
}

/** Marks an order paid and completed and delivers it, in the caller's transaction. */
export async function payOrder(
  tx: Queryable,
  order: OrderRow,
  paidAmount: number,
  event: Pick<OrderEvent, 'actor' | 'detail' | 'userId'>,
): Promise<void> {
  await updateOrder(tx, order.id, {
    paymentState: 'paid',
    state: 'completed',
    paidAmount,
    paidAt: new Date(),
  });
  await recordOrderEvent(tx, { orderId: order.id, action: 'paid', ...event });
  await fulfilOrder(tx, { ...order, paymentState: 'paid' });
}
