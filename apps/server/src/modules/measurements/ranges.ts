import type { DeviceSeriesName } from '@hivescope/contract';
import type { Queryable } from '../../db/queryable';
import { dailyColumns, hourlyColumns, rawColumns, type HourlySource } from './columns.repository';
import type {
  ChannelColumns,
  ChannelField,
  ChannelRef,
  Resolution,
  RangePoint,
  StatusField,
  StatusPoint,
} from './measurements.types';
import { dailyRange, hourlyRange, rawRange, statusRange } from './ranges.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * Spans up to a week read raw readings (≤ 672 points per channel at 15-minute sampling), up to 83 days the
 * hourly rollup (≤ 1,993 points), longer spans the daily rollup (docs/decisions.md, "Server structure", Series resolution).
 */
export const RAW_MAX_SPAN_MS = 7 * DAY_MS;
export const HOURLY_MAX_SPAN_MS = 83 * DAY_MS;

/** The resolution for a range [from, to): the finest one whose point count stays small enough to draw. */
export function resolutionFor(from: Date, to: Date): Resolution {
  const span = to.getTime() - from.getTime();
  if (span <= RAW_MAX_SPAN_MS) return 'raw';
  if (span <= HOURLY_MAX_SPAN_MS) return 'hourly';
  return 'daily';
}

/** The calendar day (YYYY-MM-DD) of an instant in a time zone. */
export function localDay(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

export type RangeQuery = {
  controllerId: number;
  /** the controller's time zone: daily points are its local days */
  timeZone: string;
  from: Date;
  to: Date;
  /** forces a resolution; by default it follows the span (resolutionFor) */
  resolution?: Resolution;
};

export type ChannelRange = { resolution: Resolution; points: RangePoint[] };

/**
 * A controller's series over [from, to), ordered by channel and time. Hourly and daily points cover every
 * hour / local day that [from, to) touches. An empty or reversed range has no points.
 */
export async function readRange(db: Queryable, query: RangeQuery): Promise<ChannelRange> {
  const { controllerId, timeZone, from, to } = query;
  const resolution = query.resolution ?? resolutionFor(from, to);
  if (to.getTime() <= from.getTime()) return { resolution, points: [] };
  if (resolution === 'raw') return { resolution, points: await rawRange(db, controllerId, from, to) };
  if (resolution === 'hourly') return { resolution, points: await hourlyRange(db, controllerId, from, to) };
  const lastDay = localDay(new Date(to.getTime() - 1), timeZone);
  return {
    resolution,
    points: await dailyRange(db, controllerId, localDay(from, timeZone), lastDay, timeZone),
  };
}

export type ColumnsQuery = {
  /** the channels, each with its caller's key (unique) and its controller's time zone */
  channels: ChannelRef[];
  fields: ChannelField[];
  from: Date;
  to: Date;
  /** forces a resolution; by default it follows the span (resolutionFor) */
  resolution?: Resolution;
  /**
   * forces the table hourly points come from (tests, bench); by default each channel's density chooses
   * (columns.repository.ts `hourlyColumns`, docs/timeline.md "Which table a read uses")
   */
  hourlySource?: HourlySource;
};

/**
 * Only the asked fields of many channels (of any controllers) over [from, to), as columns per channel key, in
 * one statement: what readRange gives, without the columns nobody asked for (docs/timeline.md, "Reading
 * fast"). Channels without points have empty columns; an empty or reversed range has none.
 */
export async function readChannelColumns(
  db: Queryable,
  query: ColumnsQuery,
): Promise<{ resolution: Resolution; columns: Map<number, ChannelColumns> }> {
  const { channels, fields, from, to } = query;
  const resolution = query.resolution ?? resolutionFor(from, to);
  if (to.getTime() <= from.getTime() || channels.length === 0) return { resolution, columns: new Map() };
  if (resolution === 'raw') return { resolution, columns: await rawColumns(db, channels, from, to, fields) };
  // hourly and daily reads name each channel's local days: the daily rollup's days, or the days whose counts
  // tell an hourly read which table pays
  const days = new Map<string, { fromDay: string; toDay: string }>();
  const daysIn = (zone: string) => {
    let d = days.get(zone);
    if (!d) {
      d = { fromDay: localDay(from, zone), toDay: localDay(new Date(to.getTime() - 1), zone) };
      days.set(zone, d);
    }
    return d;
  };
  const refs = channels.map((c) => ({ ...c, ...daysIn(c.timeZone) }));
  if (resolution === 'hourly')
    return { resolution, columns: await hourlyColumns(db, refs, from, to, fields, query.hourlySource) };
  return { resolution, columns: await dailyColumns(db, refs, fields) };
}

/**
 * The status field behind each device series (the timeline and the export read it). One entry per series of
 * DEVICE_SERIES: a missing or an extra one does not compile.
 */
export const STATUS_FIELD_OF = {
  chipTemperature: 'temperature',
  batteryVoltage: 'voltage',
  networkQuality: 'signal',
} as const satisfies Record<DeviceSeriesName, StatusField>;

/**
 * A controller's status series (chip temperature, battery voltage, signal) over [from, to): raw reports or
 * their mean, minimum and maximum per UTC hour or local day, at the same resolution rule as readRange.
 */
export async function readStatusRange(
  db: Queryable,
  query: RangeQuery,
): Promise<{ resolution: Resolution; points: StatusPoint[] }> {
  const { controllerId, timeZone, from, to } = query;
  const resolution = query.resolution ?? resolutionFor(from, to);
  if (to.getTime() <= from.getTime()) return { resolution, points: [] };
  return { resolution, points: await statusRange(db, controllerId, from, to, resolution, timeZone) };
}
