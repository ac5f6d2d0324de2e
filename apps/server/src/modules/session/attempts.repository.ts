import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/queryable';
import { authAttempts } from '../../db/schema';

export type AttemptKind = 'login' | 'reset' | 'register';
export type AttemptScope = { kind: AttemptKind; ip?: string; email?: string };

const since = (windowMs: number) => sql`now() - make_interval(secs => ${windowMs / 1000})`;

/** Attempts of this kind within the window, counted for the given ip and/or email. */
export async function countAttempts(db: Queryable, scope: AttemptScope, windowMs: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(authAttempts)
    .where(
      and(
        eq(authAttempts.kind, scope.kind),
        scope.ip === undefined ? undefined : eq(authAttempts.ip, scope.ip),
        scope.email === undefined ? undefined : eq(authAttempts.email, scope.email),
        gt(authAttempts.createdAt, since(windowMs)),
      ),
    );
  return row?.n ?? 0;
}

export async function recordAttempt(db: Queryable, kind: AttemptKind, ip: string, email?: string) {
  await db.insert(authAttempts).values({ kind, ip, email: email ?? null });
}

export async function clearAttempts(db: Queryable, kind: AttemptKind, ip: string, email: string) {
  await db
    .delete(authAttempts)
    .where(and(eq(authAttempts.kind, kind), eq(authAttempts.ip, ip), eq(authAttempts.email, email)));
}

export async function purgeAttempts(db: Queryable) {
  await db.delete(authAttempts).where(lt(authAttempts.createdAt, sql`now() - interval '1 day'`));
}
