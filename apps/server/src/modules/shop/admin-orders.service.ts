import type {
  Locale,
  ShopOrderDetail,
  ShopOrderEdit,
  ShopOrderPage,
  ShopOrdersQuery,
} from '@hivescope/contract';
import type { Queryable } from '../../db/queryable';
import type { AuthContext } from '../../http/auth';
import { AppError, badRequest, notFound } from '../../http/errors';
import { translate } from '../../i18n';
import { decodeCursor, searchWords, toPage } from '../../lib/list-cursor';
import type { MailMessage } from '../../mail/message';
import { activeShopConfig } from './active-config';
import { listOrderPage, lockOrderById, orderEvents, orderSortType } from './admin-orders.repository';
import { toOrderDetail, toOrderListItem } from './admin-orders.mapper';
import { payOrder } from './fulfil';
import { renewalCodesOf } from './fulfil.repository';
import {
  findOrderById,
  recordOrderEvent,
  updateOrder,
  type NewOrder,
  type OrderRow,
} from './orders.repository';
import { releasePromo } from './promo.repository';
import { retakePromo } from './promo-use';
import type { ShopContext } from './shop.context';

/** The order administration (docs/shop.md "Order administration"); every change is a shop_order_events entry. */

export async function listOrders(shop: ShopContext, query: ShopOrdersQuery): Promise<ShopOrderPage> {
  const cursor = decodeCursor(query.cursor, query.sort, query.order, orderSortType(query.sort));
  const rows = await listOrderPage(shop.db, { ...query, cursor, words: searchWords(query.q) });
  const page = toPage(rows, query, (r) => ({ key: r.sortKey, id: r.id }));
  return { items: page.rows.map(toOrderListItem), nextCursor: page.nextCursor };
}

export async function orderDetail(shop: ShopContext, id: number, locale: Locale): Promise<ShopOrderDetail> {
  const order = await findOrderById(shop.db, id);
  if (!order) throw notFound();
  const [events, renewalCodes, active] = await Promise.all([
    orderEvents(shop.db, id),
    renewalCodesOf(shop.db, id),
    activeShopConfig(shop.db),
  ]);
  const { commissioners, mailTemplates } = active.config;
  const templates = mailTemplates.map((t) => ({ id: t.id, name: t.name[locale] }));
  return toOrderDetail(order, { events, renewalCodes, commissioners, templates });
}

/** Template `id` of the active shop config's `mailTemplates`, or a 400 on `templateId`. */
export async function mailTemplate(shop: ShopContext, id: string, locale: Locale) {
  const found = (await activeShopConfig(shop.db)).config.mailTemplates.find((t) => t.id === id);
  if (!found)
    throw new AppError(400, 'shop-admin:noTemplate', undefined, {
      templateId: translate(locale, 'shop-admin:noTemplate'),
    });
  return found;
}

/** The order for a mail preview (nothing is sent or recorded), or 404. */
export async function orderForPreview(shop: ShopContext, id: number): Promise<OrderRow> {
  const order = await findOrderById(shop.db, id);
  if (!order) throw notFound();
  return order;
}

const adminEvent = (auth: AuthContext, orderId: number) => ({
  orderId,
  userId: auth.userId,
  actor: 'admin' as const,
});

/** JSON with sorted keys: a stored address (jsonb reorders keys) equals the same address sent again. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );

/** The fields of `edit` whose value differs from the order's, as { field: { from, to } }. */
function changesOf(order: OrderRow, edit: ShopOrderEdit) {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const [field, to] of Object.entries(edit) as [keyof ShopOrderEdit, unknown][]) {
    const from = order[field];
    if (canonical(from) !== canonical(to)) changes[field] = { from, to };
  }
  return changes;
}

/**
 * Cancelling an unpaid order gives its promo use back (docs/shop.md "Promo codes"); reopening takes one again,
 * or records that none is left (the discount stands: the customer was quoted it).
 */
async function promoOnStateChange(tx: Queryable, order: OrderRow, state: string | undefined) {
  if (order.promoCodeId === null || state === undefined || state === order.state) return;
  if (order.paymentState === 'paid' || order.paymentState === 'failed') return;
  if (state === 'cancelled') await releasePromo(tx, order.promoCodeId);
  else if (order.state === 'cancelled') await retakePromo(tx, order);
}

