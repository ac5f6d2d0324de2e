import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/queryable';
import type { RangePoint, StatusPoint, WeightStep } from './measurements.types';

/**
 * Series of one controller over a range, at one resolution: raw readings, readings_hourly or readings_daily
 * (the rollups the ingest maintains in the same statement as the readings). Per controller and on the
 * primary keys (controller_id, channel, time|hour|day); ordered by channel, then time.
 *
 * Every query orders by the table's own key columns, qualified: `ORDER BY channel` next to a selected
 * `channel::int` would name the output column, a cast the index cannot deliver, and sort every row. The range
 * bounds are sub-selects (`hidden`): the planner, not seeing their values, walks the primary key in order
 * instead of collecting a bitmap of the rows and sorting it (docs/timeline.md, "Which table a read uses").
 */

type PointRow = Omit<RangePoint, 'at'> & { at: string | Date };
const instant = (r: PointRow): RangePoint => ({ ...r, at: new Date(r.at).toISOString() });
const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** A value computed once (an InitPlan) whose value the planner does not use for its estimates. */
const hidden = (value: SQL) => sql`(SELECT ${value})`;

/** Raw readings in [from, to) as points of n = 1. */
export async function rawRange(
  db: Queryable,
  controllerId: number,
  from: Date,
  to: Date,
): Promise<RangePoint[]> {
  const res = await db.execute<PointRow>(sql`
    SELECT x.channel::int AS channel, x.time AS at, date_part('epoch', x.time) AS t, 1 AS n, x.weight AS "weightAvg",
           x.weight AS "weightMin", x.weight AS "weightMax", x.weight AS "weightLast",
           x.temperature AS "temperatureAvg", x.humidity AS "humidityAvg"
    FROM readings x
    WHERE x.controller_id = ${controllerId} AND x.time >= ${hidden(ts(from))} AND x.time < ${hidden(ts(to))}
    ORDER BY x.channel, x.time`);
  return res.rows.map(instant);
}

const aggregates = sql`x.n,
  CASE WHEN x.weight_n > 0 THEN x.weight_sum / x.weight_n END AS "weightAvg",
  x.weight_min AS "weightMin", x.weight_max AS "weightMax", x.weight_last AS "weightLast",
  CASE WHEN x.temperature_n > 0 THEN x.temperature_sum / x.temperature_n END AS "temperatureAvg",
  CASE WHEN x.humidity_n > 0 THEN x.humidity_sum / x.humidity_n END AS "humidityAvg"`;

/** Hourly points of the hours (UTC) that overlap [from, to). */
export async function hourlyRange(
  db: Queryable,
  controllerId: number,
  from: Date,
  to: Date,
): Promise<RangePoint[]> {
  const res = await db.execute<PointRow>(sql`
    SELECT x.channel::int AS channel, x.hour AS at, date_part('epoch', x.hour) AS t, ${aggregates}
    FROM readings_hourly x
    WHERE x.controller_id = ${controllerId} AND x.hour > ${hidden(sql`${ts(from)} - interval '1 hour'`)}
      AND x.hour < ${hidden(ts(to))}
    ORDER BY x.channel, x.hour`);
  return res.rows.map(instant);
}

/**
 * Daily points for the local days fromDay..toDay inclusive (YYYY-MM-DD in the controller's time zone
 * `timeZone`, which also gives each day's starting instant `t`).
 */
export async function dailyRange(
  db: Queryable,
  controllerId: number,
  fromDay: string,
  toDay: string,
  timeZone: string,
): Promise<RangePoint[]> {
  const res = await db.execute<RangePoint>(sql`
    SELECT x.channel::int AS channel, x.day::text AS at,
           date_part('epoch', x.day::timestamp AT TIME ZONE ${timeZone}) AS t, ${aggregates}
    FROM readings_daily x
    WHERE x.controller_id = ${controllerId} AND x.day >= ${hidden(sql`${fromDay}::date`)}
      AND x.day <= ${hidden(sql`${toDay}::date`)}
    ORDER BY x.channel, x.day`);
  return res.rows;
}

