import { desc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/queryable';
import { shopConfigs, users } from '../../db/schema';

/** SQL of the stored shop config versions (docs/shop.md "Active config"). */

export type StoredConfig = { id: number; yaml: string };

/** Newest first; `limit` bounds how many old versions are read when looking for a valid one. */
export function listConfigYaml(db: Queryable, limit = 20): Promise<StoredConfig[]> {
  return db
    .select({ id: shopConfigs.id, yaml: shopConfigs.yaml })
    .from(shopConfigs)
    .orderBy(desc(shopConfigs.id))
    .limit(limit);
}

export async function findConfigYaml(db: Queryable, id: number): Promise<StoredConfig | undefined> {
  const [row] = await db
    .select({ id: shopConfigs.id, yaml: shopConfigs.yaml })
    .from(shopConfigs)
    .where(eq(shopConfigs.id, id));
  return row;
}

export async function listConfigVersions(db: Queryable) {
  const rows = await db
    .select({ id: shopConfigs.id, createdAt: shopConfigs.createdAt, createdBy: users.email })
    .from(shopConfigs)
    .leftJoin(users, eq(users.id, shopConfigs.createdBy))
    .orderBy(desc(shopConfigs.id))
    .limit(100);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

export async function insertConfig(db: Queryable, yaml: string, createdBy: number): Promise<number> {
  const [row] = await db.insert(shopConfigs).values({ yaml, createdBy }).returning({ id: shopConfigs.id });
  if (!row) throw new Error('shop config not stored');
  return row.id;
}
