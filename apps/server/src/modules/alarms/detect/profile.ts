import { DAY_MS, HOURLY_STEP_MS, HOUR_MS, LOOKBACK_DAYS, RETURN_MS } from './constants';
import type { Episode } from './episodes';
import { indexAtOrAfter, nearest, type Point } from './line';
import { lidFreeAfter, spans, type Track } from './track';
import { median } from './usual';
import { solve } from './solve';

/**
 * The colony's own day profile (docs/alarms.md "Swarm", hourly readings): a colony's foragers leave in the
 * morning and come back in the afternoon in the same shape every flying day, more or fewer of them with the
 * weather [Meikle 2008, 2018]; a swarm does not come back.
 */

export { HOURLY_STEP_MS };
/** Today's readings before a block that the profile fit uses: the morning's departure so far. */
export const PROFILE_PRE_MS = 3 * HOUR_MS;
/** Today's flight counts as at most this many times a previous day's (the fitted scale stays within [0, this]). */
const MAX_SCALE = 3;
/** A fit holds when no reading misses it by more than this (kg; reading noise is 4–30 g)… */
const PROFILE_MISS_KG = 0.1;
/** …and the profile makes the step at most this many times less certain than a plain line would (see `confound`). */
const PROFILE_MAX_CONFOUND = 3;
/**
 * A single previous day's fit counts on its own (`leastDay`) with the step at most this many times less certain
 * (tuned on the tuning apiaries: 3 → 4 took out 82 more false swarm alarms and no swarm; docs/alarms.md "Swarm").
 */
const DAY_MAX_CONFOUND = 4;

export type ProfileStep = {
  /** The step (kg) against a previous day's profile scaled to today: the median of the previous days. */
  step: number;
  /** How many previous days had readings at all those times (at least two, else no answer). */
  days: number;
  /** The largest miss of a reading off the fitted curve (kg, median of the days). */
  miss: number;
  /**
   * How much less certain the step is for having to be told from the profile: the square root of the ratio of
   * its variance with and without the profile in the fit (median of the days). Large when the block holds the
   * profile's own change (the departure) and the readings around it show little of it.
   */
  confound: number;
  /**
   * The largest step (the least loss) among the previous days whose own fit holds (no reading missed by more
   * than PROFILE_MISS_KG, confound at most DAY_MAX_CONFOUND); null when no day's fit holds on its own. A swarm shows against every day that fits; a day of the bees' flight that
   * explains the loss away means the loss is the flight (docs/alarms.md "Swarm", rule 12).
   */
  leastDay: number | null;
};

/** Whether a profile fit holds: close to every reading and the step not confounded with the day's flight. */
export function holds(
  p: ProfileStep | null | undefined,
  maxConfound = PROFILE_MAX_CONFOUND,
): p is ProfileStep {
  return !!p && p.miss <= PROFILE_MISS_KG && p.confound <= maxConfound;
}

/**
 * The step between `before` and `span.postFrom` against the colony's own day profile: today's readings of
 * [before − pre, before] (an inspection's lid-off minutes left out) and [postFrom, postTo] fitted as a line
 * plus a previous day's readings at the same times, scaled to today (how strongly the bees fly today), plus a
 * step; for each of the previous LOOKBACK_DAYS days with readings then, the median of the days. Null without
 * two such days. Uses no reading after `postTo` nor before `before − pre` of today; with `lidFree`, a lid-off
 * reading after `postFrom` is left out (`lidFreeAfter`: up to RETURN_MS after `postTo`).
 */
export function profileStep(
  tr: Track,
  before: number,
  span: { pre: number; postFrom: number; postTo: number },
  tolerance: number,
  lidFree = false,
): ProfileStep | null {
  const pre = tr.steady.slice(
    indexAtOrAfter(tr.steady, before - span.pre),
    indexAtOrAfter(tr.steady, before + 1),
  );
  const kept = lidFree ? lidFreeAfter(tr, span.postFrom, span.postTo - span.postFrom) : null;
  const post = kept
    ? kept.filter((p) => p.t <= span.postTo)
    : tr.points.slice(indexAtOrAfter(tr.points, span.postFrom), indexAtOrAfter(tr.points, span.postTo + 1));
  if (pre.length < 2 || post.length < 1) return null;
  const points = [...pre, ...post];
  const x = (p: Point): number => (p.t - before) / HOUR_MS;
  const steps: number[] = [];
  const misses: number[] = [];
  const confounds: number[] = [];
  let leastDay: number | null = null;
  for (let k = 1; k <= LOOKBACK_DAYS; k++) {
    const z: number[] = [];
    for (const p of points) {
      const v = nearest(tr.steady, p.t - k * DAY_MS, tolerance);
      if (v === null) break;
      z.push(v);
    }
    if (z.length < points.length) continue;
    const z0 = z[pre.length - 1] ?? 0;
    const fit = fitDay(
      points,
      z.map((v) => v - z0),
      pre.length,
      x,
    );
    if (!fit) continue;
    steps.push(fit.step);
    misses.push(fit.miss);
    confounds.push(fit.confound);
    if (fit.miss <= PROFILE_MISS_KG && fit.confound <= DAY_MAX_CONFOUND)
      leastDay = Math.max(leastDay ?? -Infinity, fit.step);
  }
  if (steps.length < 2) return null;
  return {
    step: median(steps),
    days: steps.length,
    miss: median(misses),
    confound: median(confounds),
    leastDay,
  };
}

