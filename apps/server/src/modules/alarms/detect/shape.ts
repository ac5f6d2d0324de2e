import { DAY_MS, LOOKBACK_DAYS } from './constants';
import { indexAtOrAfter, nearest } from './line';
import type { Track } from './track';
import { solve } from './solve';

/** How strongly the fit keeps the day shape at the previous days' size (a scale of 1) when the readings say little. */
const SHAPE_PRIOR = 0.05;
/** A reading further than this (kg, or this share of the step) off the fitted curve: the fit says nothing. */
const MISS_KG = 0.35;
const MISS_SHARE = 0.25;

/** Least-squares line residuals of `ys` over `xs`. */
function detrend(xs: readonly number[], ys: readonly number[]): number[] {
  const n = xs.length;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let sxx = 0;
  let sxy = 0;
  xs.forEach((x, i) => {
    sxx += (x - mx) ** 2;
    sxy += (x - mx) * ((ys[i] ?? 0) - my);
  });
  const slope = sxx > 0 ? sxy / sxx : 0;
  return ys.map((y, i) => y - my - slope * ((xs[i] ?? 0) - mx));
}

/** The day shape at `times`: per previous day its readings less their own line, the median of the days. */
function dayShape(tr: Track, times: readonly number[], tolerance: number): number[] | null {
  const xs = times.map((t) => (t - (times[0] ?? 0)) / 3_600_000);
  const days: number[][] = [];
  for (let k = 1; k <= LOOKBACK_DAYS; k++) {
    const ys = times.map((t) => nearest(tr.steady, t - k * DAY_MS, tolerance));
    if (ys.every((y): y is number => y !== null)) days.push(detrend(xs, ys));
  }
  if (days.length < 2) return null;
  return times.map((_, i) => {
    const v = days.map((d) => d[i] ?? 0).sort((a, b) => a - b);
    const m = v.length / 2;
    return v.length % 2 ? (v[Math.floor(m)] ?? 0) : ((v[m - 1] ?? 0) + (v[m] ?? 0)) / 2;
  });
}

/** Below this pivot the day-shape fit's system is singular (docs/alarms.md "Steps"). */
const MIN_PIVOT = 1e-12;

/**
 * The step (kg) between the readings of [from, before] and those of [postFrom, to], fitting today's readings
 * to a line plus the previous days' day shape scaled to today (docs/alarms.md "Steps"): the bees' morning
 * departure and evening return are in the shape, however strongly they fly today; a swarm is not. Null
 * without two previous days of readings at those times, or when the readings do not follow the fitted curve.
 */
export function shapedStep(
  tr: Track,
  span: { from: number; before: number; postFrom: number; to: number },
  tolerance: number,
): number | null {
  const pre = tr.steady.slice(
    indexAtOrAfter(tr.steady, span.from),
    indexAtOrAfter(tr.steady, span.before + 1),
  );
  const post = tr.points.slice(
    indexAtOrAfter(tr.points, span.postFrom),
    indexAtOrAfter(tr.points, span.to + 1),
  );
  const points = [...pre, ...post];
  if (pre.length < 2 || post.length < 2) return null;
  const shape = dayShape(
    tr,
    points.map((p) => p.t),
    tolerance,
  );
  if (!shape) return null;
  const energy = shape.reduce((sum, v) => sum + v * v, 0);
  const prior = SHAPE_PRIOR * Math.max(energy, 1e-6);
  const ata = [0, 1, 2, 3].map(() => [0, 0, 0, 0]);
  const atb = [0, 0, 0, 0];
  const add = (row: number[], y: number, weight = 1): void => {
    row.forEach((ri, i) => {
      atb[i] = (atb[i] ?? 0) + weight * ri * y;
      row.forEach((rj, j) => ((ata[i] as number[])[j] = (ata[i]?.[j] ?? 0) + weight * ri * rj));
    });
  };
  points.forEach((p, i) => {
    add([1, (p.t - span.before) / 3_600_000, shape[i] ?? 0, i >= pre.length ? 1 : 0], p.w);
  });
  add([0, 0, 1, 0], 1, prior);
  const x = solve(ata, atb, MIN_PIVOT);
  if (!x) return null;
  const [a = 0, b = 0, g = 0, step = 0] = x;
  // readings off the fitted curve: something else happened in the window (a step before), no evidence here
  const miss = Math.max(
    ...points.map((p, i) => {
      const fit =
        a + (b * (p.t - span.before)) / 3_600_000 + g * (shape[i] ?? 0) + (i >= pre.length ? step : 0);
      return Math.abs(p.w - fit);
    }),
  );
  return miss > Math.max(MISS_KG, MISS_SHARE * Math.abs(step)) ? null : step;
}
