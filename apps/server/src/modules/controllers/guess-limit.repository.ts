import { and, count, eq, gt, sql } from 'drizzle-orm';
import { authAttempts } from '../../db/schema';
import type { Queryable } from '../../db/queryable';

export type GuessKind = 'controllerClaim' | 'watchCode';

/** Failed guesses of this kind within the window, by user (stored in the email column) or by ip. */
export async function countGuesses(
  db: Queryable,
  kind: GuessKind,
  scope: { user: string } | { ip: string },
  windowMs: number,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(authAttempts)
    .where(
      and(
        eq(authAttempts.kind, kind),
        'user' in scope ? eq(authAttempts.email, scope.user) : eq(authAttempts.ip, scope.ip),
        gt(authAttempts.createdAt, sql`now() - make_interval(secs => ${windowMs / 1000})`),
      ),
    );
  return row?.n ?? 0;
}

export async function recordGuess(db: Queryable, kind: GuessKind, user: string, ip: string): Promise<void> {
  await db.insert(authAttempts).values({ kind, email: user, ip });
}