type StatusRow = {
  t: number;
  day: string;
  temperature: number | null;
  voltage: number | null;
  signal: number | null;
};

/** The status reports of one controller in [from, to), oldest first, with the local day each falls on. */
async function statusRows(db: Queryable, controllerId: number, from: Date, to: Date, timeZone: string) {
  const res = await db.execute<StatusRow>(sql`
    SELECT date_part('epoch', s.time) AS t, (s.time AT TIME ZONE ${timeZone})::date::text AS day,
           s.temperature::float8 AS temperature, s.voltage::float8 AS voltage, s.signal::float8 AS signal
    FROM controller_status s
    WHERE s.controller_id = ${controllerId} AND s.time >= ${hidden(ts(from))} AND s.time < ${hidden(ts(to))}
    ORDER BY s.time`);
  return res.rows;
}

const STATUS_FIELDS = ['temperature', 'voltage', 'signal'] as const;

/** Reports as points of n = 1. */
function rawStatusPoints(rows: StatusRow[]): StatusPoint[] {
  return rows.map((r) => ({
    t: r.t,
    day: r.day,
    n: 1,
    temperatureAvg: r.temperature,
    temperatureMin: r.temperature,
    temperatureMax: r.temperature,
    voltageAvg: r.voltage,
    voltageMin: r.voltage,
    voltageMax: r.voltage,
    signalAvg: r.signal,
    signalMin: r.signal,
    signalMax: r.signal,
  }));
}

/**
 * Reports (oldest first) per UTC hour: the mean, minimum and maximum of each value over the reports that have
 * it, at the hour's start, on the local day of its first report. A controller reports at most about once an
 * hour (docs/device-protocol.md), so the hours are about as many as the reports: no rollup, no sort.
 */
function hourlyStatusPoints(rows: StatusRow[]): StatusPoint[] {
  const points: StatusPoint[] = [];
  const hourOf = (r: StatusRow) => Math.floor(r.t / 3600) * 3600;
  let group: StatusRow[] = [];
  const close = (first: StatusRow) => {
    const point = { t: hourOf(first), day: first.day, n: group.length } as StatusPoint;
    for (const f of STATUS_FIELDS) {
      const values = group.flatMap((r) => (r[f] === null ? [] : [r[f]]));
      const some = values.length > 0;
      point[`${f}Avg`] = some ? values.reduce((a, b) => a + b, 0) / values.length : null;
      point[`${f}Min`] = some ? Math.min(...values) : null;
      point[`${f}Max`] = some ? Math.max(...values) : null;
    }
    points.push(point);
  };
  for (const row of rows) {
    const first = group[0];
    if (first && hourOf(first) !== hourOf(row)) {
      close(first);
      group = [];
    }
    group.push(row);
  }
  if (group[0]) close(group[0]);
  return points;
}

/**
 * A controller's status reports in [from, to) (one row per report, every 1–6 hours), raw or aggregated per
 * UTC hour or local day of `timeZone`. Aggregated on the fly: a controller reports at most 24 times a day.
 * Raw and hourly walk the primary key (controller_id, time) in order; daily aggregates each local day of the
 * range with one probe of that key (its midnights computed once per day, not per report), so nothing is
 * sorted and no report's time is converted to the zone.
 */
