import { and, eq, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/queryable';
import { rateLimits } from '../../db/schema';

/** One counter: `kind` names the limit (e.g. login.pair), `key` what is limited (e.g. "email|ip"). */
export type CounterRef = { kind: string; key: string };
export type CounterSlot = CounterRef & { count: number; expiresAt: Date };

/**
 * Counts one attempt on every counter in ONE statement and returns the new counts. The upsert locks each
 * counter row, so parallel attempts are serialised per counter and every one sees a distinct count; a
 * counter whose window has ended starts again at 1 with a new window. Counters are taken in a fixed order,
 * so two attempts on the same counters cannot deadlock.
 */
export async function countAttempt(
  db: Queryable,
  counters: (CounterRef & { windowMs: number })[],
): Promise<CounterSlot[]> {
  const sorted = [...counters].sort((a, b) => a.kind.localeCompare(b.kind) || a.key.localeCompare(b.key));
  const expired = sql`${rateLimits.expiresAt} <= now()`;
  return db
    .insert(rateLimits)
    .values(
      sorted.map((c) => ({
        kind: c.kind,
        key: c.key,
        count: 1,
        // whole milliseconds, so the Date returned to JS names the window exactly (see uncountAttempt)
        expiresAt: sql`date_trunc('milliseconds', now() + make_interval(secs => ${c.windowMs / 1000}))`,
      })),
    )
    .onConflictDoUpdate({
      target: [rateLimits.kind, rateLimits.key],
      set: {
        count: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateLimits.count} + 1 END`,
        expiresAt: sql`CASE WHEN ${expired} THEN excluded.expires_at ELSE ${rateLimits.expiresAt} END`,
      },
    })
    .returning({
      kind: rateLimits.kind,
      key: rateLimits.key,
      count: rateLimits.count,
      expiresAt: rateLimits.expiresAt,
    });
}

/** Gives one counted attempt back, unless its window has been replaced by a new one meanwhile. */
export async function uncountAttempt(db: Queryable, slot: CounterSlot): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(
      and(
        eq(rateLimits.kind, slot.kind),
        eq(rateLimits.key, slot.key),
        eq(rateLimits.expiresAt, slot.expiresAt),
      ),
    );
}

export async function clearCounter(db: Queryable, ref: CounterRef): Promise<void> {
  await db.delete(rateLimits).where(and(eq(rateLimits.kind, ref.kind), eq(rateLimits.key, ref.key)));
}

/** Counters whose window has ended count nothing any more. */
export async function purgeAttempts(db: Queryable) {
  await db.delete(rateLimits).where(lt(rateLimits.expiresAt, sql`now()`));
}
