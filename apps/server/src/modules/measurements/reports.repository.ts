import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/queryable';

/**
 * Reads for forwardings (docs/forwarding.md): which report times a channel has in a stretch of time, and a
 * channel's readings. A "report" of a channel is its reading at one time (the readings key).
 */

/** A channel and a half-open stretch [from, to); `key` is the caller's (the forwarding id). */
export type ReportSpan = { key: number; controllerId: number; channel: number; from: Date; to: Date };

/** A channel's reading as stored (raw: kg, °C, % relative humidity). */
export type ChannelReading = {
  time: Date;
  weight: number | null;
  temperature: number | null;
  humidity: number | null;
};

/**
 * The reading times of each span, oldest first, at most `limit` per span, to the millisecond (the precision
 * the callers key their deliveries with). Spans without readings are absent. Two readings in the same
 * millisecond are one report: times are compared with the previous one in key order (the primary key walked
 * in order and stopped after `limit`), not made distinct by sorting every reading of the span.
 */
export async function reportTimes(
  db: Queryable,
  spans: ReportSpan[],
  limit: number,
): Promise<Map<number, Date[]>> {
  if (spans.length === 0) return new Map();
  const res = await db.execute<{ key: number; times: (string | number)[] }>(sql`
    SELECT s.key, r.times
    FROM unnest(
      ${sql.param(spans.map((s) => s.key))}::int[],
      ${sql.param(spans.map((s) => s.controllerId))}::int[],
      ${sql.param(spans.map((s) => s.channel))}::int[],
      ${sql.param(spans.map((s) => s.from.toISOString()))}::timestamptz[],
      ${sql.param(spans.map((s) => s.to.toISOString()))}::timestamptz[]
    ) AS s(key, controller_id, channel, from_time, to_time)
    CROSS JOIN LATERAL (
      SELECT array_agg(t.ms ORDER BY t.time) AS times
      FROM (
        SELECT y.time, y.ms
        FROM (
          SELECT z.time, z.ms, lag(z.ms) OVER (ORDER BY z.time) AS previous
          FROM (
            SELECT rd.time, floor(extract(epoch FROM rd.time) * 1000)::bigint AS ms
            FROM readings rd
            WHERE rd.controller_id = s.controller_id AND rd.channel = s.channel
              AND rd.time >= s.from_time AND rd.time < s.to_time
          ) z
        ) y
        WHERE y.previous IS DISTINCT FROM y.ms
        ORDER BY y.time
        LIMIT ${limit}
      ) t
    ) r
    WHERE r.times IS NOT NULL`);
  return new Map(res.rows.map((r) => [Number(r.key), r.times.map((ms) => new Date(Number(ms)))]));
}

/** A channel's readings in [from, to), oldest first (`newest`: newest first), at most `limit`. */
export async function channelReadings(
  db: Queryable,
  q: { controllerId: number; channel: number; from: Date; to: Date; limit: number; newest?: boolean },
): Promise<ChannelReading[]> {
  const order = q.newest ? sql`DESC` : sql`ASC`;
  const res = await db.execute<{
    time: Date | string;
    weight: number | null;
    temperature: number | null;
    humidity: number | null;
  }>(sql`
    SELECT time, weight, temperature, humidity
    FROM readings
    WHERE controller_id = ${q.controllerId} AND channel = ${q.channel}
      AND time >= ${q.from.toISOString()}::timestamptz AND time < ${q.to.toISOString()}::timestamptz
    ORDER BY time ${order}
    LIMIT ${q.limit}`);
  return res.rows.map((r) => ({
    time: new Date(r.time),
    weight: r.weight === null ? null : Number(r.weight),
    temperature: r.temperature === null ? null : Number(r.temperature),
    humidity: r.humidity === null ? null : Number(r.humidity),
  }));
}
