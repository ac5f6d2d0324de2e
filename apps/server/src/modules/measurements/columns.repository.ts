import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/queryable';
import type { ChannelColumns, ChannelField, ChannelRef } from './measurements.types';

/**
 * Series of many channels in one statement, one row per channel whose JSON holds an array per field (only
 * the fields asked for): the driver parses a few JSON documents natively instead of thousands of rows of ten
 * columns each (docs/timeline.md, "Reading fast"). Each channel is one range scan on the primary key
 * (controller_id, channel, time|hour|day) of readings or a rollup.
 */

type ValueField = Exclude<keyof ChannelColumns, 't' | 'day'>;
type Expr = [name: ValueField | 't', expr: SQL];
type Row = { key: number; cols: Record<string, (number | null)[] | null>; midnights?: number[] | null };

const RAW: Record<ChannelField, Expr[]> = {
  weight: [['weight', sql`x.weight`]],
  temperature: [['temperature', sql`x.temperature`]],
  humidity: [['humidity', sql`x.humidity`]],
};

const AGGREGATED: Record<ChannelField, Expr[]> = {
  weight: [
    ['weight', sql`CASE WHEN x.weight_n > 0 THEN x.weight_sum / x.weight_n END`],
    ['weightMin', sql`x.weight_min`],
    ['weightMax', sql`x.weight_max`],
  ],
  temperature: [
    ['temperature', sql`CASE WHEN x.temperature_n > 0 THEN x.temperature_sum / x.temperature_n END`],
  ],
  humidity: [['humidity', sql`CASE WHEN x.humidity_n > 0 THEN x.humidity_sum / x.humidity_n END`]],
};

/** json_build_object('t', array_agg(t), 'weight', array_agg(…), …), every array in the same order. */
function columnsObject(t: SQL, order: SQL, fields: ChannelField[], exprs: Record<ChannelField, Expr[]>) {
  const pairs = [['t', t] as Expr, ...fields.flatMap((f) => exprs[f])].map(
    ([name, expr]) => sql`${name}::text, array_agg(${expr} ORDER BY ${order})`,
  );
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
}

const DAY_MS = 86_400_000;
const ints = (xs: number[]) => sql`${sql.param(xs)}::int[]`;
const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** The row's columns; a channel without points gets empty arrays (array_agg of nothing is null). */
function toColumns(cols: Row['cols'], fields: ValueField[]): ChannelColumns {
  const result: ChannelColumns = { t: (cols.t ?? []) as number[] };
  for (const f of fields) result[f] = cols[f] ?? [];
  return result;
}

const names = (fields: ChannelField[], exprs: Record<ChannelField, Expr[]>): ValueField[] =>
  fields.flatMap((f) => exprs[f].flatMap(([name]) => (name === 't' ? [] : [name])));

/** Raw readings in [from, to) of each channel, by the caller's key. */
export async function rawColumns(
  db: Queryable,
  refs: ChannelRef[],
  from: Date,
  to: Date,
  fields: ChannelField[],
): Promise<Map<number, ChannelColumns>> {
  const res = await db.execute<Row>(sql`
    SELECT w.key, (
      SELECT ${columnsObject(sql`extract(epoch from x.time)::float8`, sql`x.time`, fields, RAW)}
      FROM readings x
      WHERE x.controller_id = w.controller_id AND x.channel = w.channel AND x.time >= ${ts(from)} AND x.time < ${ts(to)}
    ) AS cols
    FROM unnest(${ints(refs.map((r) => r.key))}, ${ints(refs.map((r) => r.controllerId))},
      ${ints(refs.map((r) => r.channel))}) AS w(key, controller_id, channel)`);
  const all = names(fields, RAW);
  return new Map(res.rows.map((r) => [r.key, toColumns(r.cols, all)]));
}

