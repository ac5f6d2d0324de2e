import {
  SERIES_UNITS,
  roundToGrams,
  type ScaleSeriesName,
  type SeriesData,
  type SeriesResolution,
} from '@hivescope/contract';
import type { Queryable } from '../../db/queryable';
import { readSeries } from '../measurements/series';
import type { SeriesPoint } from '../measurements/measurements.types';
import { downsample, roundColumns, type Columns } from './columns';
import type { ScaleTarget } from './targets';
import { entry, roundTo2, type Range } from './series-data';

const HOUR_S = 3600;
const DAY_S = 86_400;

/**
 * The points inside a scale's window (docs/timeline.md, "Scale series"): raw readings from its setup to its
 * archiving; aggregated points only when their whole hour / local day lies inside the window, so that an
 * hour or day shared with the channel's previous scale never mixes two hives.
 */
function insideWindow(points: SeriesPoint[], target: ScaleTarget, resolution: SeriesResolution) {
  const from = new Date(target.scale.setup_at).getTime() / 1000;
  const to =
    target.scale.archived_at === null ? Infinity : new Date(target.scale.archived_at).getTime() / 1000;
  const length = resolution === 'raw' ? 0 : resolution === 'hourly' ? HOUR_S : DAY_S;
  return points.filter((p) => p.channel === target.scale.channel && p.t >= from && p.t + length <= to);
}

/** Net weight (as on the dashboard: weight − empty weight − reserves), with extremes when aggregated. */
function weightColumns(points: SeriesPoint[], target: ScaleTarget, aggregated: boolean): Columns {
  const offset = target.scale.empty_weight + target.scale.reserves;
  const net = (x: number | null) => (x === null ? null : x - offset);
  const withWeight = points.filter((p) => p.weightAvg !== null);
  return {
    times: withWeight.map((p) => p.t),
    values: withWeight.map((p) => net(p.weightAvg)),
    ...(aggregated
      ? { min: withWeight.map((p) => net(p.weightMin)), max: withWeight.map((p) => net(p.weightMax)) }
      : {}),
  };
}

function valueColumns(points: SeriesPoint[], pick: (p: SeriesPoint) => number | null): Columns {
  const withValue = points.filter((p) => pick(p) !== null);
  return { times: withValue.map((p) => p.t), values: withValue.map(pick) };
}

function scaleColumns(
  name: ScaleSeriesName,
  points: SeriesPoint[],
  target: ScaleTarget,
  aggregated: boolean,
) {
  if (name === 'weight') return roundColumns(weightColumns(points, target, aggregated), roundToGrams);
  const pick =
    name === 'temperature' ? (p: SeriesPoint) => p.temperatureAvg : (p: SeriesPoint) => p.humidityAvg;
  return roundColumns(valueColumns(points, pick), roundTo2);
}

/**
 * The scale series of several scales: one read per controller (all its channels at once), then each
 * scale's window, net weights and at most SERIES_MAX_POINTS points per series.
 */
export async function scaleSeries(
  db: Queryable,
  targets: ScaleTarget[],
  names: ScaleSeriesName[],
  range: Range,
): Promise<SeriesData[]> {
  if (targets.length === 0 || names.length === 0) return [];
  const byController = new Map<number, Promise<{ resolution: SeriesResolution; points: SeriesPoint[] }>>();
  for (const t of targets) {
    if (!byController.has(t.controllerId))
      byController.set(
        t.controllerId,
        readSeries(db, {
          controllerId: t.controllerId,
          timeZone: t.timeZone,
          from: range.from,
          to: range.to,
        }),
      );
  }
  const result: SeriesData[] = [];
  for (const target of targets) {
    const { resolution, points } = await (byController.get(target.controllerId) as ReturnType<
      typeof readSeries
    >);
    const mine = insideWindow(points, target, resolution);
    for (const name of names) {
      const columns = downsample(
        scaleColumns(name, mine, target, resolution !== 'raw'),
        range.xmin,
        range.xmax,
      );
      result.push(
        entry(
          { kind: 'scale', id: target.scale.id, controllerId: target.controllerId, series: name },
          columns,
          {
            resolution,
            unit: SERIES_UNITS[name],
          },
        ),
      );
    }
  }
  return result;
}