export async function statusRange(
  db: Queryable,
  controllerId: number,
  from: Date,
  to: Date,
  resolution: 'raw' | 'hourly' | 'daily',
  timeZone: string,
): Promise<StatusPoint[]> {
  if (resolution === 'raw') return rawStatusPoints(await statusRows(db, controllerId, from, to, timeZone));
  if (resolution === 'hourly')
    return hourlyStatusPoints(await statusRows(db, controllerId, from, to, timeZone));
  const local = (d: Date) => sql`(${ts(d)} AT TIME ZONE ${timeZone})::date`;
  const res = await db.execute<StatusPoint>(sql`
    SELECT date_part('epoch', d.start) AS t, d.day::text AS day, a.*
    FROM generate_series(${local(from)}::timestamp, ${local(new Date(to.getTime() - 1))}::timestamp,
      interval '1 day') AS g(midnight)
    CROSS JOIN LATERAL (SELECT g.midnight::date AS day, g.midnight AT TIME ZONE ${timeZone} AS start,
      (g.midnight + interval '1 day') AT TIME ZONE ${timeZone} AS next) d
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS n,
        avg(s.temperature)::float8 AS "temperatureAvg", min(s.temperature)::float8 AS "temperatureMin",
        max(s.temperature)::float8 AS "temperatureMax",
        avg(s.voltage)::float8 AS "voltageAvg", min(s.voltage)::float8 AS "voltageMin", max(s.voltage)::float8 AS "voltageMax",
        avg(s.signal)::float8 AS "signalAvg", min(s.signal)::float8 AS "signalMin", max(s.signal)::float8 AS "signalMax"
      FROM controller_status s
      WHERE s.controller_id = ${controllerId} AND s.time >= greatest(d.start, ${ts(from)})
        AND s.time < least(d.next, ${ts(to)})
    ) a
    WHERE a.n > 0`);
  // the days come in generate_series order; sorting the few hundred days here keeps that a guarantee
  return res.rows.sort((a, b) => a.t - b.t);
}

type StepQuery = { controllerId: number; channel: number; fromDay: string; toDay: string; timeZone: string };

/**
 * The last weight of each local day fromDay..toDay (inclusive, time zone `timeZone`) of one channel, from
 * readings_daily; `end` is the next local midnight (23 or 25 hours later on the days the clock changes).
 */
export async function dailyLastWeights(db: Queryable, q: StepQuery): Promise<WeightStep[]> {
  const res = await db.execute<WeightStep>(sql`
    SELECT x.day::text AS day, 0 AS hour,
           date_part('epoch', x.day::timestamp AT TIME ZONE ${q.timeZone}) AS t,
           date_part('epoch', (x.day + 1)::timestamp AT TIME ZONE ${q.timeZone}) AS "end",
           x.weight_last AS weight
    FROM readings_daily x
    WHERE x.controller_id = ${q.controllerId} AND x.channel = ${q.channel}
      AND x.day >= ${hidden(sql`${q.fromDay}::date`)} AND x.day <= ${hidden(sql`${q.toDay}::date`)}
      AND x.weight_last IS NOT NULL
    ORDER BY x.day`);
  return res.rows;
}

/**
 * The last weight of each UTC hour of one channel that starts within the local days fromDay..toDay, plus the
 * hour before (the base of the first hour's change), from readings_hourly, with its local day and hour.
 */
export async function hourlyLastWeights(db: Queryable, q: StepQuery): Promise<WeightStep[]> {
  const res = await db.execute<WeightStep>(sql`
    SELECT l.at::date::text AS day, extract(hour from l.at)::int AS hour,
           date_part('epoch', x.hour) AS t, date_part('epoch', x.hour) + 3600 AS "end", x.weight_last AS weight
    FROM readings_hourly x
    CROSS JOIN LATERAL (SELECT x.hour AT TIME ZONE ${q.timeZone} AS at) l
    WHERE x.controller_id = ${q.controllerId} AND x.channel = ${q.channel}
      AND x.hour >= ${hidden(sql`(${q.fromDay}::date::timestamp AT TIME ZONE ${q.timeZone}) - interval '1 hour'`)}
      AND x.hour < ${hidden(sql`(${q.toDay}::date + 1)::timestamp AT TIME ZONE ${q.timeZone}`)}
      AND x.weight_last IS NOT NULL
    ORDER BY x.hour`);
  return res.rows;
}
