import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/queryable';
import type { SeriesPoint, StatusPoint, WeightStep } from './measurements.types';

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
    SELECT channel::int, time AS at, extract(epoch from time)::float8 AS t, 1 AS n, weight AS "weightAvg", weight AS "weightMin", weight AS "weightMax",
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
    SELECT channel::int, hour AS at, extract(epoch from hour)::float8 AS t, ${aggregates}
    FROM readings_hourly
    WHERE controller_id = ${controllerId} AND hour > ${ts(from)} - interval '1 hour' AND hour < ${ts(to)}
    ORDER BY channel, hour`);
  return res.rows.map(instant);
}

/**
 * Daily points for the local days fromDay..toDay inclusive (YYYY-MM-DD in the controller's time zone
 * `timeZone`, which also gives each day's starting instant `t`).
 */
export async function dailySeries(
  db: Queryable,
  controllerId: number,
  fromDay: string,
  toDay: string,
  timeZone: string,
): Promise<SeriesPoint[]> {
  const res = await db.execute<SeriesPoint>(sql`
    SELECT channel::int, day::text AS at,
           extract(epoch from (day::timestamp AT TIME ZONE ${timeZone}))::float8 AS t, ${aggregates}
    FROM readings_daily
    WHERE controller_id = ${controllerId} AND day >= ${fromDay}::date AND day <= ${toDay}::date
    ORDER BY channel, day`);
  return res.rows;
}

const statusAggregates = sql`count(*)::int AS n,
  avg(temperature)::float8 AS "temperatureAvg", min(temperature)::float8 AS "temperatureMin",
  max(temperature)::float8 AS "temperatureMax",
  avg(voltage)::float8 AS "voltageAvg", min(voltage)::float8 AS "voltageMin", max(voltage)::float8 AS "voltageMax",
  avg(signal)::float8 AS "signalAvg", min(signal)::float8 AS "signalMin", max(signal)::float8 AS "signalMax"`;

/**
 * A controller's status reports in [from, to) (one row per report, every 1–6 hours), raw or aggregated per
 * UTC hour or local day of `timeZone`. Aggregated on the fly: a controller reports at most 24 times a day,
 * so even years of status are a few thousand rows on the primary key (controller_id, time).
 */
export async function statusSeries(
  db: Queryable,
  controllerId: number,
  from: Date,
  to: Date,
  resolution: 'raw' | 'hourly' | 'daily',
  timeZone: string,
): Promise<StatusPoint[]> {
  const range = sql`controller_id = ${controllerId} AND time >= ${ts(from)} AND time < ${ts(to)}`;
  const localDay = sql`(time AT TIME ZONE ${timeZone})::date`;
  if (resolution === 'raw') {
    const res = await db.execute<StatusPoint>(sql`
      SELECT extract(epoch from time)::float8 AS t, ${localDay}::text AS day, 1 AS n,
             temperature::float8 AS "temperatureAvg", temperature::float8 AS "temperatureMin",
             temperature::float8 AS "temperatureMax", voltage::float8 AS "voltageAvg",
             voltage::float8 AS "voltageMin", voltage::float8 AS "voltageMax", signal::float8 AS "signalAvg",
             signal::float8 AS "signalMin", signal::float8 AS "signalMax"
      FROM controller_status WHERE ${range} ORDER BY time`);
    return res.rows;
  }
  const bucket =
    resolution === 'hourly'
      ? sql`extract(epoch from date_trunc('hour', time))::float8`
      : sql`extract(epoch from (${localDay}::timestamp AT TIME ZONE ${timeZone}))::float8`;
  const res = await db.execute<StatusPoint>(sql`
    SELECT ${bucket} AS t, min(${localDay})::text AS day, ${statusAggregates}
    FROM controller_status WHERE ${range}
    GROUP BY 1 ORDER BY 1`);
  return res.rows;
}

type StepQuery = { controllerId: number; channel: number; fromDay: string; toDay: string; timeZone: string };

/**
 * The last weight of each local day fromDay..toDay (inclusive, time zone `timeZone`) of one channel, from
 * readings_daily; `end` is the next local midnight (23 or 25 hours later on the days the clock changes).
 */
export async function dailyLastWeights(db: Queryable, q: StepQuery): Promise<WeightStep[]> {
  const res = await db.execute<WeightStep>(sql`
    SELECT day::text AS day, 0 AS hour,
           extract(epoch from (day::timestamp AT TIME ZONE ${q.timeZone}))::float8 AS t,
           extract(epoch from ((day + 1)::timestamp AT TIME ZONE ${q.timeZone}))::float8 AS "end",
           weight_last AS weight
    FROM readings_daily
    WHERE controller_id = ${q.controllerId} AND channel = ${q.channel}
      AND day >= ${q.fromDay}::date AND day <= ${q.toDay}::date AND weight_last IS NOT NULL
    ORDER BY readings_daily.day`);
  return res.rows;
}

/**
 * The last weight of each UTC hour of one channel that starts within the local days fromDay..toDay, plus the
 * hour before (the base of the first hour's change), from readings_hourly, with its local day and hour.
 */
export async function hourlyLastWeights(db: Queryable, q: StepQuery): Promise<WeightStep[]> {
  const local = sql`(hour AT TIME ZONE ${q.timeZone})`;
  const res = await db.execute<WeightStep>(sql`
    SELECT ${local}::date::text AS day, extract(hour from ${local})::int AS hour,
           extract(epoch from hour)::float8 AS t, extract(epoch from hour)::float8 + 3600 AS "end",
           weight_last AS weight
    FROM readings_hourly
    WHERE controller_id = ${q.controllerId} AND channel = ${q.channel}
      AND hour >= (${q.fromDay}::date::timestamp AT TIME ZONE ${q.timeZone}) - interval '1 hour'
      AND hour < ((${q.toDay}::date + 1)::timestamp AT TIME ZONE ${q.timeZone})
      AND weight_last IS NOT NULL
    ORDER BY readings_hourly.hour`);
  return res.rows;
}
