import type { Queryable } from '../../db/queryable';
import { cellOf } from './grid';
import type { WeatherHour } from './provider';
import {
  latestWeatherHour,
  upsertWeather,
  weatherSeriesPoints,
  type WeatherPoint,
  type WeatherResolution,
} from './weather.repository';

export type { WeatherPoint } from './weather.repository';

/** A controller's location; null when it has none (then it has no weather). */
export type Location = { lat: number; lng: number } | null;

export type WeatherSeriesQuery = {
  location: Location;
  /** the controller's time zone: daily points are its local days */
  timeZone: string;
  from: Date;
  to: Date;
  resolution: WeatherResolution;
};

const localDay = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    at,
  );

/**
 * The weather at a controller's location over [from, to) for charts (docs/weather.md "Grid cells and the table", Readers): the stored
 * hours of its grid cell, or their local-day aggregates. No location or an empty range: no points.
 */
export async function readWeatherSeries(db: Queryable, q: WeatherSeriesQuery): Promise<WeatherPoint[]> {
  if (!q.location || q.to.getTime() <= q.from.getTime()) return [];
  return weatherSeriesPoints(db, {
    cell: cellOf(q.location.lat, q.location.lng).key,
    from: q.from,
    to: q.to,
    resolution: q.resolution,
    timeZone: q.timeZone,
    fromDay: localDay(q.from, q.timeZone),
    toDay: localDay(new Date(q.to.getTime() - 1), q.timeZone),
  });
}

/**
 * Stores simulated hours for a location (the demo, docs/demo.md): they never replace hours an online provider
 * delivered (upsertWeather). Returns the rows written.
 */
export async function storeSimulatedWeather(
  db: Queryable,
  location: { lat: number; lng: number },
  hours: WeatherHour[],
): Promise<number> {
  return upsertWeather(db, cellOf(location.lat, location.lng).key, hours, 'simulated');
}

/** The newest weather hour stored for a location (null: none yet). */
export const latestWeatherAt = (db: Queryable, location: { lat: number; lng: number }) =>
  latestWeatherHour(db, cellOf(location.lat, location.lng).key);
