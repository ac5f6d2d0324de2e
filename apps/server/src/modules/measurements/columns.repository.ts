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
const HOUR_MS = 3_600_000;
const ints = (xs: number[]) => sql`${sql.param(xs)}::int[]`;
const instants = (xs: Date[]) => sql`${sql.param(xs.map((d) => d.toISOString()))}::timestamptz[]`;
const dates = (xs: string[]) => sql`${sql.param(xs)}::date[]`;

/** The row's columns; a channel without points gets empty arrays (array_agg of nothing is null). */
function toColumns(cols: Row['cols'], fields: ValueField[]): ChannelColumns {
  const result: ChannelColumns = { t: (cols.t ?? []) as number[] };
  for (const f of fields) result[f] = cols[f] ?? [];
  return result;
}

const names = (fields: ChannelField[], exprs: Record<ChannelField, Expr[]>): ValueField[] =>
  fields.flatMap((f) => exprs[f].flatMap(([name]) => (name === 't' ? [] : [name])));

/**
 * The raw readings of channel `w` in [w.from_time, w.to_time), as columns. The range comes with the channel
 * (not as constants): the planner then walks the primary key in its order for each channel instead of
 * collecting a bitmap and sorting it (docs/timeline.md, "Which table a read uses").
 */
const rawSubquery = (fields: ChannelField[]) => sql`(
      SELECT ${columnsObject(sql`date_part('epoch', x.time)`, sql`x.time`, fields, RAW)}
      FROM readings x
      WHERE x.controller_id = w.controller_id AND x.channel = w.channel AND x.time >= w.from_time AND x.time < w.to_time
    )`;

/** Raw readings in [from, to) of each channel, by the caller's key. */
export async function rawColumns(
  db: Queryable,
  refs: ChannelRef[],
  from: Date,
  to: Date,
  fields: ChannelField[],
): Promise<Map<number, ChannelColumns>> {
  const res = await db.execute<Row>(sql`
    SELECT w.key, ${rawSubquery(fields)} AS cols
    FROM unnest(${ints(refs.map((r) => r.key))}, ${ints(refs.map((r) => r.controllerId))},
      ${ints(refs.map((r) => r.channel))}, ${instants(refs.map(() => from))}, ${instants(refs.map(() => to))})
      AS w(key, controller_id, channel, from_time, to_time)`);
  const all = names(fields, RAW);
  return new Map(res.rows.map((r) => [r.key, toColumns(r.cols, all)]));
}

/** A channel's local days fromDay..toDay (YYYY-MM-DD, inclusive) in its controller's zone. */
export type DailyRef = ChannelRef & { fromDay: string; toDay: string };

/** Where a channel's hourly points come from (docs/timeline.md, "Which table a read uses"). */
export type HourlySource = 'readings' | 'readings_hourly';

/**
 * The hourly rollup pays only where a channel has several readings an hour. A channel with at most this many
 * readings per local day on average over the range (by its daily rollup's counts) has no more raw rows than
 * the rollup has hours — hourly sampling: 24 a day, 25 on the day the clock goes back — so its hourly points
 * are computed from its raw rows, which are narrower (docs/timeline.md, "Which table a read uses").
 */
export const RAW_HOURLY_MAX_PER_DAY = 25;

/**
 * Raw readings (oldest first, as rawColumns gives them) as the hourly rollup has them: one point per UTC
 * hour with a reading, at the hour's start; per field the mean of its values in the hour (null without any),
 * summed in double precision over the stored single-precision values as the rollup's sums are; the weight's
 * minimum and maximum.
 */
