import {
  DEVICE_SERIES,
  SERIES_UNITS,
  grasslandTemperatureSum,
  type ControllerSeriesName,
  type SeriesData,
} from '@hivescope/contract';
import type { Queryable } from '../../db/queryable';
import { localDay, readStatusSeries, resolutionFor } from '../measurements/series';
import type { StatusPoint } from '../measurements/measurements.types';
import { downsample, roundColumns, type Columns } from './columns';
import { emptyColumns, entry, roundTo2, type Range } from './series-data';
import type { ControllerTarget } from './targets';

type DeviceSeriesName = (typeof DEVICE_SERIES)[number];
const isDeviceSeries = (name: ControllerSeriesName): name is DeviceSeriesName =>
  (DEVICE_SERIES as readonly string[]).includes(name);

const FIELD = {
  chipTemperature: 'temperature',
  batteryVoltage: 'voltage',
  networkQuality: 'signal',
} as const;

function statusColumns(points: StatusPoint[], name: DeviceSeriesName, aggregated: boolean): Columns {
  const f = FIELD[name];
  const rows = points.filter((p) => p[`${f}Avg`] !== null);
  return {
    times: rows.map((p) => p.t),
    values: rows.map((p) => p[`${f}Avg`]),
    ...(aggregated ? { min: rows.map((p) => p[`${f}Min`]), max: rows.map((p) => p[`${f}Max`]) } : {}),
  };
}

/**
 * The chip grassland temperature sum: daily means of the chip temperature from 1 January of the range's first
 * (local) year, summed by grasslandTemperatureSum, answered for the days that overlap the range.
 */
async function chipGrasslandColumns(db: Queryable, target: ControllerTarget, range: Range): Promise<Columns> {
  const year = localDay(range.from, target.timeZone).slice(0, 4);
  const jan1 = new Date(`${year}-01-01T00:00:00Z`);
  // 1 January local time lies at most 14 hours before 1 January UTC: start a day early, drop the rest
  const from = new Date(jan1.getTime() - 86_400_000);
  const { points } = await readStatusSeries(db, { ...target, from, to: range.to, resolution: 'daily' });
  const days = points.filter((p) => p.day >= `${year}-01-01`);
  const times = new Map(days.map((p) => [p.day, p.t]));
  const sums = grasslandTemperatureSum(days.map((p) => ({ day: p.day, mean: p.temperatureAvg })));
  const inRange = sums.filter((s) => {
    const t = times.get(s.day) ?? 0;
    return t + 86_400 > range.xmin && t < range.xmax;
  });
  return { times: inRange.map((s) => times.get(s.day) ?? 0), values: inRange.map((s) => s.sum) };
}

/**
 * The controller series of several controllers: status series (one read per controller), the chip grassland
 * sum, and the weather series — answered "noWeatherData" until weather is stored (docs/timeline.md).
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
  for (const target of targets) {
    const status = needsStatus
      ? await readStatusSeries(db, { ...target, from: range.from, to: range.to })
      : null;
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
      } else {
        result.push(entry(key(name), emptyColumns(), { resolution, unit, emptyStatus: 'noWeatherData' }));
      }
    }
  }
  return result;
}
