import { asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Queryable } from '../../db/queryable';
import { regions } from '../../db/schema';

export type RegionRow = typeof regions.$inferSelect;
export type RegionValues = Omit<typeof regions.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** The user's own regions and the global ones (ownerId null: only the global ones). */
export function regionsVisibleTo(db: Queryable, ownerId: number | null): Promise<RegionRow[]> {
  const own =
    ownerId === null ? isNull(regions.ownerId) : or(isNull(regions.ownerId), eq(regions.ownerId, ownerId));
  return db.select().from(regions).where(own).orderBy(asc(regions.name), asc(regions.id));
}

export async function regionById(db: Queryable, id: number): Promise<RegionRow | undefined> {
  const [row] = await db.select().from(regions).where(eq(regions.id, id));
  return row;
}

export async function insertRegion(db: Queryable, values: RegionValues): Promise<RegionRow> {
  const [row] = await db.insert(regions).values(values).returning();
  if (!row) throw new Error('region not inserted');
  return row;
}

export async function updateRegion(
  db: Queryable,
  id: number,
  values: Partial<RegionValues>,
): Promise<RegionRow | undefined> {
  const [row] = await db
    .update(regions)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(regions.id, id))
    .returning();
  return row;
}

/** Removes the region and clears it from the controllers that had it (reassigned afterwards). */
export async function deleteRegion(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      UPDATE controllers SET
        region_primary_id = CASE WHEN region_primary_id = ${id} THEN NULL ELSE region_primary_id END,
        region_secondary_id = CASE WHEN region_secondary_id = ${id} THEN NULL ELSE region_secondary_id END
      WHERE region_primary_id = ${id} OR region_secondary_id = ${id}`);
    await tx.delete(regions).where(eq(regions.id, id));
  });
}

/** Inserts or refreshes a global region by its import key; keeps priority and window of an existing one. */
export async function upsertImported(db: Queryable, values: RegionValues & { sourceKey: string }) {
  const res = await db.execute<{ inserted: boolean }>(sql`
    INSERT INTO regions (owner_id, name, geometry, min_lng, min_lat, max_lng, max_lat, priority,
      utc_offset_hours, source, source_key)
    VALUES (NULL, ${values.name}, ${JSON.stringify(values.geometry)}::jsonb, ${values.minLng}, ${values.minLat},
      ${values.maxLng}, ${values.maxLat}, ${values.priority ?? 0}, ${values.utcOffsetHours ?? 1},
      ${values.source ?? null}, ${values.sourceKey})
    ON CONFLICT (source_key) DO UPDATE SET name = excluded.name, geometry = excluded.geometry,
      min_lng = excluded.min_lng, min_lat = excluded.min_lat, max_lng = excluded.max_lng,
      max_lat = excluded.max_lat, source = excluded.source, updated_at = now()
    RETURNING (xmax = 0) AS inserted`);
  return res.rows[0]?.inserted === true;
}

/** What the assignment needs of a region (docs/regions.md "Assignment"). */
export type AssignRegion = Pick<
  RegionRow,
  'id' | 'ownerId' | 'priority' | 'geometry' | 'minLng' | 'minLat' | 'maxLng' | 'maxLat'
>;

/** Global regions and those of the given owners (all regions when `ownerIds` is undefined). */
export function regionsForAssignment(db: Queryable, ownerIds?: number[]): Promise<AssignRegion[]> {
  const cols = {
    id: regions.id,
    ownerId: regions.ownerId,
    priority: regions.priority,
    geometry: regions.geometry,
    minLng: regions.minLng,
    minLat: regions.minLat,
    maxLng: regions.maxLng,
    maxLat: regions.maxLat,
  };
  const q = db.select(cols).from(regions);
  if (ownerIds === undefined) return q;
  const owned =
    ownerIds.length > 0 ? sql`${regions.ownerId} = ANY(${sql.param(ownerIds)}::int[])` : sql`false`;
  return q.where(or(isNull(regions.ownerId), owned));
}

export type AssignController = {
  id: number;
  ownerId: number | null;
  lat: number | null;
  lng: number | null;
  primary: number | null;
  secondary: number | null;
};

/** Controllers to (re)assign: these ids, this owner's, or all. */
export async function controllersForAssignment(
  db: Queryable,
  filter: { ids: number[] } | { ownerId: number } | 'all',
): Promise<AssignController[]> {
  const where =
    filter === 'all'
      ? sql`true`
      : 'ids' in filter
        ? sql`id = ANY(${sql.param(filter.ids)}::int[])`
        : sql`owner_id = ${filter.ownerId}`;
  const res = await db.execute<{
    id: number;
    owner_id: number | null;
    lat: number | null;
    lng: number | null;
    region_primary_id: number | null;
    region_secondary_id: number | null;
  }>(sql`SELECT id, owner_id, lat, lng, region_primary_id, region_secondary_id FROM controllers
    WHERE ${where} ORDER BY id`);
  return res.rows.map((r) => ({
    id: r.id,
    ownerId: r.owner_id,
    lat: r.lat,
    lng: r.lng,
    primary: r.region_primary_id,
    secondary: r.region_secondary_id,
  }));
}

/** Writes the assignments in one statement. */
export async function writeAssignments(
  db: Queryable,
  rows: { id: number; primary: number | null; secondary: number | null }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`
    UPDATE controllers c SET region_primary_id = u.p, region_secondary_id = u.s
    FROM unnest(${sql.param(rows.map((r) => r.id))}::int[], ${sql.param(rows.map((r) => r.primary))}::int[],
      ${sql.param(rows.map((r) => r.secondary))}::int[]) AS u(id, p, s)
    WHERE c.id = u.id`);
}

/** The owner's controllers by the region they have as primary or secondary. */
export async function ownAssignments(db: Queryable, ownerId: number) {
  const res = await db.execute<{ id: number; p: number | null; s: number | null }>(sql`
    SELECT id, region_primary_id AS p, region_secondary_id AS s FROM controllers
    WHERE owner_id = ${ownerId} AND (region_primary_id IS NOT NULL OR region_secondary_id IS NOT NULL)`);
  return res.rows;
}

/** Id and name of the user's own regions and the global ones (no shapes), by name. */
export async function regionNamesVisibleTo(db: Queryable, userId: number) {
  return db
    .select({ id: regions.id, name: regions.name, ownerId: regions.ownerId })
    .from(regions)
    .where(or(isNull(regions.ownerId), eq(regions.ownerId, userId)))
    .orderBy(asc(regions.name), asc(regions.id));
}

/** These regions when they are global or the user's own (others are left out). */
export function regionsUsableBy(db: Queryable, userId: number, ids: number[]): Promise<AssignRegion[]> {
  return db
    .select({
      id: regions.id,
      ownerId: regions.ownerId,
      priority: regions.priority,
      geometry: regions.geometry,
      minLng: regions.minLng,
      minLat: regions.minLat,
      maxLng: regions.maxLng,
      maxLat: regions.maxLat,
    })
    .from(regions)
    .where(
      sql`${regions.id} = ANY(${sql.param(ids)}::int[]) AND (${regions.ownerId} IS NULL OR ${regions.ownerId} = ${userId})`,
    );
}

/** Owned controllers with a location inside the box [minLng, minLat, maxLng, maxLat]. */
export async function ownedControllersInBox(db: Queryable, box: [number, number, number, number]) {
  const res = await db.execute<{ id: number; owner_id: number; lat: number; lng: number }>(sql`
    SELECT id, owner_id, lat, lng FROM controllers
    WHERE owner_id IS NOT NULL AND lng BETWEEN ${box[0]} AND ${box[2]} AND lat BETWEEN ${box[1]} AND ${box[3]}`);
  return res.rows.map((r) => ({ id: r.id, ownerId: r.owner_id, lat: r.lat, lng: r.lng }));
}
