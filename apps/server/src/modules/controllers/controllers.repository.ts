import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { controllers, users, watches } from '../../db/schema';
import { isPgId } from '../../lib/pg-range';
import { liveScaleVersionsOf } from '../scales/scale-stamps';
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

/**
 * Ids a user owns or watches, as one index-friendly condition (controllers_owner_idx and the watches key):
 * `owner_id = … OR id IN (watches)` made PostgreSQL scan the whole controllers table.
 */
const ownOrWatched = (userId: number) =>
  sql`${controllers.id} IN (SELECT id FROM controllers WHERE owner_id = ${userId}
    UNION ALL SELECT controller_id FROM watches WHERE user_id = ${userId})`;

/** These controllers as seen by `userId` (owner email, watched flag), in any order. */
export async function controllerViewsByIds(
  db: Queryable,
  userId: number,
  ids: number[],
): Promise<ControllerView[]> {
  if (ids.length === 0) return [];
  return db
    .select({ c: controllers, ownerEmail: users.email, watched: watchedBy(userId) })
    .from(controllers)
    .leftJoin(users, eq(users.id, controllers.ownerId))
    .where(sql`${controllers.id} = ANY(${sql.param(ids)}::int[])`);
}

/**
 * What a controller's row in GET controller depends on besides the clock, cheaply: the row version (`xmin`
 * changes with every UPDATE, and the ingest rewrites the row in the statement that stores readings), the
 * owner's email and the versions of its live scales. docs/controllers.md "Dashboard list at fleet size".
 */
export type ControllerStamp = {
  id: number;
  ownerId: number | null;
  subscriptionEnd: Date;
  watchCodeMissing: boolean;
  version: string;
};

const STAMPS_SQL = `
  SELECT c.id, c.owner_id, c.subscription_end, c.watch_code IS NULL AS watch_code_missing,
    c.xmin::text || ':' || coalesce(u.email, '') || '|' || ${liveScaleVersionsOf('c.id')} AS version
  FROM controllers c LEFT JOIN users u ON u.id = c.owner_id
  WHERE c.id IN (SELECT id FROM controllers WHERE owner_id = $1 UNION ALL SELECT controller_id FROM watches WHERE user_id = $1)
  ORDER BY c.owner_id = $1 DESC, c.name, c.id`;

type StampRow = {
  id: number;
  owner_id: number | null;
  subscription_end: Date;
  watch_code_missing: boolean;
  version: string;
};

/**
 * The stamps of the controllers a user owns and watches, in list order (one query, no value columns). A named
 * prepared statement: it runs on every dashboard load, and planning it cost more than running it.
 */
export async function ownAndWatchedStamps(db: Db, userId: number): Promise<ControllerStamp[]> {
  const res = await db.$client.query<StampRow>({
    name: 'controller-stamps-v2',
    text: STAMPS_SQL,
    values: [userId],
  });
  return res.rows.map((r) => ({
    id: r.id,
    ownerId: r.owner_id,
    subscriptionEnd: r.subscription_end,
    watchCodeMissing: r.watch_code_missing,
    version: r.version,
  }));
}

/** Ids of the controllers a user owns or watches. */
export async function ownAndWatchedIdList(db: Queryable, userId: number): Promise<number[]> {
  const rows = await db.select({ id: controllers.id }).from(controllers).where(ownOrWatched(userId));
  return rows.map((r) => r.id);
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
