import { and, asc, eq, gte, isNotNull, lte, sql } from 'drizzle-orm';
import { WEATHER_SERIES, type WeatherSeries, type WeatherSource } from '@hivescope/contract';
import type { Queryable } from '../../db/queryable';
import { controllers, weatherHourly } from '../../db/schema';
import type { WeatherHour } from './provider';

/** Column names of the series in weather_hourly (schema/weather.ts). */
const COLUMNS: Record<WeatherSeries, string> = {
  temperature: 'temperature',
  humidity: 'humidity',
  windSpeed: 'wind_speed',
  windBearing: 'wind_bearing',
  precipitation: 'precipitation',
  apparentTemperature: 'apparent_temperature',
  dewPoint: 'dew_point',
  visibility: 'visibility',
  cloudCover: 'cloud_cover',
  pressure: 'pressure',
};

/**
 * Writes hours of one cell in one statement (unnest), idempotent on (cell, time). A provider value replaces
 * the stored one; a null from the provider keeps an earlier provider value (the archive lacks visibility that
 * the forecast API delivered before) but replaces a simulated one; simulated hours never overwrite provider
 * hours. Returns the number of rows written.
 */
export async function upsertWeather(
  db: Queryable,
  cell: string,
  hours: WeatherHour[],
  source: WeatherSource,
): Promise<number> {
  if (hours.length === 0) return 0;
  const arrays = WEATHER_SERIES.map((s) => sql`${sql.param(hours.map((h) => h[s]))}::real[]`);
  const cols = sql.raw(WEATHER_SERIES.map((s) => COLUMNS[s]).join(', '));
  const updates = sql.raw(
    WEATHER_SERIES.map((s) => {
      const c = COLUMNS[s];
      return `${c} = CASE WHEN weather_hourly.source = 'simulated' THEN excluded.${c} ELSE coalesce(excluded.${c}, weather_hourly.${c}) END`;
    }).join(',\n      '),
  );
  const res = await db.execute(sql`
    INSERT INTO weather_hourly (cell, time, ${cols}, source, fetched_at)
    SELECT ${cell}, t.*, ${source}, now()
    FROM unnest(${sql.param(hours.map((h) => h.time.toISOString()))}::timestamptz[], ${sql.join(arrays, sql`, `)}) AS t
    ON CONFLICT (cell, time) DO UPDATE SET
      ${updates},
      source = excluded.source,
      fetched_at = excluded.fetched_at
    WHERE NOT (excluded.source = 'simulated' AND weather_hourly.source <> 'simulated')`);
  return res.rowCount ?? 0;
}

export type WeatherRow = typeof weatherHourly.$inferSelect;

/**
 * The reader for charts and exports: stored hours of one cell with from ≤ time ≤ to, oldest first. Hours
 * that were never fetched are absent, values the provider lacked are null: both mean "No weather data".
 */
export function readWeather(db: Queryable, cell: string, from: Date, to: Date): Promise<WeatherRow[]> {
  return db
    .select()
    .from(weatherHourly)
    .where(and(eq(weatherHourly.cell, cell), gte(weatherHourly.time, from), lte(weatherHourly.time, to)))
    .orderBy(asc(weatherHourly.time));
}

export type WeatherResolution = 'raw' | 'hourly' | 'daily';

/**
 * One point of the weather series: `t` epoch seconds (the hour's start, or the local midnight of `day` when
 * daily), `day` the local day (YYYY-MM-DD), each series' value (null: not delivered) and, when daily, the
 * day's extremes `<series>Min` / `<series>Max` where they mean something (not for precipitation, a daily sum,
 * nor for the wind bearing, a circular mean).
 */
export type WeatherPoint = { t: number; day: string } & Record<WeatherSeries, number | null> &
  Partial<Record<`${WeatherSeries}${'Min' | 'Max'}`, number | null>>;

/** Daily aggregate of one series: the mean; precipitation summed; the wind bearing as a circular mean. */
function dailyAggregate(s: WeatherSeries): string {
  const c = COLUMNS[s];
  if (s === 'precipitation') return `sum(${c})::float8 AS "${s}"`;
  if (s === 'windBearing')
    return `CASE WHEN count(${c}) > 0 THEN (360 + degrees(atan2(avg(sin(radians(${c}))), avg(cos(radians(${c}))))))::numeric % 360 END::float8 AS "${s}"`;
  return `avg(${c})::float8 AS "${s}", min(${c})::float8 AS "${s}Min", max(${c})::float8 AS "${s}Max"`;
}

