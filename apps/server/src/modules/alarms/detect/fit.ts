import { fitLine, indexAtOrAfter, nearest, type Line, type Point } from './line';
import { lidFreeAfter, type Track } from './track';

/**
 * The change (kg) between `before` and `after` that the trend does not explain: a line through the readings
 * of `span.before` before `before` (an inspection's lid-off minutes left out: `Track.steady`) and one through
 * the readings of `span.after` from `after` on; the step is the gap between them less the trend across it,
 * taken as the mean of the two slopes. This is exact for a quadratic trend, so the bees' smooth morning
 * departure and afternoon return do not count as a step (docs/alarms.md "Steps"). `lidFree` (hourly
 * readings): a lid-off reading after `after` is left out of the line after the step (`lidFreeAfter`).
 */
export function stepBetween(
  tr: Track,
  before: number,
  after: number,
  span: { before: number; after: number },
  lidFree = false,
): number | null {
  return stepOf(lineBefore(tr, before, span.before), lineAfter(tr, after, span.after, lidFree));
}

/** The line of `stepBetween` before `before`, fitted over `span`. */
export function lineBefore(tr: Track, before: number, span: number): Line | null {
  // one missing reading (a glitch taken out) must not leave the hourly line before a step with one point
  return (
    fitLine(tr.steady, before - span, before, before) ?? fitLine(tr.steady, before - 2 * span, before, before)
  );
}

/**
 * The step between the line before it (`lineBefore`) and the line after it (`lineAfter`), as `stepBetween`
 * measures it: the blocks ending at one reading share the line after them, fitted once (episodes.ts).
 */
export function stepOf(pre: Line | null, post: Line | null): number | null {
  if (!pre || !post) return null;
  return post.value - pre.value - ((pre.slope + post.slope) / 2) * (post.at - pre.at);
}

/** The slope (kg per hour) of the readings in the `window` before `before`; null with fewer than two. */
export function slopeBefore(tr: Track, before: number, window: number): number | null {
  const line = fitLine(tr.steady, before - window, before, before);
  return line && line.slope * 3_600_000;
}

/** The change (kg) of the steady readings from the one nearest `from` to the one nearest `to` (within `tolerance`). */
export function changeBetween(tr: Track, from: number, to: number, tolerance: number): number | null {
  const a = nearest(tr.steady, from, tolerance);
  const b = nearest(tr.steady, to, tolerance);
  return a === null || b === null ? null : b - a;
}

/** The largest rise (fall, sign −1) of the steady readings within [from, to]: from a reading to a later one. */
export function largestRise(tr: Track, from: number, to: number, sign: -1 | 1 = 1): number {
  let extreme = Infinity;
  let rise = 0;
  for (let i = indexAtOrAfter(tr.steady, from); i < tr.steady.length; i++) {
    const p = tr.steady[i] as Point;
    if (p.t > to) break;
    extreme = Math.min(extreme, sign * p.w);
    rise = Math.max(rise, sign * p.w - extreme);
  }
  return rise;
}

/** The largest fall (kg) of the steady readings within [from, to] from a reading to one at most `within` later. */
export function largestFallWithin(tr: Track, from: number, to: number, within: number): number {
  let fall = 0;
  for (let i = indexAtOrAfter(tr.steady, from); i < tr.steady.length; i++) {
    const a = tr.steady[i] as Point;
    if (a.t > to) break;
    for (let j = i + 1; j < tr.steady.length; j++) {
      const b = tr.steady[j] as Point;
      if (b.t > to || b.t - a.t > within) break;
      fall = Math.max(fall, a.w - b.w);
    }
  }
  return fall;
}

/** How far the reading at `after` lies below (above) the line of the steady readings before `before`, carried on. */
export function offTrend(tr: Track, before: number, after: number, window: number): number | null {
  const pre = fitLine(tr.steady, before - window, before, before);
  const i = indexAtOrAfter(tr.points, after);
  const p = tr.points[i];
  if (!pre || !p || p.t !== after) return null;
  return p.w - pre.value - pre.slope * (after - before);
}

/**
 * The line of `stepBetween` through the readings from `after` on; with `lidFree`, a reading of an inspection's
 * lid off in the next hour is left out (with hourly readings one such reading spoils the line of two:
 * docs/alarms.md "Steps").
 */
export function lineAfter(tr: Track, after: number, span: number, lidFree: boolean): Line | null {
  const kept = lidFree ? lidFreeAfter(tr, after, span) : null;
  if (!kept) return fitLine(tr.points, after, after + span, after, true);
  return fitLine(kept, after, after + span, after) ?? fitLine(kept, after, after + 2 * span, after);
}
