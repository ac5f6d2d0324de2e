import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/queryable';
import type { ChannelWindow } from './measurements.types';

/** Raw weights of one window, in time order: epoch ms and kg (docs/alarms.md "Pipeline"). */
export type WindowSamples = { id: number; times: number[]; weights: (number | null)[] };

/**
 * The raw weight readings of each window between `from` and `to` (both included, clipped to the window), as
 * two arrays per window so the driver parses one row per scale instead of one per reading. Windows without
 * readings get empty arrays; the order follows `windows`. `gridMs`: of the readings with a weight, only the
 * first in each `gridMs` of UTC time (counted from 1970), the readings the detectors keep (docs/alarms.md
 * "Readings and glitches"); a transmitter sending every minute then costs no more than one every 5 minutes.
 */
export async function rawWeights(
  db: Queryable,
  windows: ChannelWindow[],
  from: Date,
  to: Date,
  gridMs: number,
): Promise<WindowSamples[]> {
  if (windows.length === 0) return [];
  const res = await db.execute<{ id: number; times: number[] | null; weights: (number | null)[] | null }>(sql`
    SELECT w.id, r.times, r.weights
    FROM unnest(
      ${sql.param(windows.map((w) => w.id))}::int[],
      ${sql.param(windows.map((w) => w.controllerId))}::int[],
      ${sql.param(windows.map((w) => w.channel))}::int[],
      ${sql.param(windows.map((w) => w.from.toISOString()))}::timestamptz[],
      ${sql.param(windows.map((w) => w.to?.toISOString() ?? null))}::timestamptz[]
    ) WITH ORDINALITY AS w(id, controller_id, channel, from_time, to_time, ord)
    CROSS JOIN LATERAL (
      -- JSON, not float8[]: the driver parses JSON natively and a float8[] character by character, eight times
      -- as long (seven scales of 16 days in 5-minute steps: 31 ms against 4 ms per run; docs/alarms.md "Pipeline", Pace)
      SELECT array_to_json(array_agg((extract(epoch FROM g.time) * 1000)::float8 ORDER BY g.time)) AS times,
        array_to_json(array_agg(g.weight::float8 ORDER BY g.time)) AS weights
      FROM (
        SELECT DISTINCT ON (b.bucket) rd.time, rd.weight
        FROM readings rd
        -- the same float8 milliseconds and division as the detectors' own grid (docs/alarms.md)
        CROSS JOIN LATERAL (
          SELECT floor((extract(epoch FROM rd.time) * 1000)::float8 / ${gridMs}::float8) AS bucket
        ) b
        WHERE rd.controller_id = w.controller_id AND rd.channel = w.channel AND rd.weight IS NOT NULL
          AND rd.time >= greatest(w.from_time, ${from.toISOString()}::timestamptz)
          AND rd.time <= least(coalesce(w.to_time, 'infinity'), ${to.toISOString()}::timestamptz)
        ORDER BY b.bucket, rd.time
      ) g
    ) r
    ORDER BY w.ord`);
  return res.rows.map((r) => ({ id: r.id, times: r.times ?? [], weights: r.weights ?? [] }));
}

/** The time of the controller's first weight reading after `after`, or null (a backfill's next run, docs/alarms.md). */
export async function firstWeightAfter(
  db: Queryable,
  controllerId: number,
  after: Date,
): Promise<Date | null> {
  const res = await db.execute<{ t: Date | string | null }>(sql`
    SELECT min(time) AS t FROM readings
    WHERE controller_id = ${controllerId} AND time > ${after.toISOString()}::timestamptz AND weight IS NOT NULL`);
  const t = res.rows[0]?.t;
  return t === null || t === undefined ? null : new Date(t);
}
