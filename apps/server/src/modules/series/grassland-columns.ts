import { grasslandTemperatureSum } from '@hivescope/contract';
import { localDay } from '../measurements/ranges';
import type { Columns } from './columns';
import type { Range } from './series-data';

/** A local day: its local midnight `t` (epoch seconds) and its mean temperature (null: none measured). */
export type DayMean = { day: string; t: number; mean: number | null };

/**
 * Where the daily means of a grassland sum must start: 1 January (local) of the range's first year. 1 January
 * local time lies at most 14 hours before 1 January UTC, so the read starts a day early; grasslandColumns
 * drops the days before.
 */
export function grasslandStart(range: Range, timeZone: string): { year: string; from: Date } {
  const year = localDay(range.from, timeZone).slice(0, 4);
  return { year, from: new Date(Date.parse(`${year}-01-01T00:00:00Z`) - 86_400_000) };
}

/**
 * The grassland temperature sum (grasslandTemperatureSum) over daily means from 1 January of `year`,
 * answered for the days that overlap the range.
 */
export function grasslandColumns(days: DayMean[], year: string, range: Range): Columns {
  const mine = days.filter((d) => d.day >= `${year}-01-01`);
  const times = new Map(mine.map((d) => [d.day, d.t]));
  const sums = grasslandTemperatureSum(mine.map((d) => ({ day: d.day, mean: d.mean })));
  const inRange = sums.filter((s) => {
    const t = times.get(s.day) ?? 0;
    return t + 86_400 > range.xmin && t < range.xmax;
  });
  return { times: inRange.map((s) => times.get(s.day) ?? 0), values: inRange.map((s) => s.sum) };
}
