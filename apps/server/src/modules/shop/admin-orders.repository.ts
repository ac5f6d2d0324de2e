import { and, asc, eq, sql } from 'drizzle-orm';
import type { ShopOrderListSort, ShopOrderState, SortOrder } from '@hivescope/contract';
import type { Queryable } from '../../db/queryable';
import { shopOrderEvents, shopOrders, users } from '../../db/schema';
import { keyset, searchAll, type SortColumn } from '../../db/keyset';
import type { Cursor } from '../../lib/list-cursor';
import type { OrderRow } from './orders.repository';

/** SQL of the order administration (docs/shop.md "Order administration"). */

const SORTS: Record<ShopOrderListSort, SortColumn> = {
  createdAt: { column: shopOrders.createdAt, type: 'timestamptz' },
  total: { column: shopOrders.total, type: 'int4' },
};
export const orderSortType = (sort: ShopOrderListSort) => SORTS[sort].type;

export type OrderPageQuery = {
  state?: ShopOrderState | undefined;
  words: string[];
  sort: ShopOrderListSort;
  order: SortOrder;
  cursor: Cursor | undefined;
  limit: number;
};

const addressField = (name: string) => sql`(${shopOrders.address} ->> ${sql.raw(`'${name}'`)})`;

/** One page of orders, `limit + 1` rows (docs/api-conventions.md "Lists and pagination"). */
export async function listOrderPage(db: Queryable, q: OrderPageQuery) {
  const page = keyset(SORTS[q.sort], shopOrders.id, q.order, q.cursor);
  const search = searchAll(q.words, {
    contains: [
      shopOrders.key,
      addressField('email'),
      addressField('firstname'),
      addressField('lastname'),
      addressField('company'),
    ],
    id: shopOrders.id,
  });
  const rows = await db
    .select({ order: shopOrders, sortKey: page.sortKey })
    .from(shopOrders)
    .where(and(q.state === undefined ? undefined : eq(shopOrders.state, q.state), search, page.after))
    .orderBy(...page.orderBy)
    .limit(q.limit + 1);
  return rows.map((r) => ({ ...r.order, sortKey: r.sortKey }));
}

/** The order's audit trail, oldest first, with the acting user's email. */
export function orderEvents(db: Queryable, orderId: number) {
  return db
    .select({
      id: shopOrderEvents.id,
      actor: shopOrderEvents.actor,
      userEmail: users.email,
      action: shopOrderEvents.action,
      detail: shopOrderEvents.detail,
      createdAt: shopOrderEvents.createdAt,
    })
    .from(shopOrderEvents)
    .leftJoin(users, eq(users.id, shopOrderEvents.userId))
    .where(eq(shopOrderEvents.orderId, orderId))
    .orderBy(asc(shopOrderEvents.id));
}

/** Locks the order for an admin's change (edit, activate prepay), so two admins act one after the other. */
export async function lockOrderById(db: Queryable, id: number): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(shopOrders).where(eq(shopOrders.id, id)).for('update');
  return row;
}
