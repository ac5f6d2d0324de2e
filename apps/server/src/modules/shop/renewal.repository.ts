import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/queryable';
import { controllers, renewalCodes, renewalRedemptions } from '../../db/schema';

/** SQL of renewal-code redemption (docs/shop.md "Renewal codes"). */

export type TakenUse = {
  id: number;
  orderId: number | null;
  years: number;
  bonusDays: number;
  usesRemaining: number;
};

/**
 * Takes one use of a code that is still valid (not deactivated, before its last day) in one conditional
 * statement: of parallel redemptions of the last use, the row lock lets exactly one decrement; the others
 * re-read `uses_remaining = 0` and get nothing.
 */
export async function takeRenewalCodeUse(db: Queryable, code: string): Promise<TakenUse | undefined> {
  const [row] = await db
    .update(renewalCodes)
    .set({ usesRemaining: sql`${renewalCodes.usesRemaining} - 1` })
    .where(
      and(
        eq(renewalCodes.code, code),
        gt(renewalCodes.usesRemaining, 0),
        isNull(renewalCodes.deactivatedAt),
        or(isNull(renewalCodes.validUntil), gt(renewalCodes.validUntil, sql`now()`)),
      ),
    )
    .returning({
      id: renewalCodes.id,
      orderId: renewalCodes.orderId,
      years: renewalCodes.years,
      bonusDays: renewalCodes.bonusDays,
      usesRemaining: renewalCodes.usesRemaining,
    });
  return row;
}

/** Why a code gave no use: unknown (undefined), no longer valid, or used up. */
export async function renewalCodeRefusal(
  db: Queryable,
  code: string,
): Promise<'invalid' | 'usedUp' | undefined> {
  const [row] = await db
    .select({
      invalid: sql<boolean>`${renewalCodes.deactivatedAt} IS NOT NULL
        OR (${renewalCodes.validUntil} IS NOT NULL AND ${renewalCodes.validUntil} <= now())`,
    })
    .from(renewalCodes)
    .where(eq(renewalCodes.code, code));
  if (!row) return undefined;
  return row.invalid ? 'invalid' : 'usedUp';
}

/** The controller's subscription end, its row locked until the transaction ends (the end is about to move). */
export async function lockSubscriptionEnd(db: Queryable, controllerId: number): Promise<Date | undefined> {
  const [row] = await db
    .select({ end: controllers.subscriptionEnd })
    .from(controllers)
    .where(eq(controllers.id, controllerId))
    .for('update');
  return row?.end;
}

export async function insertRedemption(
  db: Queryable,
  values: typeof renewalRedemptions.$inferInsert,
): Promise<void> {
  await db.insert(renewalRedemptions).values(values);
}