/** Hourly points of the UTC hours that overlap [from, to), of each channel. */
export async function hourlyColumns(
  db: Queryable,
  refs: ChannelRef[],
  from: Date,
  to: Date,
  fields: ChannelField[],
): Promise<Map<number, ChannelColumns>> {
  const res = await db.execute<Row>(sql`
    SELECT w.key, (
      SELECT ${columnsObject(sql`extract(epoch from x.hour)::float8`, sql`x.hour`, fields, AGGREGATED)}
      FROM readings_hourly x
      WHERE x.controller_id = w.controller_id AND x.channel = w.channel
        AND x.hour > ${ts(from)} - interval '1 hour' AND x.hour < ${ts(to)}
    ) AS cols
    FROM unnest(${ints(refs.map((r) => r.key))}, ${ints(refs.map((r) => r.controllerId))},
      ${ints(refs.map((r) => r.channel))}) AS w(key, controller_id, channel)`);
  const all = names(fields, AGGREGATED);
  return new Map(res.rows.map((r) => [r.key, toColumns(r.cols, all)]));
}

/** A channel's local days fromDay..toDay (YYYY-MM-DD, inclusive) in its controller's zone. */
export type DailyRef = ChannelRef & { fromDay: string; toDay: string };

/**
 * Daily points of the local days fromDay..toDay of each channel. A day's start (its local midnight, DST
 * included) is computed once per zone and day in PostgreSQL, not once per row: the rows carry the day's
 * index since fromDay, which the zone's list of midnights turns into `t`.
 */
export async function dailyColumns(
  db: Queryable,
  refs: DailyRef[],
  fields: ChannelField[],
): Promise<Map<number, ChannelColumns>> {
  // the midnights of a zone's days come once, with the first channel of that zone and period
  const period = (r: DailyRef) => `${r.timeZone} ${r.fromDay} ${r.toDay}`;
  const seen = new Set<string>();
  const firstOfPeriod = refs.map((r) => {
    const first = !seen.has(period(r));
    seen.add(period(r));
    return first;
  });
  const res = await db.execute<Row>(sql`
    SELECT w.key, (
      SELECT ${columnsObject(sql`x.day - w.from_day`, sql`x.day`, fields, AGGREGATED)}
      FROM readings_daily x
      WHERE x.controller_id = w.controller_id AND x.channel = w.channel AND x.day >= w.from_day AND x.day <= w.to_day
    ) AS cols,
    CASE WHEN w.with_days THEN (
      SELECT json_agg(extract(epoch from ((w.from_day + i)::timestamp AT TIME ZONE w.tz))::float8 ORDER BY i)
      FROM generate_series(0, w.to_day - w.from_day) i
    ) END AS midnights
    FROM unnest(${ints(refs.map((r) => r.key))}, ${ints(refs.map((r) => r.controllerId))},
      ${ints(refs.map((r) => r.channel))}, ${sql.param(refs.map((r) => r.timeZone))}::text[],
      ${sql.param(refs.map((r) => r.fromDay))}::date[], ${sql.param(refs.map((r) => r.toDay))}::date[],
      ${sql.param(firstOfPeriod)}::boolean[]) AS w(key, controller_id, channel, tz, from_day, to_day, with_days)`);
  // per period: each day's local midnight (from PostgreSQL) and name (calendar arithmetic from fromDay)
  const byKey = new Map(refs.map((r) => [r.key, r]));
  const periods = new Map<string, { starts: number[]; days: string[] }>();
  for (const row of res.rows) {
    const ref = byKey.get(row.key);
    if (!row.midnights || !ref) continue;
    const first = Date.parse(`${ref.fromDay}T00:00:00Z`);
    const days = row.midnights.map((_, i) => new Date(first + i * DAY_MS).toISOString().slice(0, 10));
    periods.set(period(ref), { starts: row.midnights, days });
  }
  const all = names(fields, AGGREGATED);
  return new Map(
    res.rows.map((r) => {
      const ref = byKey.get(r.key);
      const { starts, days } = (ref && periods.get(period(ref))) ?? { starts: [], days: [] };
      const columns = toColumns(r.cols, all);
      const index = columns.t; // days since fromDay
      return [
        r.key,
        { ...columns, t: index.map((i) => starts[i] ?? Number.NaN), day: index.map((i) => days[i] ?? '') },
      ];
    }),
  );
}
