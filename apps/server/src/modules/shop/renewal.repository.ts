import { and, eq, gt, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/queryable';
import { renewalCodes } from '../../db/schema';

/** SQL of renewal-code redemption (docs/shop.md "Renewal codes"). */

export type TakenUse = { orderId: number | null; years: number; bonusDays: number; usesRemaining: number };

/**
 * Takes one use of a code in one conditional statement: of parallel redemptions of the last use, the row lock
 * lets exactly one decrement; the others re-read `uses_remaining = 0` and get nothing.
 */
export async function takeRenewalCodeUse(db: Queryable, code: string): Promise<TakenUse | undefined> {
  const [row] = await db
    .update(renewalCodes)
    .set({ usesRemaining: sql`${renewalCodes.usesRemaining} - 1` })
    .where(and(eq(renewalCodes.code, code), gt(renewalCodes.usesRemaining, 0)))
    .returning({
      orderId: renewalCodes.orderId,
      years: renewalCodes.years,
      bonusDays: renewalCodes.bonusDays,
      usesRemaining: renewalCodes.usesRemaining,
    });
  return row;
}

export async function renewalCodeExists(db: Queryable, code: string): Promise<boolean> {
  const [row] = await db
    .select({ id: renewalCodes.id })
    .from(renewalCodes)
    .where(eq(renewalCodes.code, code));
  return row !== undefined;
}
