import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * Readers over raw readings and the rollups (readings_hourly, readings_daily) for the dashboard, charts,
 * midnight values and exports. Every query is per controller (Citus-friendly: no cross-controller joins)
 * and uses the primary keys (controller_id, channel, time|hour|day).
 */

export type ChannelReading = {
  channel: number;
  time: Date;
  weight: number | null;
  temperature: number | null;
  humidity: number | null;
};

export type SeriesPoint = {
  channel: number;
  /** start of the hour (UTC) or the local day as YYYY-MM-DD */
  at: string;
  n: number;
  weightAvg: number | null;
  weightMin: number | null;
  weightMax: number | null;
  weightLast: number | null;
  temperatureAvg: number | null;
  humidityAvg: number | null;
};

type RawRow = {
  channel: number;
  time: string;
  weight: number | null;
  temperature: number | null;
  humidity: number | null;
};
const toReading = (r: RawRow): ChannelReading => ({ ...r, time: new Date(r.time) });

/** The newest reading of each channel (one index probe per channel); `before` limits it to times ≤ before. */
export async function latestPerChannel(
  db: Db,
  controllerId: number,
  before?: Date,
): Promise<ChannelReading[]> {
  const limit = before ? sql`AND r.time <= ${before.toISOString()}::timestamptz` : sql``;
  const res = await db.execute<RawRow>(sql`
    SELECT ch::int AS channel, r.time, r.weight, r.temperature, r.humidity
    FROM generate_series(1, 8) AS ch
    CROSS JOIN LATERAL (SELECT time, weight, temperature, humidity FROM readings r
      WHERE r.controller_id = ${controllerId} AND r.channel = ch ${limit} ORDER BY r.time DESC LIMIT 1) r
    ORDER BY 1`);
  return res.rows.map(toReading);
}

/** The newest weight of each channel at or before `at` (e.g. local midnight: the base of "today's change"). */
export async function weightAtPerChannel(
  db: Db,
  controllerId: number,
  at: Date,
): Promise<{ channel: number; time: Date; weight: number }[]> {
  const res = await db.execute<{ channel: number; time: string; weight: number }>(sql`
    SELECT ch::int AS channel, r.time, r.weight
    FROM generate_series(1, 8) AS ch
    CROSS JOIN LATERAL (SELECT time, weight FROM readings r
      WHERE r.controller_id = ${controllerId} AND r.channel = ch AND r.weight IS NOT NULL
        AND r.time <= ${at.toISOString()}::timestamptz ORDER BY r.time DESC LIMIT 1) r
    ORDER BY 1`);
  return res.rows.map((r) => ({ channel: r.channel, time: new Date(r.time), weight: r.weight }));
}

/** Raw readings in [from, to), ordered by channel and time (short ranges: a day or a week). */
export async function rawSeries(
  db: Db,
  controllerId: number,
  from: Date,
  to: Date,
): Promise<ChannelReading[]> {
  const res = await db.execute<RawRow>(sql`
    SELECT channel::int, time, weight, temperature, humidity FROM readings
    WHERE controller_id = ${controllerId} AND time >= ${from.toISOString()}::timestamptz AND time < ${to.toISOString()}::timestamptz
    ORDER BY channel, time`);
  return res.rows.map(toReading);
}

const pointColumns = sql`n,
  CASE WHEN weight_n > 0 THEN weight_sum / weight_n END AS "weightAvg",
  weight_min AS "weightMin", weight_max AS "weightMax", weight_last AS "weightLast",
  CASE WHEN temperature_n > 0 THEN temperature_sum / temperature_n END AS "temperatureAvg",
  CASE WHEN humidity_n > 0 THEN humidity_sum / humidity_n END AS "humidityAvg"`;

/** Hourly points in [from, to) (hours start in UTC). */
export async function hourlySeries(
  db: Db,
  controllerId: number,
  from: Date,
  to: Date,
): Promise<SeriesPoint[]> {
  const res = await db.execute<SeriesPoint>(sql`
    SELECT channel::int, to_char(hour AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:00:00"Z"') AS at, ${pointColumns}
    FROM readings_hourly
    WHERE controller_id = ${controllerId} AND hour >= ${from.toISOString()}::timestamptz AND hour < ${to.toISOString()}::timestamptz
    ORDER BY channel, hour`);
  return res.rows;
}

/** Daily points for local days fromDay..toDay inclusive (YYYY-MM-DD in the controller's time zone). */
export async function dailySeries(
  db: Db,
  controllerId: number,
  fromDay: string,
  toDay: string,
): Promise<SeriesPoint[]> {
  const res = await db.execute<SeriesPoint>(sql`
    SELECT channel::int, day::text AS at, ${pointColumns}
    FROM readings_daily
    WHERE controller_id = ${controllerId} AND day >= ${fromDay}::date AND day <= ${toDay}::date
    ORDER BY channel, day`);
  return res.rows;
}