/**
 * The profile steps of a loss episode (hourly readings), at once (`early`: from the block's last reading on)
 * and an hour later (`late`: from RETURN_MS after it on, when an inspection's lid is back). The block is the
 * one with the largest loss whose fit holds among those ending from the episode's first reading to the end of
 * its own block (a swarm may straddle two hourly readings); without one, the episode's own block. Uses no
 * reading after the episode's horizon.
 */
export function profileOf(tr: Track, e: Episode): { early: ProfileStep | null; late: ProfileStep | null } {
  const { window, step, block } = spans(tr, e.index);
  const tolerance = step / 2;
  const measure = (before: number, after: number) => ({
    early: profileStep(
      tr,
      before,
      { pre: PROFILE_PRE_MS, postFrom: after, postTo: after + window },
      tolerance,
      true,
    ),
    late: profileStep(
      tr,
      before,
      { pre: PROFILE_PRE_MS, postFrom: after + RETURN_MS, postTo: after + RETURN_MS + window },
      tolerance,
    ),
  });
  let best = measure(e.before, e.after);
  for (let b = e.index; b < tr.points.length && (tr.points[b] as Point).t <= e.after; b++) {
    const end = tr.points[b] as Point;
    for (let a = b - 1; a >= 0 && end.t - (tr.points[a] as Point).t <= block; a--) {
      const m = measure((tr.points[a] as Point).t, end.t);
      if (!holds(m.early)) continue;
      if (!holds(best.early) || m.early.step < best.early.step) best = m;
    }
  }
  return best;
}

/** One previous day's fit (`z`: its readings less its reading at `before`): the step, miss and confound. */
function fitDay(
  points: readonly Point[],
  z: readonly number[],
  preLength: number,
  x: (p: Point) => number,
): { step: number; miss: number; confound: number } | null {
  const after = (i: number): number => (i >= preLength ? 1 : 0);
  const rows = points.map((p, i) => [1, x(p), z[i] ?? 0, after(i)]);
  const plain = points.map((p, i) => [1, x(p), after(i)]);
  let fit = leastSquares(
    rows,
    points.map((p) => p.w),
  );
  if (!fit) return null;
  const g = fit[2] ?? 0;
  if (g < 0 || g > MAX_SCALE) {
    // keep today's flight within what is possible: none at all, or MAX_SCALE times that day's
    const fixed = Math.min(Math.max(g, 0), MAX_SCALE);
    const rest = leastSquares(
      plain,
      points.map((p, i) => p.w - fixed * (z[i] ?? 0)),
    );
    if (!rest) return null;
    fit = [rest[0] ?? 0, rest[1] ?? 0, fixed, rest[2] ?? 0];
  }
  const [a = 0, b = 0, scale = 0, step = 0] = fit;
  let miss = 0;
  points.forEach((p, i) => {
    miss = Math.max(miss, Math.abs(p.w - (a + b * x(p) + scale * (z[i] ?? 0) + step * after(i))));
  });
  const withProfile = stepVariance(rows);
  const without = stepVariance(plain);
  const confound =
    withProfile !== null && without !== null && without > 0 ? Math.sqrt(withProfile / without) : Infinity;
  return { step, miss, confound };
}

/** Below this pivot the profile fit's system is singular (docs/alarms.md "Swarm"). */
const MIN_PIVOT = 1e-9;

/** The normal equations of a least-squares fit of `ys` on the columns of `rows`. */
function normal(rows: readonly number[][], ys: readonly number[]): { a: number[][]; b: number[] } {
  const n = rows[0]?.length ?? 0;
  const a = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  const b = new Array<number>(n).fill(0);
  rows.forEach((row, r) => {
    for (let i = 0; i < n; i++) {
      b[i] = (b[i] ?? 0) + (row[i] ?? 0) * (ys[r] ?? 0);
      const ai = a[i] as number[];
      for (let j = 0; j < n; j++) ai[j] = (ai[j] ?? 0) + (row[i] ?? 0) * (row[j] ?? 0);
    }
  });
  return { a, b };
}

function leastSquares(rows: readonly number[][], ys: readonly number[]): number[] | null {
  const { a, b } = normal(rows, ys);
  return solve(a, b, MIN_PIVOT);
}

/** The variance of the last coefficient (the step) of a fit on `rows`, in units of the readings' noise. */
function stepVariance(rows: readonly number[][]): number | null {
  const { a } = normal(rows, []);
  const v = solve(
    a,
    a.map((_, i) => (i === a.length - 1 ? 1 : 0)),
    MIN_PIVOT,
  );
  return v ? (v[v.length - 1] ?? null) : null;
}
