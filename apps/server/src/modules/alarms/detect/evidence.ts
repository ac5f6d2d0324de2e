import { DAY_MS, HOUR_MS, LOOKBACK_DAYS, MINUTE_MS, RETURN_MS } from './constants';
import type { Episode } from './episodes';
import { bestEndingAt } from './episodes';
import { largestFallWithin, largestRise, slopeBefore } from './fit';
import { indexAtOrAfter, nearest, type Point } from './line';
import { HOURLY_STEP_MS, PROFILE_PRE_MS, profileOf, profileStep, type ProfileStep } from './profile';
import { shapedStep } from './shape';
import { spans, type Track } from './track';
import { median, referenceDays, typicalFree } from './usual';

/** A swarm leaves the hive lighter than it was this long before, too (rain water drying off does not). */
export const WIDE_MS = 3 * HOUR_MS;

/** A swarm leaves within 10–40 minutes: with 15-minute readings its fall shows within this span (docs/alarms.md "Swarm"). */
export const SUDDEN_MS = 45 * MINUTE_MS;

/** What tells a swarm from the bees' flight and from rain water (docs/alarms.md "Swarm"), for one lasting loss. */
export type SwarmEvidence = {
  /** The loss measured from WIDE_MS before the block, less its median then on the previous days. */
  wide: number | null;
  /** The loss against the previous days' day shape scaled to today (shape.ts). */
  shaped: number | null;
  /**
   * Readings less than half an hour apart only (null otherwise): the largest plain fall of the readings within
   * SUDDEN_MS, from the last reading before the block to an hour after it (kg). No trend line, so water soaking
   * in before a loss cannot make the slow drying or the foragers' departure look sudden. Bounded to those
   * readings: a wider span (sparse readings) would make the search quadratic in the whole series.
   */
  sudden: number | null;
  /** The rise of the WIDE_MS before the block beyond the usual one: rain water that may now dry off (kg). */
  gainBefore: number;
  /**
   * The rise from the block's end to the episode's horizon beyond the usual one then (kg): syrup poured or
   * supers put on, whose climb the line after the block takes for the trend, so that the step before it reads
   * as a loss. No reading after the horizon: the verdict must not change once the event is out.
   */
  gainAfter: number;
  /** The trend before the block (kg/h) and the steepest at that time on the previous days. */
  trend: number | null;
  usualTrend: number;
  /** On how many of the previous days the same measurement was possible. */
  references: number;
  /** Readings half an hour apart or more: too coarse to see a swarm's minutes within the bees' departure. */
  hourly: boolean;
  /** The episode's step at first and an hour later (kg, episodes.ts). */
  early: number;
  late: number | null;
  /** Hourly readings only: the loss against the colony's own day profile, at once and an hour later (profile.ts). */
  profile: { early: ProfileStep | null; late: ProfileStep | null };
  /**
   * Hourly readings only: the same reading twice in a row into the block while the colony's weight usually
   * moved by STUCK_MOVE_KG or more then: a load cell stuck for an hour (too briefly for clean.ts to tell) and
   * catching up, not a swarm.
   */
  stuck: boolean;
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
    sudden: step < HOURLY_STEP_MS ? largestFallWithin(tr, e.before - step, lateAt, SUDDEN_MS) : null,
    gainBefore: gainBefore(tr, e),
    gainAfter: gainAfter(tr, e),
    trend: slopeBefore(tr, e.before, before),
    usualTrend,
    references: referenceDays(tr, e.before, lateAt, span),
    hourly: step >= HOURLY_STEP_MS,
    early: e.early,
    late: e.late,
    profile: step >= HOURLY_STEP_MS ? profileOf(tr, e) : { early: null, late: null },
    stuck: step >= HOURLY_STEP_MS && stuckBefore(tr, e, step),
  };
}

/** Two equal readings in a row while the weight usually moved this much (kg) between them: stuck. */
const STUCK_MOVE_KG = 0.3;

/**
 * Whether a reading of the block (its first one on) repeats the reading before it while the weight usually
 * moved between them: the load cell stuck until the block, where it catches up.
 */
function stuckBefore(tr: Track, e: Episode, step: number): boolean {
  const from = Math.max(1, indexAtOrAfter(tr.points, e.before));
  for (let i = from; i < tr.points.length && (tr.points[i] as Point).t <= e.after; i++) {
    const a = tr.points[i - 1] as Point;
    const b = tr.points[i] as Point;
    if (a.w !== b.w) continue;
    const moves: number[] = [];
    for (let k = 1; k <= LOOKBACK_DAYS; k++) {
      const za = nearest(tr.steady, a.t - k * DAY_MS, step / 2);
      const zb = nearest(tr.steady, b.t - k * DAY_MS, step / 2);
      if (za !== null && zb !== null) moves.push(Math.abs(zb - za));
    }
    if (moves.length > 0 && median(moves) >= STUCK_MOVE_KG) return true;
  }
  return false;
}

/** The largest rise from the block's end to the horizon less its median then on the previous days (kg). */
function gainAfter(tr: Track, e: Episode): number {
  const riseAt = (k: number): number => largestRise(tr, e.after - k * DAY_MS, e.horizon - k * DAY_MS);
  const usual: number[] = [];
  for (let k = 1; k <= LOOKBACK_DAYS; k++) usual.push(riseAt(k));
  return riseAt(0) - median(usual);
}

/**
 * The largest rise in the WIDE_MS before the block, beyond the day's usual rise then or as a step. With hourly
 * readings the steps are measured against the colony's profile: the plain step measurement (fit.ts) takes the
 * sharp end of a strong colony's morning departure for a rise.
 */
function gainBefore(tr: Track, e: Episode): number {
  const riseAt = (k: number): number =>
    largestRise(tr, e.before - WIDE_MS - k * DAY_MS, e.before - k * DAY_MS);
  const usual: number[] = [];
  for (let k = 1; k <= LOOKBACK_DAYS; k++) usual.push(riseAt(k));
  let gain = riseAt(0) - median(usual);
  const { step, window } = spans(tr, e.index);
  if (step >= HOURLY_STEP_MS) {
    for (let b = Math.max(1, indexAtOrAfter(tr.points, e.before - WIDE_MS)); b < tr.points.length; b++) {
      const at = (tr.points[b] as Point).t;
      if (at > e.before) break;
      const span = { pre: PROFILE_PRE_MS, postFrom: at, postTo: Math.min(at + window, e.before) };
      gain = Math.max(gain, profileStep(tr, (tr.points[b - 1] as Point).t, span, step / 2)?.step ?? gain);
    }
    return gain;
  }
  for (let b = indexAtOrAfter(tr.points, e.before - WIDE_MS); b < tr.points.length; b++) {
    if ((tr.points[b]?.t ?? Infinity) > e.before) break;
    gain = Math.max(gain, bestEndingAt(tr, b, 1)?.step ?? 0);
  }
  return gain;
}