const hourlyColumns = sql.raw(WEATHER_SERIES.map((s) => `${COLUMNS[s]}::float8 AS "${s}"`).join(', '));
const dailyColumns = sql.raw(WEATHER_SERIES.map(dailyAggregate).join(', '));
const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/**
 * The weather of one cell for a chart (on the primary key (cell, time)): raw = the stored hours with
 * from ≤ time < to; hourly = the stored hours overlapping [from, to) (the same rows: weather is hourly);
 * daily = per local day fromDay..toDay of `timeZone`, aggregated over the hours stored that day. Hours never
 * stored are absent; nothing is filled in.
 */
export async function weatherSeriesPoints(
  db: Queryable,
  q: {
    cell: string;
    from: Date;
    to: Date;
    resolution: WeatherResolution;
    timeZone: string;
    fromDay: string;
    toDay: string;
  },
): Promise<WeatherPoint[]> {
  const day = sql`(time AT TIME ZONE ${q.timeZone})::date`;
  if (q.resolution !== 'daily') {
    const lower =
      q.resolution === 'raw' ? sql`time >= ${ts(q.from)}` : sql`time > ${ts(q.from)} - interval '1 hour'`;
    const res = await db.execute<WeatherPoint>(sql`
      SELECT extract(epoch from time)::float8 AS t, ${day}::text AS day, ${hourlyColumns}
      FROM weather_hourly WHERE cell = ${q.cell} AND ${lower} AND time < ${ts(q.to)}
      ORDER BY time`);
    return res.rows;
  }
  // the local day is computed once in the inner query: GROUP BY cannot match two parameterised expressions
  const res = await db.execute<WeatherPoint>(sql`
    SELECT extract(epoch from (d::timestamp AT TIME ZONE ${q.timeZone}))::float8 AS t, d::text AS day, ${dailyColumns}
    FROM (
      SELECT ${day} AS d, * FROM weather_hourly
      WHERE cell = ${q.cell} AND time >= (${q.fromDay}::date::timestamp AT TIME ZONE ${q.timeZone})
        AND time < ((${q.toDay}::date + 1)::timestamp AT TIME ZONE ${q.timeZone})
    ) w
    GROUP BY d ORDER BY d`);
  return res.rows;
}

export type LocatedController = { id: number; name: string; lat: number; lng: number; createdAt: Date };

/** Controllers with a location: the nightly job fetches each of their cells once. */
export async function locatedControllers(db: Queryable): Promise<LocatedController[]> {
  const rows = await db
    .select({
      id: controllers.id,
      name: controllers.name,
      lat: controllers.lat,
      lng: controllers.lng,
      createdAt: controllers.createdAt,
    })
    .from(controllers)
    .where(and(isNotNull(controllers.lat), isNotNull(controllers.lng)));
  return rows.flatMap((r) => (r.lat === null || r.lng === null ? [] : [{ ...r, lat: r.lat, lng: r.lng }]));
}

export async function findControllerLocation(
  db: Queryable,
  id: number,
): Promise<
  { id: number; name: string; lat: number | null; lng: number | null; createdAt: Date } | undefined
> {
  const [row] = await db
    .select({
      id: controllers.id,
      name: controllers.name,
      lat: controllers.lat,
      lng: controllers.lng,
      createdAt: controllers.createdAt,
    })
    .from(controllers)
    .where(eq(controllers.id, id));
  return row;
}

/** The newest stored hour of a cell (null: none). */
export async function latestWeatherHour(db: Queryable, cell: string): Promise<Date | null> {
  const [row] = await db
    .select({ t: sql<number | null>`extract(epoch from max(${weatherHourly.time}))::float8` })
    .from(weatherHourly)
    .where(eq(weatherHourly.cell, cell));
  return row?.t == null ? null : new Date(row.t * 1000);
}

/** Hours stored for a cell (tests, docs examples). */
export async function countWeatherHours(db: Queryable, cell: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(weatherHourly)
    .where(eq(weatherHourly.cell, cell));
  return row?.n ?? 0;
}
