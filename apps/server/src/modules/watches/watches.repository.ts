import { and, eq } from 'drizzle-orm';
import { controllers, users, watches } from '../../db/schema';
import type { Queryable } from '../../db/queryable';

export type WatchRow = {
  code: string | null;
  controllerId: number;
  controllerName: string;
  ownerId: number | null;
  ownerEmail: string | null;
  createdAt: Date;
};

function selectWatches(db: Queryable) {
  return db
    .select({
      code: controllers.watchCode,
      controllerId: controllers.id,
      controllerName: controllers.name,
      ownerId: controllers.ownerId,
      ownerEmail: users.email,
      createdAt: watches.createdAt,
    })
    .from(watches)
    .innerJoin(controllers, eq(controllers.id, watches.controllerId))
    .leftJoin(users, eq(users.id, controllers.ownerId));
}

export function listWatches(db: Queryable, userId: number): Promise<WatchRow[]> {
  return selectWatches(db).where(eq(watches.userId, userId)).orderBy(controllers.name, controllers.id);
}

export async function findWatch(
  db: Queryable,
  userId: number,
  controllerId: number,
): Promise<WatchRow | undefined> {
  const [row] = await selectWatches(db).where(
    and(eq(watches.userId, userId), eq(watches.controllerId, controllerId)),
  );
  return row;
}

export async function insertWatch(db: Queryable, userId: number, controllerId: number): Promise<void> {
  await db.insert(watches).values({ userId, controllerId }).onConflictDoNothing();
}

export async function deleteWatch(db: Queryable, userId: number, controllerId: number): Promise<boolean> {
  const rows = await db
    .delete(watches)
    .where(and(eq(watches.userId, userId), eq(watches.controllerId, controllerId)))
    .returning({ id: watches.controllerId });
  return rows.length > 0;
}
