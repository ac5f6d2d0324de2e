import type { GlobalSettings } from '@hivescope/contract';
import { DAY_MS, HOUR_MS, LOOKBACK_DAYS, MINUTE_MS } from './constants';
import { nearest, type Point } from './line';
import type { Sample } from './types';

/** A reading of exactly 0 kg is what a transmitter sends when the load cell does not answer. */
const isZero = (w: number): boolean => Math.abs(w) < 0.005;

/** Runs of this many identical readings (or more) may be a stuck value… */
const STUCK_RUN = 3;
/** …when the weight was moving by this much (kg) over the run (its trend before the run, carried on)… */
const STUCK_MOVE_KG = 0.3;
/** …and the reading after the run catches up with that movement, give or take this much (kg). */
const STUCK_SLACK_KG = 0.3;

/**
 * The readings without glitches (docs/alarms.md "Readings and glitches"): missing values; a single 0 kg reading between
 * two hive weights (drop-out); a single reading further than `averageWeightMaxDelta` from both neighbours
 * while they agree (spike); the repeats of a value stuck for STUCK_RUN readings or more while the weight
 * was moving. Each test looks at the series as sent, so only the newest readings can still change their
 * status (see `settledUntil`).
 */
export function cleanSamples(samples: readonly Sample[], settings: GlobalSettings): Point[] {
  const points = present(samples);
  const { averageWeightMinMass: minMass, averageWeightMaxDelta: maxDelta } = settings;
  const stuck = stuckRepeats(points, minMass);
  return points.filter((p, i) => {
    const before = points[i - 1];
    const after = points[i + 1];
    if (before && after) {
      if (isZero(p.w) && before.w >= minMass && after.w >= minMass) return false;
      // below `minMass` is no hive on the scale: a drop-out, or the hive lifted off (empty.ts), never a spike
      const far = Math.abs(p.w - before.w) > maxDelta && Math.abs(p.w - after.w) > maxDelta;
      if (far && p.w >= minMass && Math.abs(before.w - after.w) <= maxDelta) return false;
    }
    return !stuck[i];
  });
}

/**
 * The readings the detectors look at: at most one per GRID_MS of UTC time (the first with a value). The
 * rules are made and measured for readings every 15 minutes or hourly (docs/alarms.md "Readings and
 * glitches"); a transmitter reporting every minute would gain nothing from them and would cost each search
 * around a reading (blocks, lines, previous days) 15 times the readings, tens of seconds per controller.
 * Fixed buckets, not "5 minutes after the last kept one", so that every run keeps the same readings.
 */
export const GRID_MS = 5 * MINUTE_MS;

function present(samples: readonly Sample[]): Point[] {
  const points: Point[] = [];
  let bucket = -Infinity;
  for (const s of samples) {
    if (s.w === null || !Number.isFinite(s.w) || Math.floor(s.t / GRID_MS) === bucket) continue;
    bucket = Math.floor(s.t / GRID_MS);
    points.push({ t: s.t, w: s.w });
  }
  return points;
}

/**
 * The repeats of runs of STUCK_RUN or more equal hive weights that stood still while the weight was moving
 * and were then caught up with: a stuck load-cell value. A calm hive repeats a value by chance, and a calm
 * hive that is then knocked over jumps by far more than its trend: neither is stuck.
 */
function stuckRepeats(points: readonly Point[], minMass: number): boolean[] {
  const out = points.map(() => false);
  let start = 0;
  for (let i = 1; i <= points.length; i++) {
    const first = points[start] as Point;
    if (points[i]?.w === first.w) continue;
    const next = points[i];
    if (i - start >= STUCK_RUN && first.w >= minMass && next && caughtUp(points, start, next))
      for (let k = start + 1; k < i; k++) out[k] = true;
    start = i;
  }
  return out;
}

/**
 * Whether `next` is where the weight would have gone during the run from `start`: as its trend before the
 * run, or as on the previous days at those hours (the bees' departure), carried on.
 */
function caughtUp(points: readonly Point[], start: number, next: Point): boolean {
  const first = points[start] as Point;
  const back = points[Math.max(0, start - 4)] as Point;
  const jump = next.w - first.w;
  const matches = (expected: number): boolean =>
    Math.abs(expected) >= STUCK_MOVE_KG &&
    Math.sign(jump) === Math.sign(expected) &&
    Math.abs(jump) >= 0.5 * Math.abs(expected) - STUCK_SLACK_KG &&
    Math.abs(jump) <= 2 * Math.abs(expected) + STUCK_SLACK_KG;
  if (back.t < first.t && matches(((first.w - back.w) / (first.t - back.t)) * (next.t - first.t)))
    return true;
  const usual: number[] = [];
  for (let k = 1; k <= LOOKBACK_DAYS; k++) {
    const a = nearest(points, first.t - k * DAY_MS, HOUR_MS / 2);
    const b = nearest(points, next.t - k * DAY_MS, HOUR_MS / 2);
    if (a !== null && b !== null) usual.push(b - a);
  }
  usual.sort((x, y) => x - y);
  return usual.length > 0 && matches(usual[Math.floor(usual.length / 2)] ?? 0);
}

/**
 * The time up to which every reading's status is final: a newest reading may still turn out to be a
 * drop-out or a spike, and repeats of the newest value may still turn out to be stuck.
 */
export function settledUntil(samples: readonly Sample[], settings: GlobalSettings): number {
  const points = present(samples);
  let last = points.length - 1;
  const newest = points[last];
  if (!newest) return -Infinity;
  // repeats of a hive weight may still turn out to be a stuck value (not below minMass: no hive, no glitch)
  if (newest.w >= settings.averageWeightMinMass) while (last > 0 && points[last - 1]?.w === newest.w) last--;
  const before = points[last - 1];
  const open =
    isZero(newest.w) ||
    (before !== undefined &&
      newest.w >= settings.averageWeightMinMass &&
      Math.abs(newest.w - before.w) > settings.averageWeightMaxDelta);
  if (last < points.length - 1) return (points[last] as Point).t;
  if (!before) return newest.t - 1;
  return open ? before.t : newest.t;
}
