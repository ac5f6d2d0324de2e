import type { Queryable } from '../../db/queryable';
import type { Resolution, SeriesPoint, StatusPoint } from './measurements.types';
import { dailySeries, hourlySeries, rawSeries, statusSeries } from './series.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * Spans up to a week read raw readings (≤ 672 points per channel at 15-minute sampling), up to 83 days the
 * hourly rollup (≤ 1,993 points), longer spans the daily rollup (docs/decisions.md, "Series resolution").
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

export type SeriesQuery = {
  controllerId: number;
  /** the controller's time zone: daily points are its local days */
  timeZone: string;
  from: Date;
  to: Date;
  /** forces a resolution; by default it follows the span (resolutionFor) */
  resolution?: Resolution;
};

export type Series = { resolution: Resolution; points: SeriesPoint[] };

/**
 * A controller's series over [from, to), ordered by channel and time. Hourly and daily points cover every
 * hour / local day that [from, to) touches. An empty or reversed range has no points.
 */
export async function readSeries(db: Queryable, query: SeriesQuery): Promise<Series> {
  const { controllerId, timeZone, from, to } = query;
  const resolution = query.resolution ?? resolutionFor(from, to);
  if (to.getTime() <= from.getTime()) return { resolution, points: [] };
  if (resolution === 'raw') return { resolution, points: await rawSeries(db, controllerId, from, to) };
  if (resolution === 'hourly') return { resolution, points: await hourlySeries(db, controllerId, from, to) };
  const lastDay = localDay(new Date(to.getTime() - 1), timeZone);
  return {
    resolution,
    points: await dailySeries(db, controllerId, localDay(from, timeZone), lastDay, timeZone),
  };
}

/**
 * A controller's status series (chip temperature, battery voltage, signal) over [from, to): raw reports or
 * their mean, minimum and maximum per UTC hour or local day, at the same resolution rule as readSeries.
 */
export async function readStatusSeries(
  db: Queryable,
  query: SeriesQuery,
): Promise<{ resolution: Resolution; points: StatusPoint[] }> {
  const { controllerId, timeZone, from, to } = query;
  const resolution = query.resolution ?? resolutionFor(from, to);
  if (to.getTime() <= from.getTime()) return { resolution, points: [] };
  return { resolution, points: await statusSeries(db, controllerId, from, to, resolution, timeZone) };
}
