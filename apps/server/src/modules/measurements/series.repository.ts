import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/queryable';
import type { SeriesPoint } from './measurements.types';

/**
 * Series of one controller over a range, at one resolution: raw readings, readings_hourly or readings_daily
 * (the rollups the ingest maintains in the same statement as the readings). Per controller and on the
 * primary keys (controller_id, channel, time|hour|day); ordered by channel, then time.
 */

type PointRow = Omit<SeriesPoint, 'at'> & { at: string | Date };
const instant = (r: PointRow): SeriesPoint => ({ ...r, at: new Date(r.at).toISOString() });
const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** Raw readings in [from, to) as points of n = 1. */
export async function rawSeries(
  db: Queryable,
  controllerId: number,
  from: Date,
  to: Date,
): Promise<SeriesPoint[]> {
  const res = await db.execute<PointRow>(sql`
    SELECT channel::int, time AS at, 1 AS n, weight AS "weightAvg", weight AS "weightMin", weight AS "weightMax",
           weight AS "weightLast", temperature AS "temperatureAvg", humidity AS "humidityAvg"
    FROM readings
    WHERE controller_id = ${controllerId} AND time >= ${ts(from)} AND time < ${ts(to)}
    ORDER BY channel, time`);
  return res.rows.map(instant);
}

const aggregates = sql`n,
  CASE WHEN weight_n > 0 THEN weight_sum / weight_n END AS "weightAvg",
  weight_min AS "weightMin", weight_max AS "weightMax", weight_last AS "weightLast",
  CASE WHEN temperature_n > 0 THEN temperature_sum / temperature_n END AS "temperatureAvg",
  CASE WHEN humidity_n > 0 THEN humidity_sum / humidity_n END AS "humidityAvg"`;

/** Hourly points of the hours (UTC) that overlap [from, to). */
export async function hourlySeries(
  db: Queryable,
  controllerId: number,
  from: Date,
  to: Date,
): Promise<SeriesPoint[]> {
  const res = await db.execute<PointRow>(sql`
    SELECT channel::int, hour AS at, ${aggregates}
    FROM readings_hourly
    WHERE controller_id = ${controllerId} AND hour > ${ts(from)} - interval '1 hour' AND hour < ${ts(to)}
    ORDER BY channel, hour`);
  return res.rows.map(instant);
}

/** Daily points for the local days fromDay..toDay inclusive (YYYY-MM-DD in the controller's time zone). */
export async function dailySeries(
  db: Queryable,
  controllerId: number,
  fromDay: string,
  toDay: string,
): Promise<SeriesPoint[]> {
  const res = await db.execute<SeriesPoint>(sql`
    SELECT channel::int, day::text AS at, ${aggregates}
    FROM readings_daily
    WHERE controller_id = ${controllerId} AND day >= ${fromDay}::date AND day <= ${toDay}::date
    ORDER BY channel, day`);
  return res.rows;
}
