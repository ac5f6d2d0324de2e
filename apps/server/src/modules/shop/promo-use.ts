import type { Queryable } from '../../db/queryable';
import { recordCodeEvent } from './admin-codes.repository';
import { recordOrderEvent, type OrderRow } from './orders.repository';
import { reservePromo } from './promo.repository';

/**
 * An order that had given its promo use back holds one again (a late payment, an admin's reopening). The use
 * is taken only while the code has one left, so its uses never exceed its maximum. When none is left the
 * discount still stands (the customer was quoted it, and a late payment was charged it), and the over-use is
 * flagged to the admins: `promoUsedUp` in the order's history and `overUsed` with the order's key in the
 * code's history (docs/shop.md "Promo codes").
 */
export async function retakePromo(tx: Queryable, order: OrderRow): Promise<void> {
  if (order.promoCodeId === null || (await reservePromo(tx, order.promoCodeId))) return;
  await recordOrderEvent(tx, { orderId: order.id, actor: 'system', action: 'promoUsedUp' });
  await recordCodeEvent(tx, {
    promoCodeId: order.promoCodeId,
    userId: null,
    action: 'overUsed',
    detail: { orderKey: order.key, orderId: order.id },
  });
}
