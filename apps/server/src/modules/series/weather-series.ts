import {
  SERIES_UNITS,
  TIMELINE_WEATHER_SERIES,
  WEATHER_FIELD_OF,
  type SeriesData,
  type SeriesResolution,
  type TimelineWeatherSeries,
} from '@hivescope/contract';
import type { Queryable } from '../../db/queryable';
import { readWeatherSeries, type WeatherPoint } from '../weather/weather.series';
import { downsample, roundColumns, type Columns } from './columns';
import { grasslandColumns, grasslandStart } from './grassland-columns';
import { entry, roundTo2, type Range } from './series-data';
import type { ControllerTarget } from './targets';

export const isTimelineWeatherSeries = (name: string): name is TimelineWeatherSeries =>
  (TIMELINE_WEATHER_SERIES as readonly string[]).includes(name);

/**
 * One weather series from the stored points: every stored hour / day keeps its place, a value the provider did
 * not deliver stays null (a gap in the chart, never filled in); daily points carry the day's extremes where
 * the aggregate has them.
 */
function weatherColumns(points: WeatherPoint[], name: TimelineWeatherSeries): Columns {
  const field = WEATHER_FIELD_OF[name];
  const min = `${field}Min` as const;
  const max = `${field}Max` as const;
  const extremes = points.length > 0 && points[0]?.[min] !== undefined;
  return {
    times: points.map((p) => p.t),
    values: points.map((p) => p[field]),
    ...(extremes ? { min: points.map((p) => p[min] ?? null), max: points.map((p) => p[max] ?? null) } : {}),
  };
}

type Key = { kind: 'controller'; id: number; controllerId: number };

/** The weather series of one controller, "noWeatherData" where its cell has no value in the range. */
export function weatherEntry(
  key: Key,
  points: WeatherPoint[],
  name: TimelineWeatherSeries,
  range: Range,
  resolution: SeriesResolution,
): SeriesData {
  const columns = roundColumns(downsample(weatherColumns(points, name), range.xmin, range.xmax), roundTo2);
  return entry({ ...key, series: name }, columns, {
    resolution,
    unit: SERIES_UNITS[name],
    emptyStatus: 'noWeatherData',
  });
}

/** The weather grassland sum: daily mean weather temperatures from 1 January of the range's first year. */
export async function weatherGrasslandEntry(
  db: Queryable,
  key: Key,
  target: ControllerTarget,
  range: Range,
): Promise<SeriesData> {
  const { year, from } = grasslandStart(range, target.timeZone);
  const points = await readWeatherSeries(db, {
    location: target.location,
    timeZone: target.timeZone,
    from,
    to: range.to,
    resolution: 'daily',
  });
  const days = points.map((p) => ({ day: p.day, t: p.t, mean: p.temperature }));
  const columns = downsample(grasslandColumns(days, year, range), range.xmin, range.xmax);
  return entry(
    { ...key, series: 'grasslandSumWeather' },
    roundColumns(columns, (x) => Math.round(x * 10) / 10),
    { resolution: 'daily', unit: SERIES_UNITS.grasslandSumWeather, emptyStatus: 'noWeatherData' },
  );
}
