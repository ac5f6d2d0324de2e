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

/** Hours stored for a cell (tests, docs examples). */
export async function countWeatherHours(db: Queryable, cell: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(weatherHourly)
    .where(eq(weatherHourly.cell, cell));
  return row?.n ?? 0;
}
