import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/queryable';
import { controllers, renewalCodes } from '../../db/schema';

/** SQL of what a paid order delivers: renewal codes and subscription ends (docs/shop.md "Fulfilment"). */

export type NewRenewalCode = { code: string; orderId: number; years: number; bonusDays: number };

export async function insertRenewalCodes(db: Queryable, codes: NewRenewalCode[]): Promise<void> {
  if (codes.length === 0) return;
  await db.insert(renewalCodes).values(codes.map((c) => ({ ...c, usesRemaining: 1 })));
}

export async function renewalCodesOf(db: Queryable, orderId: number): Promise<string[]> {
  const rows = await db
    .select({ code: renewalCodes.code })
    .from(renewalCodes)
    .where(eq(renewalCodes.orderId, orderId))
    .orderBy(renewalCodes.id);
  return rows.map((r) => r.code);
}

/**
 * Moves a controller's subscription end by the years and days from max(now, current end), in one statement.
 * Returns the new end, or undefined when the controller no longer exists.
 */
export async function extendSubscription(
  db: Queryable,
  controllerId: number,
  years: number,
  days: number,
): Promise<Date | undefined> {
  const [row] = await db
    .update(controllers)
    .set({
      subscriptionEnd: sql`greatest(now(), ${controllers.subscriptionEnd})
        + make_interval(years => ${years}::int, days => ${days}::int)`,
    })
    .where(eq(controllers.id, controllerId))
    .returning({ end: controllers.subscriptionEnd });
  return row?.end;
}
