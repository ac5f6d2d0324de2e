import { and, eq, gt, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/queryable';
import { promoCodes } from '../../db/schema';

/** SQL of promo codes (docs/shop.md "Promo codes"). A code counts a use while an order holds it. */

export type PromoRow = typeof promoCodes.$inferSelect;

/** Valid now: not deactivated by an admin, within its dates and not used up. */
const usable = () =>
  and(
    isNull(promoCodes.deactivatedAt),
    or(isNull(promoCodes.validFrom), lte(promoCodes.validFrom, sql`now()`)),
    or(isNull(promoCodes.validUntil), gt(promoCodes.validUntil, sql`now()`)),
    or(isNull(promoCodes.maxUses), lt(promoCodes.uses, promoCodes.maxUses)),
  );

export async function findUsablePromo(db: Queryable, code: string): Promise<PromoRow | undefined> {
  const [row] = await db
    .select()
    .from(promoCodes)
    .where(and(eq(promoCodes.code, code), usable()));
  return row;
}

/**
 * Takes one use of the code if it is still usable, in one statement (two orders racing for the last use:
 * exactly one gets it). Returns whether it was taken.
 */
export async function reservePromo(db: Queryable, id: number): Promise<boolean> {
  const rows = await db
    .update(promoCodes)
    .set({ uses: sql`${promoCodes.uses} + 1` })
    .where(and(eq(promoCodes.id, id), usable()))
    .returning({ id: promoCodes.id });
  return rows.length === 1;
}

/** Gives back the use an order held (its payment failed). */
export async function releasePromo(db: Queryable, id: number): Promise<void> {
  await db
    .update(promoCodes)
    .set({ uses: sql`greatest(${promoCodes.uses} - 1, 0)` })
    .where(eq(promoCodes.id, id));
}

export async function insertPromo(db: Queryable, values: typeof promoCodes.$inferInsert): Promise<number> {
  const [row] = await db.insert(promoCodes).values(values).returning({ id: promoCodes.id });
  if (!row) throw new Error('promo code not stored');
  return row.id;
}
