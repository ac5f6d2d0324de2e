import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { passwordResetTokens, sessions, users } from '../../db/schema';
import type { Queryable } from '../../db/queryable';
import type { UserRow } from '../users/users.repository';

export type NewSession = {
  id: string;
  userId: number;
  expiresAt: Date;
  userAgent: string | null;
  ip: string;
};

export async function insertSession(db: Queryable, session: NewSession) {
  await db.insert(sessions).values(session);
}

/**
 * The live session of this id hash with its user: not past its absolute end, seen within the idle timeout,
 * and the user active. `stale` tells whether last_seen_at is older than a minute (then touch it).
 */
export async function findLiveSession(
  db: Queryable,
  id: string,
  idleMs: number,
): Promise<{ user: UserRow; stale: boolean } | undefined> {
  const [row] = await db
    .select({ user: users, stale: sql<boolean>`${sessions.lastSeenAt} < now() - interval '1 minute'` })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, id),
        gt(sessions.expiresAt, sql`now()`),
        gt(sessions.lastSeenAt, sql`now() - make_interval(secs => ${idleMs / 1000})`),
        eq(users.active, true),
      ),
    );
  return row;
}

export async function touchSession(db: Queryable, id: string) {
  await db
    .update(sessions)
    .set({ lastSeenAt: sql`now()` })
    .where(eq(sessions.id, id));
}

export async function deleteSession(db: Queryable, id: string) {
  await db.delete(sessions).where(eq(sessions.id, id));
}

/** Deletes every session of a user, except `keepId` when given. */
export async function deleteUserSessions(db: Queryable, userId: number, keepId?: string) {
  await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), keepId === undefined ? undefined : ne(sessions.id, keepId)));
}

/** Housekeeping: dead sessions and spent reset links. Safe to run on several instances at once. */
export async function purgeExpiredSessions(db: Db, idleMs: number) {
  await db
    .delete(sessions)
    .where(
      sql`${sessions.expiresAt} < now() OR ${sessions.lastSeenAt} < now() - make_interval(secs => ${idleMs / 1000})`,
    );
  await db
    .delete(passwordResetTokens)
    .where(lt(passwordResetTokens.expiresAt, sql`now() - interval '1 day'`));
}
