import type {
  ShopAddress,
  ShopOrderDetail,
  ShopOrderEvent,
  ShopOrderListItem,
  ShopValidateAnswer,
} from '@hivescope/contract';
import type { OrderRow } from './orders.repository';

/** Stored orders as the order administration's answers (docs/shop.md "Order administration"). */

export function toOrderListItem(row: OrderRow): ShopOrderListItem {
  const address = row.address as ShopAddress;
  return {
    id: row.id,
    key: row.key,
    state: row.state as ShopOrderListItem['state'],
    paymentMethod: row.paymentMethod as ShopOrderListItem['paymentMethod'],
    paymentState: row.paymentState as ShopOrderListItem['paymentState'],
    total: row.total,
    email: address.email,
    name: [address.firstname, address.lastname].filter(Boolean).join(' '),
    createdAt: row.createdAt.toISOString(),
    flags: {
      confirmationSent: row.confirmationSent,
      offerSent: row.offerSent,
      invoiceSent: row.invoiceSent,
      controllerShipped: row.controllerShipped,
      cleared: row.cleared,
      advanceRequested: row.advanceRequested,
    },
  };
}

type EventRow = Omit<ShopOrderEvent, 'createdAt' | 'actor' | 'detail'> & {
  actor: string;
  detail: unknown;
  createdAt: Date;
};

export function toOrderDetail(
  row: OrderRow,
  extra: {
    events: EventRow[];
    renewalCodes: string[];
    commissioners: { name: string }[];
    templates: { id: string; name: string }[];
  },
): ShopOrderDetail {
  return {
    ...toOrderListItem(row),
    locale: row.locale,
    address: row.address as ShopAddress,
    discount: row.discount,
    paidAmount: row.paidAmount,
    receivedAmount: row.receivedAmount,
    paidAt: row.paidAt?.toISOString() ?? null,
    comment: row.comment,
    userComment: row.userComment,
    priced: row.priced as ShopValidateAnswer,
    subscriptionControllerId: row.subscriptionControllerId,
    subscriptionEndsAt: row.subscriptionEndsAt?.toISOString() ?? null,
    renewalCodes: extra.renewalCodes,
    events: extra.events.map((e) => ({
      ...e,
      actor: e.actor as ShopOrderEvent['actor'],
      detail: (e.detail as Record<string, unknown> | null) ?? null,
      createdAt: e.createdAt.toISOString(),
    })),
    commissioners: extra.commissioners.map((c, index) => ({ index, name: c.name })),
    templates: extra.templates,
  };
}