export function hourlyFromRaw(raw: ChannelColumns, fields: ChannelField[]): ChannelColumns {
  const out: ChannelColumns = { t: [] };
  const means = fields.map((f) => {
    const column: (number | null)[] = [];
    out[f] = column;
    return { values: raw[f] ?? [], out: column, sum: 0, n: 0 };
  });
  const withWeight = fields.includes('weight');
  const weights = raw.weight ?? [];
  const min: (number | null)[] = [];
  const max: (number | null)[] = [];
  if (withWeight) Object.assign(out, { weightMin: min, weightMax: max });
  let lo: number | null = null;
  let hi: number | null = null;
  const close = () => {
    for (const m of means) {
      m.out.push(m.n > 0 ? m.sum / m.n : null);
      m.sum = 0;
      m.n = 0;
    }
    if (withWeight) {
      min.push(lo);
      max.push(hi);
    }
    lo = hi = null;
  };
  for (let i = 0; i < raw.t.length; i++) {
    const hour = Math.floor((raw.t[i] ?? 0) / 3600) * 3600;
    if (hour !== out.t[out.t.length - 1]) {
      if (out.t.length > 0) close();
      out.t.push(hour);
    }
    for (const m of means) {
      const v = m.values[i] ?? null;
      if (v === null) continue;
      m.sum += Math.fround(v); // the stored real, as the rollup's sum(weight::float8) adds it
      m.n += 1;
    }
    const w = weights[i] ?? null;
    if (w !== null) {
      lo = lo === null || w < lo ? w : lo;
      hi = hi === null || w > hi ? w : hi;
    }
  }
  if (out.t.length > 0) close();
  return out;
}

/**
 * Hourly points of the UTC hours that overlap [from, to), of each channel (its refs name the local days the
 * range touches, whose daily counts tell the channel's density). Each channel reads the hourly rollup, or —
 * when it has about one reading an hour or fewer (RAW_HOURLY_MAX_PER_DAY) — its raw readings of those hours,
 * turned into the same points by hourlyFromRaw; `source` forces one table (tests, bench). One statement.
 */
export async function hourlyColumns(
  db: Queryable,
  refs: DailyRef[],
  from: Date,
  to: Date,
  fields: ChannelField[],
  source?: HourlySource,
): Promise<Map<number, ChannelColumns>> {
  const fromHour = new Date(Math.floor(from.getTime() / HOUR_MS) * HOUR_MS);
  const toHour = new Date(Math.ceil(to.getTime() / HOUR_MS) * HOUR_MS);
  // the density estimate reads a few rows of the daily rollup per channel (one per local day); without any,
  // the channel has no readings in the range and the rollup answers as cheaply. OFFSET 0 keeps it one
  // sub-select evaluated once per channel (pulled up, it would run once for each use of d.raw)
  const raw =
    source === undefined
      ? sql`(
      SELECT coalesce(sum(y.n) <= ${RAW_HOURLY_MAX_PER_DAY} * count(*), false)
      FROM readings_daily y
      WHERE y.controller_id = w.controller_id AND y.channel = w.channel AND y.day >= w.from_day AND y.day <= w.to_day
    )`
      : sql`${source === 'readings'}::boolean`;
  // hourly points name their hour as hours since 1970: an int prints into JSON faster than a float8 of seconds
  const res = await db.execute<Row & { raw: boolean }>(sql`
    SELECT w.key, d.raw, CASE WHEN d.raw THEN ${rawSubquery(fields)} ELSE (
      SELECT ${columnsObject(sql`(date_part('epoch', x.hour) / 3600)::int`, sql`x.hour`, fields, AGGREGATED)}
      FROM readings_hourly x
      WHERE x.controller_id = w.controller_id AND x.channel = w.channel AND x.hour >= w.from_time AND x.hour < w.to_time
    ) END AS cols
    FROM unnest(${ints(refs.map((r) => r.key))}, ${ints(refs.map((r) => r.controllerId))},
      ${ints(refs.map((r) => r.channel))}, ${instants(refs.map(() => fromHour))}, ${instants(refs.map(() => toHour))},
      ${dates(refs.map((r) => r.fromDay))}, ${dates(refs.map((r) => r.toDay))})
      AS w(key, controller_id, channel, from_time, to_time, from_day, to_day)
    CROSS JOIN LATERAL (SELECT ${raw} AS raw OFFSET 0) d`);
  const aggregated = names(fields, AGGREGATED);
  return new Map(
    res.rows.map((r) => {
      if (r.raw) return [r.key, hourlyFromRaw(toColumns(r.cols, names(fields, RAW)), fields)];
      const columns = toColumns(r.cols, aggregated);
      return [r.key, { ...columns, t: columns.t.map((h) => h * 3600) }];
    }),
  );
}

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
