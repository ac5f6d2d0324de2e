import type { ShopOrderStatus, ShopValidateAnswer } from '@hivescope/contract';
import type { Queryable } from '../../db/queryable';
import { notFound } from '../../http/errors';
import { renewalCodesOf } from './fulfil.repository';
import { findOrderByKey } from './orders.repository';

/** GET shop/order/{key}: the order's figures for whoever holds its key — no address, no names. */
export async function orderStatus(db: Queryable, key: string): Promise<ShopOrderStatus> {
  const order = await findOrderByKey(db, key);
  if (!order) throw notFound();
  const paid = order.paymentState === 'paid';
  return {
    key: order.key,
    state: order.state as ShopOrderStatus['state'],
    payment: order.paymentState as ShopOrderStatus['payment'],
    paymentMethod: order.paymentMethod as ShopOrderStatus['paymentMethod'],
    total: order.total,
    priced: order.priced as ShopValidateAnswer,
    orderedAt: order.createdAt.toISOString(),
    renewalCodes: paid ? await renewalCodesOf(db, order.id) : [],
    subscription:
      order.subscriptionControllerId !== null && order.subscriptionEndsAt
        ? { controllerId: order.subscriptionControllerId, endsAt: order.subscriptionEndsAt.toISOString() }
        : null,
  };
}