/** Applies the admin's edit (only the whitelisted fields of shopOrderEditSchema); answers whether anything changed. */
export async function editOrder(shop: ShopContext, auth: AuthContext, id: number, edit: ShopOrderEdit) {
  return shop.db.transaction(async (tx) => {
    const order = await lockOrderById(tx, id);
    if (!order) throw notFound();
    const changes = changesOf(order, edit);
    if (Object.keys(changes).length === 0) return false;
    const values: Partial<NewOrder> = {};
    for (const [field, { to }] of Object.entries(changes)) Object.assign(values, { [field]: to });
    await promoOnStateChange(tx, order, edit.state);
    await updateOrder(tx, id, values);
    await recordOrderEvent(tx, { ...adminEvent(auth, id), action: 'edited', detail: { changes } });
    return true;
  });
}

/**
 * Activates an invoice (prepay) order: paid, completed and fulfilled in one transaction, exactly once — the
 * row is locked, and an order already paid answers `false` and changes nothing. The confirmation (now with
 * the renewal codes or the new subscription end) is sent again after the commit; the job retries it.
 */
export async function activatePrepay(shop: ShopContext, auth: AuthContext, id: number): Promise<boolean> {
  const activated = await shop.db.transaction(async (tx) => {
    const order = await lockOrderById(tx, id);
    if (!order) throw notFound();
    if (order.paymentMethod !== 'invoice') throw badRequest('shop-admin:notInvoice');
    if (order.paymentState === 'paid') return false;
    if (order.state === 'cancelled') throw badRequest('shop-admin:orderCancelled');
    // the webhook's payOrder: the same fulfilment, recorded as the admin's
    await payOrder(tx, order, order.total, { ...adminEvent(auth, id), detail: { amount: order.total } });
    await updateOrder(tx, id, { confirmationSent: false });
    return true;
  });
  if (activated) await shop.confirm(id, { byAdmin: true });
  return activated;
}

/** Sends a mail; one not accepted by the mail server is a 503 and changes nothing. */
async function deliverOrFail(shop: ShopContext, mail: MailMessage, orderId: number) {
  try {
    await shop.mailer.deliver(mail);
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    shop.log.error({ orderId, reason }, 'order mail not sent');
    throw new AppError(503, 'errors:sendFailed');
  }
}

export type MailAction = {
  action: string;
  mail: (order: OrderRow) => MailMessage | Promise<MailMessage>;
  /** the flags to set once the mail is out; a function when they depend on the mail (its attachments) */
  set?: Partial<NewOrder> | ((mail: MailMessage) => Partial<NewOrder>);
  detail?: Record<string, unknown> | ((mail: MailMessage) => Record<string, unknown>);
};

/** Mails about an order, then sets its flag and records the action with the admin and the time. */
export async function mailAction(shop: ShopContext, auth: AuthContext, id: number, a: MailAction) {
  const order = await findOrderById(shop.db, id);
  if (!order) throw notFound();
  const mail = await a.mail(order);
  await deliverOrFail(shop, mail, id);
  const set = typeof a.set === 'function' ? a.set(mail) : a.set;
  const detail = typeof a.detail === 'function' ? a.detail(mail) : a.detail;
  await shop.db.transaction(async (tx) => {
    if (set && Object.keys(set).length > 0) await updateOrder(tx, id, set);
    await recordOrderEvent(tx, {
      ...adminEvent(auth, id),
      action: a.action,
      detail: { to: mail.to, ...detail },
    });
  });
}

/** Sets the cleared flag (spec §3): the order is settled. Setting it again changes nothing. */
export async function clearOrder(shop: ShopContext, auth: AuthContext, id: number): Promise<void> {
  await shop.db.transaction(async (tx) => {
    const order = await lockOrderById(tx, id);
    if (!order) throw notFound();
    if (order.cleared) return;
    await updateOrder(tx, id, { cleared: true });
    await recordOrderEvent(tx, { ...adminEvent(auth, id), action: 'cleared' });
  });
}

/** Commissioner N of the active shop config, or a 400. */
export async function commissioner(shop: ShopContext, index: number) {
  const found = (await activeShopConfig(shop.db)).config.commissioners[index];
  if (!found) throw badRequest('shop-admin:noCommissioner');
  return found;
}
