import {
  DEVICE_SERIES,
  SERIES_UNITS,
  type ControllerSeriesName,
  type DeviceSeriesName,
  type SeriesData,
} from '@hivescope/contract';
import type { Queryable } from '../../db/queryable';
import { STATUS_FIELD_OF, readStatusRange, resolutionFor } from '../measurements/ranges';
import type { StatusPoint } from '../measurements/measurements.types';
import { readWeatherSeries, type WeatherPoint } from '../weather/weather.series';
import { downsample, roundColumns, type Columns } from './columns';
import { grasslandColumns, grasslandStart } from './grassland-columns';
import { entry, roundTo2, type Range } from './series-data';
import type { ControllerTarget } from './targets';
import { isTimelineWeatherSeries, weatherEntry, weatherGrasslandEntry } from './weather-series';

const isDeviceSeries = (name: ControllerSeriesName): name is DeviceSeriesName =>
  (DEVICE_SERIES as readonly string[]).includes(name);

function statusColumns(points: StatusPoint[], name: DeviceSeriesName, aggregated: boolean): Columns {
  const f = STATUS_FIELD_OF[name];
  const rows = points.filter((p) => p[`${f}Avg`] !== null);
  return {
    times: rows.map((p) => p.t),
    values: rows.map((p) => p[`${f}Avg`]),
    ...(aggregated ? { min: rows.map((p) => p[`${f}Min`]), max: rows.map((p) => p[`${f}Max`]) } : {}),
  };
}

/** The chip grassland temperature sum: daily means of the chip temperature (grassland-columns.ts). */
async function chipGrasslandColumns(db: Queryable, target: ControllerTarget, range: Range): Promise<Columns> {
  const { year, from } = grasslandStart(range, target.timeZone);
  const { points } = await readStatusRange(db, { ...target, from, to: range.to, resolution: 'daily' });
  const days = points.map((p) => ({ day: p.day, t: p.t, mean: p.temperatureAvg }));
  return grasslandColumns(days, year, range);
}

/**
 * The controller series of several controllers: status series and weather series (one read each per
 * controller, at the span's resolution), and the chip and weather grassland sums (docs/timeline.md).
 */
export async function controllerSeries(
  db: Queryable,
  targets: ControllerTarget[],
  names: ControllerSeriesName[],
  range: Range,
): Promise<SeriesData[]> {
  const result: SeriesData[] = [];
  const resolution = resolutionFor(range.from, range.to);
  const needsStatus = names.some(isDeviceSeries);
  const needsWeather = names.some(isTimelineWeatherSeries);
  for (const target of targets) {
    const status = needsStatus
      ? await readStatusRange(db, { ...target, from: range.from, to: range.to })
      : null;
    const weather: WeatherPoint[] = needsWeather
      ? await readWeatherSeries(db, { ...target, from: range.from, to: range.to, resolution })
      : [];
    const key = (series: ControllerSeriesName) =>
      ({ kind: 'controller', id: target.controllerId, controllerId: target.controllerId, series }) as const;
    for (const name of names) {
      const unit = SERIES_UNITS[name];
      if (isDeviceSeries(name) && status) {
        const columns = statusColumns(status.points, name, status.resolution !== 'raw');
        const thin = roundColumns(downsample(columns, range.xmin, range.xmax), roundTo2);
        result.push(entry(key(name), thin, { resolution: status.resolution, unit }));
      } else if (name === 'grasslandSumChip') {
        const columns = downsample(await chipGrasslandColumns(db, target, range), range.xmin, range.xmax);
        result.push(
          entry(
            key(name),
            roundColumns(columns, (x) => Math.round(x * 10) / 10),
            { resolution: 'daily', unit },
          ),
        );
      } else if (name === 'grasslandSumWeather') {
        result.push(await weatherGrasslandEntry(db, key(name), target, range));
      } else if (isTimelineWeatherSeries(name)) {
        result.push(weatherEntry(key(name), weather, name, range, resolution));
      }
    }
  }
  return result;
}
