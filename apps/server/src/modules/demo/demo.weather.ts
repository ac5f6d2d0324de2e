import { WEATHER_SERIES, type WeatherSeries } from '@hivescope/contract';
import {
  HOUR_MS,
  ambientTemperature,
  modelOf,
  rainEvents,
  solarDay,
  type ControllerDef,
  type Site,
} from '@hivescope/simulator';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../../db/queryable';
import { cellOf } from '../weather/grid';
import type { WeatherHour } from '../weather/provider';
import { latestWeatherAt, storeSimulatedWeather } from '../weather/weather.series';

/** Hours per upsert statement (11 arrays of this length as parameters). */
const BATCH_HOURS = 2000;
/** How often the running demo stores the hours that have passed (docs/demo.md). */
export const DEMO_WEATHER_INTERVAL_MS = 15 * 60_000;

/** The simulator's apiary weather of a controller: the site of its first hive (all its hives share it). */
function siteOf(def: ControllerDef): Site {
  const first = def.channels[0]?.channel ?? 1;
  return modelOf(def).hive(first).traits;
}

/** Rain rate of a simulator rain event: 0.2 mm/h drizzle (intensity 0) to 8 mm/h downpour (intensity 1). */
const rainRate = (intensity: number) => 0.2 + 7.8 * intensity;

/** Millimetres of rain in [from, from + 1 h): the events of the solar days that can reach into the hour. */
function rainIn(site: Site, from: number): number {
  const to = from + HOUR_MS;
  let mm = 0;
  for (let day = solarDay(from, site.lng) - 1; day <= solarDay(to, site.lng); day++)
    for (const e of rainEvents(site, day))
      mm += (Math.max(0, Math.min(to, e.end) - Math.max(from, e.start)) / HOUR_MS) * rainRate(e.intensity);
  return Math.round(mm * 10) / 10;
}

const empty = Object.fromEntries(WEATHER_SERIES.map((s) => [s, null])) as Record<WeatherSeries, null>;

/**
 * The simulator's weather (tools/simulator/src/model/climate.ts) as stored hours from `from` to `to` (UTC ms,
 * both included, whole hours): temperature at the full hour and the rain of the hour before it (Open-Meteo's
 * convention, docs/weather.md); the climate model knows nothing else, so every other series stays null.
 */
export function simulatedHours(def: ControllerDef, from: number, to: number): WeatherHour[] {
  const site = siteOf(def);
  const hours: WeatherHour[] = [];
  for (let t = Math.ceil(from / HOUR_MS) * HOUR_MS; t <= to; t += HOUR_MS)
    hours.push({
      ...empty,
      time: new Date(t),
      temperature: Math.round(ambientTemperature(site, t) * 10) / 10,
      precipitation: rainIn(site, t - HOUR_MS),
    });
  return hours;
}

/**
 * Stores the simulated weather (source `simulated`) of each demo controller's grid cell from the hour after
 * the newest stored one (at the earliest `since`) up to `now`. Hours an online provider delivered are never
 * replaced (upsertWeather). Returns the hours written.
 */
export async function fillDemoWeather(
  db: Queryable,
  defs: ControllerDef[],
  since: number,
  now: number,
): Promise<number> {
  const byCell = new Map<string, ControllerDef>();
  for (const def of defs) {
    const key = cellOf(def.location.lat, def.location.lng).key;
    if (!byCell.has(key)) byCell.set(key, def);
  }
  let written = 0;
  for (const def of byCell.values()) {
    const latest = await latestWeatherAt(db, def.location);
    const from = Math.max(since, latest === null ? since : latest.getTime() + HOUR_MS);
    const hours = simulatedHours(def, from, now);
    for (let i = 0; i < hours.length; i += BATCH_HOURS)
      written += await storeSimulatedWeather(db, def.location, hours.slice(i, i + BATCH_HOURS));
  }
  return written;
}

/** Keeps the demo weather current while the demo runs: every 15 minutes the hours passed since. */
export function startDemoWeather(opts: {
  db: Queryable;
  defs: ControllerDef[];
  since: number;
  log: FastifyBaseLogger;
  clock?: () => number;
}): () => void {
  const clock = opts.clock ?? Date.now;
  const timer = setInterval(() => {
    fillDemoWeather(opts.db, opts.defs, opts.since, clock()).catch((err: unknown) =>
      opts.log.warn({ err }, 'demo weather failed'),
    );
  }, DEMO_WEATHER_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
