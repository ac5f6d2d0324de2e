import { eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { controllers, users, watches } from '../../db/schema';
import { isPgId } from '../../lib/pg-range';
import type { Queryable } from '../../db/queryable';

export type ControllerRow = typeof controllers.$inferSelect;
export type NewController = typeof controllers.$inferInsert;
/** A controller with its owner's email and whether the asking user watches it. */
export type ControllerView = { c: ControllerRow; ownerEmail: string | null; watched: boolean };

const watchedBy = (userId: number) =>
  sql<boolean>`exists (select 1 from ${watches} w where w.controller_id = ${controllers.id} and w.user_id = ${userId})`;

/** One controller as seen by `userId` (owner email, watched flag). */
export async function findControllerView(
  db: Queryable,
  id: number,
  userId: number,
): Promise<ControllerView | undefined> {
  if (!isPgId(id)) return undefined;
  const [row] = await db
    .select({ c: controllers, ownerEmail: users.email, watched: watchedBy(userId) })
    .from(controllers)
    .leftJoin(users, eq(users.id, controllers.ownerId))
    .where(eq(controllers.id, id));
  return row;
}

/** The controllers a user owns and those they watch, in one query (by name, then id). */
export async function listOwnAndWatched(db: Queryable, userId: number): Promise<ControllerView[]> {
  const watchedIds = db.select({ id: watches.controllerId }).from(watches).where(eq(watches.userId, userId));
  return db
    .select({ c: controllers, ownerEmail: users.email, watched: watchedBy(userId) })
    .from(controllers)
    .leftJoin(users, eq(users.id, controllers.ownerId))
    .where(or(eq(controllers.ownerId, userId), inArray(controllers.id, watchedIds)))
    .orderBy(sql`${controllers.ownerId} = ${userId} desc`, controllers.name, controllers.id);
}

export async function updateControllerRow(
  db: Queryable,
  id: number,
  values: Partial<NewController>,
): Promise<void> {
  await db.update(controllers).set(values).where(eq(controllers.id, id));
}

/** Gives the controller a new watch code and removes its watches (renewing the code revokes access). */
export async function replaceWatchCode(db: Db, id: number, code: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(controllers).set({ watchCode: code }).where(eq(controllers.id, id));
    await tx.delete(watches).where(eq(watches.controllerId, id));
  });
}

/** Controller id behind a watch code. */
export async function findControllerByWatchCode(db: Queryable, code: string) {
  const [row] = await db
    .select({ id: controllers.id, ownerId: controllers.ownerId })
    .from(controllers)
    .where(eq(controllers.watchCode, code));
  return row;
}

export async function deleteControllerWatches(db: Queryable, controllerId: number): Promise<void> {
  await db.delete(watches).where(eq(watches.controllerId, controllerId));
}
