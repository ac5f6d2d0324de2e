import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { ShopCodeListSort, SortOrder } from '@hivescope/contract';
import type { Queryable } from '../../db/queryable';
import {
  controllers,
  promoCodes,
  renewalCodes,
  renewalRedemptions,
  shopCodeEvents,
  shopOrders,
  users,
} from '../../db/schema';
import { keyset, searchAll, type SortColumn } from '../../db/keyset';
import type { Cursor, SortType } from '../../lib/list-cursor';

/** SQL of the codes administration (docs/shop.md "Codes"). */

export type PromoRow = typeof promoCodes.$inferSelect;
export type RenewalRow = typeof renewalCodes.$inferSelect;
export type RenewalListRow = RenewalRow & { orderKey: string | null; redemptions: number };

export type CodePageQuery = {
  words: string[];
  sort: ShopCodeListSort;
  order: SortOrder;
  cursor: Cursor | undefined;
  limit: number;
};

const PROMO_SORTS: Record<ShopCodeListSort, SortColumn> = {
  createdAt: { column: promoCodes.createdAt, type: 'timestamptz' },
  code: { column: promoCodes.code, type: 'text' },
};
const RENEWAL_SORTS: Record<ShopCodeListSort, SortColumn> = {
  createdAt: { column: renewalCodes.createdAt, type: 'timestamptz' },
  code: { column: renewalCodes.code, type: 'text' },
};
export const codeSortType = (sort: ShopCodeListSort): SortType => PROMO_SORTS[sort].type;

/** One page of promo codes, `limit + 1` rows (docs/api-conventions.md "Lists and pagination"). */
export async function listPromoPage(db: Queryable, q: CodePageQuery) {
  const page = keyset(PROMO_SORTS[q.sort], promoCodes.id, q.order, q.cursor);
  const search = searchAll(q.words, { contains: [promoCodes.code], id: promoCodes.id });
  const rows = await db
    .select({ code: promoCodes, sortKey: page.sortKey })
    .from(promoCodes)
    .where(and(search, page.after))
    .orderBy(...page.orderBy)
    .limit(q.limit + 1);
  return rows.map((r) => ({ ...r.code, sortKey: r.sortKey }));
}

export async function findPromo(db: Queryable, id: number): Promise<PromoRow | undefined> {
  const [row] = await db.select().from(promoCodes).where(eq(promoCodes.id, id));
  return row;
}

/** Locks the code for an admin's change, so two admins act one after the other. */
export async function lockPromo(db: Queryable, id: number): Promise<PromoRow | undefined> {
  const [row] = await db.select().from(promoCodes).where(eq(promoCodes.id, id)).for('update');
  return row;
}

/** Stores a new promo code; undefined when the code exists already (the unique index decides). */
export async function insertPromoCode(
  db: Queryable,
  values: typeof promoCodes.$inferInsert,
): Promise<PromoRow | undefined> {
  const [row] = await db.insert(promoCodes).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updatePromo(db: Queryable, id: number, values: Partial<PromoRow>): Promise<void> {
  await db.update(promoCodes).set(values).where(eq(promoCodes.id, id));
}

const redemptionCount = sql<number>`(SELECT count(*)::int FROM ${renewalRedemptions}
  WHERE ${renewalRedemptions.codeId} = ${renewalCodes.id})`;

const renewalListColumns = { code: renewalCodes, orderKey: shopOrders.key, redemptions: redemptionCount };

/** One page of renewal codes with their order's key and the number of redemptions, `limit + 1` rows. */
export async function listRenewalPage(db: Queryable, q: CodePageQuery) {
  const page = keyset(RENEWAL_SORTS[q.sort], renewalCodes.id, q.order, q.cursor);
  const search = searchAll(q.words, { contains: [renewalCodes.code, shopOrders.key], id: renewalCodes.id });
  const rows = await db
    .select({ ...renewalListColumns, sortKey: page.sortKey })
    .from(renewalCodes)
    .leftJoin(shopOrders, eq(shopOrders.id, renewalCodes.orderId))
    .where(and(search, page.after))
    .orderBy(...page.orderBy)
    .limit(q.limit + 1);
  return rows.map((r) => ({
    ...r.code,
    orderKey: r.orderKey,
    redemptions: r.redemptions,
    sortKey: r.sortKey,
  }));
}

export async function findRenewal(db: Queryable, id: number): Promise<RenewalListRow | undefined> {
  const [row] = await db
    .select(renewalListColumns)
    .from(renewalCodes)
    .leftJoin(shopOrders, eq(shopOrders.id, renewalCodes.orderId))
    .where(eq(renewalCodes.id, id));
  return row && { ...row.code, orderKey: row.orderKey, redemptions: row.redemptions };
}

/** Locks the code for an admin's change, so two admins act one after the other. */
export async function lockRenewal(db: Queryable, id: number): Promise<RenewalRow | undefined> {
  const [row] = await db.select().from(renewalCodes).where(eq(renewalCodes.id, id)).for('update');
  return row;
}

/** Stores a renewal code without an order; undefined when the drawn code exists already. */
export async function insertStandaloneRenewalCode(
  db: Queryable,
  values: Omit<typeof renewalCodes.$inferInsert, 'orderId'>,
): Promise<RenewalRow | undefined> {
  const [row] = await db
    .insert(renewalCodes)
    .values({ ...values, orderId: null })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function updateRenewal(db: Queryable, id: number, values: Partial<RenewalRow>): Promise<void> {
  await db.update(renewalCodes).set(values).where(eq(renewalCodes.id, id));
}

/** At most this many redemptions are shown with a code (newest first); the count is always exact. */
export const REDEMPTIONS_SHOWN = 500;

/** A code's redemptions, newest first, with the transmitter's name and the redeeming user's email. */
export function redemptionsOf(db: Queryable, codeId: number) {
  return db
    .select({
      id: renewalRedemptions.id,
      controllerId: renewalRedemptions.controllerId,
      controllerName: controllers.name,
      userEmail: users.email,
      endsBefore: renewalRedemptions.endsBefore,
      endsAt: renewalRedemptions.endsAt,
      createdAt: renewalRedemptions.createdAt,
    })
    .from(renewalRedemptions)
    .leftJoin(controllers, eq(controllers.id, renewalRedemptions.controllerId))
    .leftJoin(users, eq(users.id, renewalRedemptions.userId))
    .where(eq(renewalRedemptions.codeId, codeId))
    .orderBy(desc(renewalRedemptions.id))
    .limit(REDEMPTIONS_SHOWN);
}

export type CodeRef = { promoCodeId: number } | { renewalCodeId: number };

export async function recordCodeEvent(
  db: Queryable,
  event: CodeRef & { userId: number | null; action: string; detail?: Record<string, unknown> },
): Promise<void> {
  await db.insert(shopCodeEvents).values({ ...event, detail: event.detail ?? null });
}

/** A code's audit trail, oldest first, with the acting admin's email. */
export function codeEvents(db: Queryable, ref: CodeRef) {
  const where: SQL =
    'promoCodeId' in ref
      ? eq(shopCodeEvents.promoCodeId, ref.promoCodeId)
      : eq(shopCodeEvents.renewalCodeId, ref.renewalCodeId);
  return db
    .select({
      id: shopCodeEvents.id,
      userEmail: users.email,
      action: shopCodeEvents.action,
      detail: shopCodeEvents.detail,
      createdAt: shopCodeEvents.createdAt,
    })
    .from(shopCodeEvents)
    .leftJoin(users, eq(users.id, shopCodeEvents.userId))
    .where(where)
    .orderBy(asc(shopCodeEvents.id));
}
