import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/queryable';
import type { ChannelWindow } from './measurements.types';

/** Raw weights of one window, in time order: epoch ms and kg (docs/alarms.md "Pipeline"). */
export type WindowSamples = { id: number; times: number[]; weights: (number | null)[] };

/**
 * The raw weight readings of each window between `from` and `to` (both included, clipped to the window), as
 * two arrays per window so the driver parses one row per scale instead of one per reading. Windows without
 * readings get empty arrays; the order follows `windows`.
 */
export async function rawWeights(
  db: Queryable,
  windows: ChannelWindow[],
  from: Date,
  to: Date,
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
      SELECT array_agg((extract(epoch FROM rd.time) * 1000)::float8 ORDER BY rd.time) AS times,
        array_agg(rd.weight::float8 ORDER BY rd.time) AS weights
      FROM readings rd
      WHERE rd.controller_id = w.controller_id AND rd.channel = w.channel
        AND rd.time >= greatest(w.from_time, ${from.toISOString()}::timestamptz)
        AND rd.time <= least(coalesce(w.to_time, 'infinity'), ${to.toISOString()}::timestamptz)
    ) r
    ORDER BY w.ord`);
  return res.rows.map((r) => ({
    id: r.id,
    times: (r.times ?? []).map(Number),
    weights: (r.weights ?? []).map((v) => (v === null ? null : Number(v))),
  }));
}
