import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { passwordResetTokens, users } from '../../db/schema';
import type { Queryable } from '../../db/queryable';

/** Stores a new reset link for the user; the user's earlier unused links stop working. */
export async function replaceResetToken(db: Db, userId: number, tokenHash: string, expiresAt: Date) {
  await db.transaction(async (tx) => {
    await invalidateResetTokens(tx, userId);
    await tx.insert(passwordResetTokens).values({ userId, tokenHash, expiresAt });
  });
}

export async function invalidateResetTokens(db: Queryable, userId: number) {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

const usable = (tokenHash: string) =>
  and(
    eq(passwordResetTokens.tokenHash, tokenHash),
    isNull(passwordResetTokens.usedAt),
    gt(passwordResetTokens.expiresAt, sql`now()`),
    sql`exists (select 1 from ${users} where ${users.id} = ${passwordResetTokens.userId} and ${users.active})`,
  );

/** True when the link is unused, not expired and its user active. */
export async function isResetTokenUsable(db: Queryable, tokenHash: string): Promise<boolean> {
  const rows = await db
    .select({ id: passwordResetTokens.id })
    .from(passwordResetTokens)
    .where(usable(tokenHash));
  return rows.length > 0;
}

/** Marks a usable link used (atomically: only one caller wins); its user id, or null. */
export async function consumeResetToken(db: Queryable, tokenHash: string): Promise<number | null> {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(usable(tokenHash))
    .returning({ userId: passwordResetTokens.userId });
  return row?.userId ?? null;
}
