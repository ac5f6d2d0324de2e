import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/queryable';
import { controllers, shopOrderEvents, shopOrders, users } from '../../db/schema';

/** SQL of shop orders and their audit trail (docs/shop.md "Orders"). */

export type OrderRow = typeof shopOrders.$inferSelect;
export type NewOrder = typeof shopOrders.$inferInsert;
export type OrderEvent = {
  orderId: number;
  userId?: number | null;
  actor: 'customer' | 'provider' | 'system' | 'admin';
  action: string;
  detail?: Record<string, unknown> | null;
};

export async function insertOrder(db: Queryable, values: NewOrder): Promise<OrderRow> {
  const [row] = await db.insert(shopOrders).values(values).returning();
  if (!row) throw new Error('order not stored');
  return row;
}

export async function recordOrderEvent(db: Queryable, event: OrderEvent): Promise<void> {
  await db.insert(shopOrderEvents).values({ ...event, detail: event.detail ?? null });
}

export async function findOrderByKey(db: Queryable, key: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(shopOrders).where(eq(shopOrders.key, key));
  return row;
}

export async function findOrderById(db: Queryable, id: number): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(shopOrders).where(eq(shopOrders.id, id));
  return row;
}

/** Locks the order for a state change (webhook, fulfilment). */
export async function lockOrderByKey(db: Queryable, key: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(shopOrders).where(eq(shopOrders.key, key)).for('update');
  return row;
}

export async function updateOrder(db: Queryable, id: number, values: Partial<NewOrder>): Promise<void> {
  await db.update(shopOrders).set(values).where(eq(shopOrders.id, id));
}

export async function controllerOwner(db: Queryable, id: number): Promise<number | null | undefined> {
  const [row] = await db
    .select({ ownerId: controllers.ownerId })
    .from(controllers)
    .where(eq(controllers.id, id));
  return row ? row.ownerId : undefined;
}

/** Paid orders whose confirmation mail has not gone out yet (a failed try is retried by the job). */
export function unconfirmedOrders(db: Queryable, limit = 50): Promise<OrderRow[]> {
  return db
    .select()
    .from(shopOrders)
    .where(
      sql`${shopOrders.confirmationSent} = false AND ${shopOrders.paymentState} IN ('paid', 'invoice')
        AND ${shopOrders.createdAt} > now() - interval '7 days'`,
    )
    .orderBy(shopOrders.id)
    .limit(limit);
}

/**
 * Whether the order's address can be shown to own it (docs/shop.md "Address confirmation"): it is the
 * logged-in buyer's account address, or its confirmation link was followed (`addressConfirmed`).
 */
export async function addressOwned(db: Queryable, orderId: number): Promise<boolean> {
  const res = await db.execute<{ owned: boolean }>(
    sql`SELECT (EXISTS (SELECT 1 FROM ${users} u WHERE u.id = o.user_id
                         AND lower(u.email) = lower(o.address->>'email'))
             OR EXISTS (SELECT 1 FROM ${shopOrderEvents} e
                         WHERE e.order_id = o.id AND e.action = 'addressConfirmed')) AS owned
          FROM ${shopOrders} o WHERE o.id = ${orderId}`,
  );
  return res.rows[0]?.owned === true;
}
