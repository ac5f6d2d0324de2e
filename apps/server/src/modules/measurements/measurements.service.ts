import type { Queryable } from '../../db/queryable';
import { latestValues, midnightAndWeights } from './measurements.repository';
import type { ChannelWindow, LatestValue, MidnightWeight, WeightStep } from './measurements.types';
import { dailyLastWeights, hourlyLastWeights } from './ranges.repository';
import { firstWeightAfter, rawWeights } from './samples.repository';
import { channelReadings, reportTimes, type ChannelReading, type ReportSpan } from './reports.repository';

export type { ChannelReading, ReportSpan };

/**
 * What other modules read from measurements: current values, midnight values and (series.ts) series over a
 * range. They pass scale windows; this module owns every query on readings and the rollups.
 */

/** The newest reading of each window, by window id (windows without readings are absent). */
export async function currentValues(
  db: Queryable,
  windows: ChannelWindow[],
): Promise<Map<number, LatestValue>> {
  return new Map((await latestValues(db, windows)).map((v) => [v.id, v]));
}

/**
 * The last local midnight before `now` in `timeZone` and each window's weight then (the base of "today's
 * change"), one entry per window in the order given.
 */
export async function midnightWeights(
  db: Queryable,
  windows: ChannelWindow[],
  timeZone: string,
  now: Date,
): Promise<{ midnight: Date; weights: MidnightWeight[] }> {
  return midnightAndWeights(db, windows, timeZone, now);
}

/**
 * A channel's last weight per local day (`daily`, the days fromDay..toDay) or per UTC hour (`hourly`, the
 * hours starting on those local days plus the hour before), oldest first: the base of the heat map and the
 * analysis (docs/timeline.md, "Heat map and analysis"). Raw weights; the caller applies the scale's window.
 */
export function lastWeights(
  db: Queryable,
  query: {
    controllerId: number;
    channel: number;
    timeZone: string;
    fromDay: string;
    toDay: string;
    resolution: 'daily' | 'hourly';
  },
): Promise<WeightStep[]> {
  return query.resolution === 'daily' ? dailyLastWeights(db, query) : hourlyLastWeights(db, query);
}

/** Each window's raw weights from `from` to `to`, for the alarm detectors (docs/alarms.md "Pipeline"). */
export function weightSamples(db: Queryable, windows: ChannelWindow[], from: Date, to: Date, gridMs: number) {
  return rawWeights(db, windows, from, to, gridMs);
}

/** When the controller's next weight reading after `after` was taken, or null (alarm backfills in runs). */
export function nextWeightTime(db: Queryable, controllerId: number, after: Date) {
  return firstWeightAfter(db, controllerId, after);
}

/**
 * The report times of each forwarding's channel in [from, to), oldest first, at most `limit` each (the
 * forwarding scan, docs/forwarding.md "Delivery").
 */
export function newReportTimes(db: Queryable, spans: ReportSpan[], limit: number) {
  return reportTimes(db, spans, limit);
}

/** A channel's raw readings in [from, to), at most `limit` (`newest`: the newest first), for forwardings. */
export function readingsOfChannel(
  db: Queryable,
  q: { controllerId: number; channel: number; from: Date; to: Date; limit: number; newest?: boolean },
): Promise<ChannelReading[]> {
  return channelReadings(db, q);
}
