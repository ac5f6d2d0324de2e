import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { MapState } from '@hivescope/contract';
import type { Queryable } from '../../db/queryable';

/** The global_settings key of the public map's shift secret (docs/maps.md "Privacy shift"). */
const SECRET_KEY = 'publicMapShiftSecret';

/**
 * The shift secret: created once (32 random bytes) and kept in the database, so every app instance and every
 * restart shifts a controller the same way. A concurrent first call keeps the first one written.
 */
export async function shiftSecret(db: Queryable): Promise<Buffer> {
  const fresh = crypto.randomBytes(32).toString('base64');
  await db.execute(sql`
    INSERT INTO global_settings (key, value) VALUES (${SECRET_KEY}, to_jsonb(${fresh}::text))
    ON CONFLICT (key) DO NOTHING`);
  const res = await db.execute<{ value: unknown }>(
    sql`SELECT value FROM global_settings WHERE key = ${SECRET_KEY}`,
  );
  const value = res.rows[0]?.value;
  if (typeof value !== 'string') throw new Error('public map secret missing');
  return Buffer.from(value, 'base64');
}

/** The database's public-map counter, raised by triggers on every change the public map shows (schema/public-map.ts). */
export async function publicMapVersion(db: Queryable): Promise<number> {
  const res = await db.execute<{ version: string | number }>(sql`SELECT version FROM public_map_version`);
  return Number(res.rows[0]?.version ?? 0);
}

export type PublicRow = { id: number; name: string; lat: number; lng: number; time_zone: string };

/** Controllers shown on the public map: the owner chose it and a location is set. */
export async function publicControllers(db: Queryable): Promise<PublicRow[]> {
  const res = await db.execute<PublicRow>(sql`
    SELECT c.id, c.name, c.lat, c.lng, c.time_zone FROM controllers c
    WHERE c.display_on_public_map AND c.owner_id IS NOT NULL AND c.lat IS NOT NULL AND c.lng IS NOT NULL
    ORDER BY c.id`);
  return res.rows;
}

export type AdminMapFilter = { states?: MapState[]; affiliationId?: number; regionId?: number };
export type AdminMapRow = {
  id: number;
  name: string;
  lat: number | null;
  lng: number | null;
  state: MapState;
  owner_email: string | null;
  affiliation_id: number | null;
  affiliation_name: string | null;
  region_id: number | null;
  region_name: string | null;
  last_update: Date | string | null;
  subscription_end: Date | string;
};

/**
 * Every controller with its state, owner, affiliation and primary region in one query (docs/maps.md "Admin map"): expired
 * when the subscription ended, silent when no report came for 2 × update interval + 1 h (the silent alarm's
 * rule, docs/alarms.md) or none ever came, else reporting.
 */
export async function adminMapRows(db: Queryable, filter: AdminMapFilter, now: Date): Promise<AdminMapRow[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const conditions = [sql`true`];
  if (filter.affiliationId !== undefined) conditions.push(sql`m.affiliation_id = ${filter.affiliationId}`);
  // the primary region only: the one whose alarm window applies and that the screen filters by (docs/maps.md)
  if (filter.regionId !== undefined) conditions.push(sql`m.region_id = ${filter.regionId}`);
  if (filter.states && filter.states.length > 0)
    conditions.push(sql`m.state = ANY(${sql.param(filter.states)}::text[])`);
  const res = await db.execute<AdminMapRow>(sql`
    SELECT m.id, m.name, m.lat, m.lng, m.state, m.owner_email, m.affiliation_id, m.affiliation_name, m.region_id,
           m.region_name, m.last_update, m.subscription_end
    FROM (
      SELECT c.id, c.name, c.lat, c.lng, c.affiliation_id, c.region_primary_id AS region_id, r.name AS region_name,
             c.last_update, c.subscription_end, u.email AS owner_email, a.name AS affiliation_name,
             CASE
               WHEN c.subscription_end <= ${at} THEN 'expired'
               WHEN c.last_update IS NULL
                 OR c.last_update < ${at} - (2 * c.update_interval + 1) * interval '1 hour' THEN 'silent'
               ELSE 'reporting'
             END AS state
      FROM controllers c
      LEFT JOIN users u ON u.id = c.owner_id
      LEFT JOIN affiliations a ON a.id = c.affiliation_id
      LEFT JOIN regions r ON r.id = c.region_primary_id
    ) m
    WHERE ${sql.join(conditions, sql` AND `)}
    ORDER BY m.id`);
  return res.rows;
}
