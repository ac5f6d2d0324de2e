import { DAY_MS, HOUR_MS, LOOKBACK_DAYS, RETURN_MS } from './constants';
import type { Episode } from './episodes';
import { bestEndingAt } from './episodes';
import { largestRise, slopeBefore } from './fit';
import { indexAtOrAfter } from './line';
import { shapedStep } from './shape';
import { spans, type Track } from './track';
import { median, referenceDays, typicalFree } from './usual';

/** A swarm leaves the hive lighter than it was this long before, too (rain water drying off does not). */
export const WIDE_MS = 3 * HOUR_MS;

/** What tells a swarm from the bees' flight and from rain water (docs/alarms.md "Swarm"), for one lasting loss. */
export type SwarmEvidence = {
  /** The loss measured from WIDE_MS before the block, less its median then on the previous days. */
  wide: number | null;
  /** The loss against the previous days' day shape scaled to today (shape.ts). */
  shaped: number | null;
  /** The rise of the WIDE_MS before the block beyond the usual one: rain water that may now dry off (kg). */
  gainBefore: number;
  /** The trend before the block (kg/h) and the steepest at that time on the previous days. */
  trend: number | null;
  usualTrend: number;
  /** On how many of the previous days the same measurement was possible. */
  references: number;
  /** Readings half an hour apart or more: too coarse to see a swarm's minutes within the bees' departure. */
  hourly: boolean;
};

export function swarmEvidence(tr: Track, e: Episode): SwarmEvidence {
  const { before, window, step } = spans(tr, e.index);
  const span = { before, after: window };
  const lateAt = e.after + RETURN_MS;
  let usualTrend = 0;
  for (let k = 1; k <= LOOKBACK_DAYS; k++)
    usualTrend = Math.min(usualTrend, slopeBefore(tr, e.before - k * DAY_MS, before) ?? 0);
  return {
    wide: typicalFree(tr, e.before - WIDE_MS, lateAt, span),
    shaped: shapedStep(
      tr,
      { from: e.before - WIDE_MS, before: e.before, postFrom: lateAt, to: lateAt + window },
      step / 2,
    ),
    gainBefore: gainBefore(tr, e),
    trend: slopeBefore(tr, e.before, before),
    usualTrend,
    references: referenceDays(tr, e.before, lateAt, span),
    hourly: step >= 30 * 60_000,
  };
}

/** The largest rise in the WIDE_MS before the block, beyond the day's usual rise then or as a step. */
function gainBefore(tr: Track, e: Episode): number {
  const riseAt = (k: number): number =>
    largestRise(tr, e.before - WIDE_MS - k * DAY_MS, e.before - k * DAY_MS);
  const usual: number[] = [];
  for (let k = 1; k <= LOOKBACK_DAYS; k++) usual.push(riseAt(k));
  let gain = riseAt(0) - median(usual);
  for (let b = indexAtOrAfter(tr.points, e.before - WIDE_MS); b < tr.points.length; b++) {
    if ((tr.points[b]?.t ?? Infinity) > e.before) break;
    gain = Math.max(gain, bestEndingAt(tr, b, 1)?.step ?? 0);
  }
  return gain;
}
