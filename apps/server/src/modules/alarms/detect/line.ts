/** A reading the detectors use: UTC ms and kg. */
export type Point = { t: number; w: number };

/** A least-squares line: value at its reference time, slope (kg per ms) and the largest miss of a reading (kg). */
export type Line = { at: number; value: number; slope: number; miss: number };

/** Faster than this (kg per hour) no colony gains or loses weight: a line that steep holds a step. */
const MAX_TREND_KG_PER_H = 3;
/** A reading further than this (kg) off the line: the window holds a step or an inspection. */
const MAX_MISS_KG = 0.35;

/** First index with t ≥ `time` (points are in time order). */
export function indexAtOrAfter(points: readonly Point[], time: number, from = 0): number {
  let lo = from;
  let hi = points.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((points[mid]?.t ?? Infinity) < time) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The least-squares line through the points with t in [from, to], evaluated at `at`; null with fewer than
 * two points, or when the readings do not lie on a line. `robust`: when they do not, the fit is tried again
 * without one reading, then two (the lid-off minutes of an inspection), as long as two remain; the readings
 * before a step need no such care: they are `Track.steady` already.
 */
export function fitLine(
  points: readonly Point[],
  from: number,
  to: number,
  at: number,
  robust = false,
): Line | null {
  const start = indexAtOrAfter(points, from);
  let end = start;
  while (end < points.length && (points[end] as Point).t <= to) end++;
  let line = lineOf(points, start, end, at);
  if (robust && line && line.miss > MAX_MISS_KG && end - start >= 3) {
    const xs: number[] = [];
    const ys: number[] = [];
    for (let i = start; i < end; i++) {
      xs.push(((points[i] as Point).t - at) / 3_600_000);
      ys.push((points[i] as Point).w);
    }
    for (let left = 1; line && line.miss > MAX_MISS_KG && left <= 2 && xs.length - left >= 2; left++)
      line = bestWithout(xs, ys, left) ?? line;
  }
  if (!line || Math.abs(line.slope) > MAX_TREND_KG_PER_H || line.miss > MAX_MISS_KG) return null;
  return { at, value: line.value, slope: line.slope / 3_600_000, miss: line.miss };
}

/** Least squares over points[start, end), x in hours from `at`; slope in kg per hour (no arrays: it runs often). */
function lineOf(points: readonly Point[], start: number, end: number, at: number): Line | null {
  const n = end - start;
  if (n < 2) return null;
  let sx = 0;
  let sy = 0;
  let sxx = 0;
  let sxy = 0;
  for (let i = start; i < end; i++) {
    const p = points[i] as Point;
    const x = (p.t - at) / 3_600_000;
    sx += x;
    sy += p.w;
    sxx += x * x;
    sxy += x * p.w;
  }
  const det = n * sxx - sx * sx;
  if (det <= 1e-9) return null;
  const slope = (n * sxy - sx * sy) / det;
  const value = (sy - slope * sx) / n;
  let miss = 0;
  for (let i = start; i < end; i++) {
    const p = points[i] as Point;
    miss = Math.max(miss, Math.abs(p.w - value - (slope * (p.t - at)) / 3_600_000));
  }
  return { at: 0, value, slope, miss };
}

/**
 * The best fit (smallest miss) leaving out `count` (1 or 2) of the readings after the first. It runs for
 * every block and previous day of a search, so it allocates nothing: skipping indices, not filtered copies.
 */
function bestWithout(xs: readonly number[], ys: readonly number[], count: number): Line | null {
  let best: Line | null = null;
  const n = xs.length;
  // the first reading stays: a change right there is a step, not an inspection's lid
  for (let i = 1; i < n; i++) {
    // j = n leaves out reading i alone
    for (let j = count === 2 ? i + 1 : n; j <= n; j++) {
      const line = leastSquaresSkipping(xs, ys, i, j);
      if (line && (!best || line.miss < best.miss)) best = line;
      if (count === 1) break;
    }
  }
  return best;
}

/** Least squares without readings `i` and `j`, x in hours from the reference time; slope in kg per hour. */
function leastSquaresSkipping(
  xs: readonly number[],
  ys: readonly number[],
  i: number,
  j: number,
): Line | null {
  let n = 0;
  let sx = 0;
  let sy = 0;
  let sxx = 0;
  let sxy = 0;
  for (let k = 0; k < xs.length; k++) {
    if (k === i || k === j) continue;
    const x = xs[k] as number;
    const y = ys[k] ?? 0;
    n++;
    sx += x;
    sy += y;
    sxx += x * x;
    sxy += x * y;
  }
  const det = n * sxx - sx * sx;
  if (n < 2 || det <= 1e-9) return null;
  const slope = (n * sxy - sx * sy) / det;
  const value = (sy - slope * sx) / n;
  let miss = 0;
  for (let k = 0; k < xs.length; k++)
    if (k !== i && k !== j) miss = Math.max(miss, Math.abs((ys[k] ?? 0) - value - slope * (xs[k] as number)));
  return { at: 0, value, slope, miss };
}

/** The value of the reading nearest to `t` within `tolerance`, or null. */
export function nearest(points: readonly Point[], t: number, tolerance: number): number | null {
  let best: Point | null = null;
  for (let i = indexAtOrAfter(points, t - tolerance); i < points.length; i++) {
    const p = points[i] as Point;
    if (p.t > t + tolerance) break;
    if (!best || Math.abs(p.t - t) < Math.abs(best.t - t)) best = p;
  }
  return best && best.w;
}
