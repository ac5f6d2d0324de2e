import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/queryable';

export type MidnightRow = {
  id: number;
  channel: number;
  midnight: Date;
  time: Date | null;
  weight: number | null;
};

/**
 * Each live scale's weight at the last local midnight before `now` in `timeZone` (PostgreSQL does the zone
 * arithmetic, so DST days have 23 or 25 hours): the last weight reading at or before midnight (since the scale's
 * setup), else the first weight reading after midnight up to now. Two LATERAL lookups on the readings key.
 */
export async function midnightWeights(db: Queryable, controllerId: number, timeZone: string, now: Date) {
  const res = await db.execute<MidnightRow>(sql`
    WITH m AS (
      SELECT (date_trunc('day', ${now.toISOString()}::timestamptz AT TIME ZONE ${timeZone}) AT TIME ZONE ${timeZone})
        AS midnight
    )
    SELECT s.id, s.channel, m.midnight, coalesce(b.time, a.time) AS time,
           CASE WHEN b.time IS NOT NULL THEN b.weight ELSE a.weight END AS weight
    FROM scales s
    CROSS JOIN m
    LEFT JOIN LATERAL (
      SELECT r.time, r.weight FROM readings r
      WHERE r.controller_id = s.controller_id AND r.channel = s.channel AND r.weight IS NOT NULL
        AND r.time >= s.setup_at AND r.time <= m.midnight
      ORDER BY r.time DESC LIMIT 1
    ) b ON true
    LEFT JOIN LATERAL (
      SELECT r.time, r.weight FROM readings r
      WHERE b.time IS NULL AND r.controller_id = s.controller_id AND r.channel = s.channel AND r.weight IS NOT NULL
        AND r.time >= s.setup_at AND r.time > m.midnight AND r.time <= ${now.toISOString()}::timestamptz
      ORDER BY r.time ASC LIMIT 1
    ) a ON true
    WHERE s.controller_id = ${controllerId} AND s.state <> 'archived'
    ORDER BY s.channel`);
  const first = res.rows[0];
  const midnight = first ? new Date(first.midnight) : await midnightOf(db, timeZone, now);
  return { midnight, rows: res.rows };
}

/** The last local midnight at or before `now` in `timeZone`, as a UTC instant. */
export async function midnightOf(db: Queryable, timeZone: string, now: Date): Promise<Date> {
  const res = await db.execute<{ midnight: Date }>(sql`
    SELECT (date_trunc('day', ${now.toISOString()}::timestamptz AT TIME ZONE ${timeZone}) AT TIME ZONE ${timeZone})
      AS midnight`);
  const row = res.rows[0];
  if (!row) throw new Error('midnight query returned no row');
  return new Date(row.midnight);
}
