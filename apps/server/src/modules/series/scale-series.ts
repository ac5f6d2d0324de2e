import {
  SERIES_UNITS,
  roundToGrams,
  type ScaleSeriesName,
  type SeriesData,
  type SeriesResolution,
} from '@hivescope/contract';
import type { Queryable } from '../../db/queryable';
import { readChannelColumns } from '../measurements/ranges';
import type { ChannelColumns, ChannelRef } from '../measurements/measurements.types';
import { downsample, roundColumns, type Columns } from './columns';
import type { ScaleTarget } from './targets';
import { entry, roundTo2, type Range } from './series-data';

const HOUR_S = 3600;
const DAY_S = 86_400;

/**
 * The indexes of the points inside a scale's window (docs/timeline.md, "Scale series"): raw readings from its
 * setup to its archiving; aggregated points only when their whole hour / local day lies inside the window,
 * so that an hour or day shared with the channel's previous scale never mixes two hives.
 */
function insideWindow(t: number[], target: ScaleTarget, resolution: SeriesResolution): number[] {
  const from = new Date(target.scale.setup_at).getTime() / 1000;
  const to =
    target.scale.archived_at === null ? Infinity : new Date(target.scale.archived_at).getTime() / 1000;
  const length = resolution === 'raw' ? 0 : resolution === 'hourly' ? HOUR_S : DAY_S;
  const inside: number[] = [];
  for (let i = 0; i < t.length; i++) {
    const at = t[i] ?? Number.NaN;
    if (at >= from && at + length <= to) inside.push(i);
  }
  return inside;
}

type Values = (number | null)[];
const at = (xs: Values | undefined, i: number) => xs?.[i] ?? null;

/** Net weight (as on the dashboard: weight − empty weight − reserves), with extremes when aggregated. */
function weightColumns(
  c: ChannelColumns,
  inside: number[],
  target: ScaleTarget,
  aggregated: boolean,
): Columns {
  const offset = target.scale.empty_weight + target.scale.reserves;
  const net = (x: number | null) => (x === null ? null : x - offset);
  const rows = inside.filter((i) => at(c.weight, i) !== null);
  return {
    times: rows.map((i) => c.t[i] ?? 0),
    values: rows.map((i) => net(at(c.weight, i))),
    ...(aggregated
      ? { min: rows.map((i) => net(at(c.weightMin, i))), max: rows.map((i) => net(at(c.weightMax, i))) }
      : {}),
  };
}

function valueColumns(c: ChannelColumns, inside: number[], values: Values | undefined): Columns {
  const rows = inside.filter((i) => at(values, i) !== null);
  return { times: rows.map((i) => c.t[i] ?? 0), values: rows.map((i) => at(values, i)) };
}

function scaleColumns(
  name: ScaleSeriesName,
  c: ChannelColumns,
  inside: number[],
  target: ScaleTarget,
  aggregated: boolean,
) {
  if (name === 'weight') return roundColumns(weightColumns(c, inside, target, aggregated), roundToGrams);
  return roundColumns(valueColumns(c, inside, name === 'temperature' ? c.temperature : c.humidity), roundTo2);
}

/**
 * The scale series of several scales: one read for all of them (each controller channel once, only the
 * requested series), then each scale's window, net weights and at most SERIES_MAX_POINTS points per series.
 */
export async function scaleSeries(
  db: Queryable,
  targets: ScaleTarget[],
  names: ScaleSeriesName[],
  range: Range,
): Promise<SeriesData[]> {
  if (targets.length === 0 || names.length === 0) return [];
  const channels: ChannelRef[] = [];
  const keyOf = new Map<string, number>();
  const channelKey = (t: ScaleTarget) => `${t.controllerId}/${t.scale.channel}`;
  for (const t of targets) {
    if (keyOf.has(channelKey(t))) continue;
    keyOf.set(channelKey(t), channels.length);
    channels.push({
      key: channels.length,
      controllerId: t.controllerId,
      channel: t.scale.channel,
      timeZone: t.timeZone,
    });
  }
  const { resolution, columns } = await readChannelColumns(db, {
    channels,
    fields: names,
    from: range.from,
    to: range.to,
  });
  const result: SeriesData[] = [];
  for (const target of targets) {
    const c = columns.get(keyOf.get(channelKey(target)) ?? -1) ?? { t: [] };
    const inside = insideWindow(c.t, target, resolution);
    for (const name of names) {
      const series = scaleColumns(name, c, inside, target, resolution !== 'raw');
      result.push(
        entry(
          { kind: 'scale', id: target.scale.id, controllerId: target.controllerId, series: name },
          downsample(series, range.xmin, range.xmax),
          { resolution, unit: SERIES_UNITS[name] },
        ),
      );
    }
  }
  return result;
}
