import { indexAtOrAfter, type Point } from './line';
import { MINUTE_MS, RETURN_MS } from './constants';

/**
 * A scale's cleaned readings with the local sampling interval at each reading, and the readings without the
 * short excursions an inspection makes (`steady`, docs/alarms.md "Steps"); `off` marks those excursions.
 */
export type Track = { points: Point[]; steps: number[]; steady: Point[]; off: boolean[] };

/** A reading this much (kg) below (above) the readings on both sides of it and the line between them is off. */
const EXCURSION_KG = 0.3;
/** …while the readings on both sides of the run differ by at most this share of that. */
const ENDS_AGREE = 0.35;
/** A lid-off reading this much (kg) below both sides is left out of the line after a step (`lidFreeAfter`). */
const LIFTED_KG = 1;

/**
 * Readings that lie apart from the readings on both sides (a run of them lasting less than RETURN_MS: the
 * lid off and back on): whether a reading is one depends on the readings up to RETURN_MS after it.
 */
function excursions(points: readonly Point[]): boolean[] {
  const off = points.map(() => false);
  for (let p = 0; p + 2 < points.length; p++) {
    const first = points[p + 1] as Point;
    for (let q = p + 2; q < points.length && (points[q] as Point).t - first.t <= RETURN_MS; q++)
      if (isExcursion(points, p, q)) for (let i = p + 1; i < q; i++) off[i] = true;
  }
  return off;
}

/** Whether readings p+1 … q−1 all lie EXCURSION_KG beyond both p and q and the line between them, on one side. */
function isExcursion(points: readonly Point[], p: number, q: number): boolean {
  const left = points[p] as Point;
  const right = points[q] as Point;
  const sign = Math.sign((points[p + 1]?.w ?? 0) - left.w);
  if (sign === 0) return false;
  let smallest = Infinity;
  for (let i = p + 1; i < q; i++) {
    const x = points[i] as Point;
    const line = left.w + ((right.w - left.w) * (x.t - left.t)) / (right.t - left.t);
    smallest = Math.min(smallest, sign * (x.w - left.w), sign * (x.w - right.w), sign * (x.w - line));
  }
  // the readings on both sides agree: the hive is back where it was (not a step down and another)
  return smallest >= EXCURSION_KG && Math.abs(right.w - left.w) <= ENDS_AGREE * smallest;
}

/**
 * The median interval of the (up to) eight readings before each reading: 15 min or an hour, gaps aside. Sorted
 * in place in one small array: a run asks this for every reading of 17 days (docs/alarms.md "Pipeline").
 */
function localSteps(points: readonly Point[]): number[] {
  const gaps: number[] = [];
  return points.map((_, i) => {
    gaps.length = 0;
    for (let k = Math.max(1, i - 8); k <= Math.max(i, 1) && k < points.length; k++) {
      const gap = (points[k] as Point).t - (points[k - 1] as Point).t;
      // insertion sort: at most nine values
      let j = gaps.length;
      while (j > 0 && (gaps[j - 1] as number) > gap) {
        gaps[j] = gaps[j - 1] as number;
        j--;
      }
      gaps[j] = gap;
    }
    return gaps[Math.floor(gaps.length / 2)] ?? 15 * MINUTE_MS;
  });
}

export function track(points: Point[]): Track {
  const off = excursions(points);
  return { points, steps: localSteps(points), steady: points.filter((_, i) => !off[i]), off };
}

/** Sampling-dependent spans around reading `i` (docs/alarms.md "Steps"). */
export function spans(tr: Track, i: number) {
  const step = tr.steps[i] ?? 15 * MINUTE_MS;
  return {
    step,
    /** A swarm (10–40 min) lies within this span even when hourly readings straddle it. */
    block: Math.max(60 * MINUTE_MS, 2 * step) + step / 4,
    /**
     * The trend lines before and after a step are fitted over this long (three quarters of an hour, or two
     * hourly readings): longer lines follow the bees' morning departure less well.
     */
    before: Math.max(45 * MINUTE_MS, step) + step / 4,
    window: Math.max(45 * MINUTE_MS, step) + step / 4,
    /** After a trigger, the best block may end this much later. */
    settle: Math.max(30 * MINUTE_MS, step) + step / 4,
  };
}

/**
 * The readings for the line after a step at `after` with hourly readings (docs/alarms.md "Steps"): those of
 * [after, after + span] without lid-off ones (`liftedOff`) after the first, then those up to `span` later as
 * they are, so that a line of two readings remains when an inspection's lid was off at the next reading. Null
 * when nothing is left out (the line is the usual one) or when the reading at `after` is off itself (the block
 * is the lid's). Whether a reading is off depends on the readings up to RETURN_MS after it: this uses the
 * readings up to `after` + 2 × `span` and the lid-off status of those up to `after` + `span`.
 */
export function lidFreeAfter(tr: Track, after: number, span: number): Point[] | null {
  const first = indexAtOrAfter(tr.points, after);
  if (tr.off[first]) return null;
  const kept: Point[] = [];
  let left = false;
  for (let i = first; i < tr.points.length; i++) {
    const p = tr.points[i] as Point;
    if (p.t > after + 2 * span) break;
    if (p.t <= after + span && tr.off[i] && liftedOff(tr, i)) left = true;
    else kept.push(p);
  }
  return left ? kept : null;
}

/**
 * Whether lid-off reading `i` lies at least LIFTED_KG below the readings on both sides of it: an inspection
 * sets aside the lid or supers, while a smaller dip is as likely the weather (rain water arriving by the next
 * reading makes the reading before it look like a dip). With hourly readings a lid-off run is one reading.
 */
function liftedOff(tr: Track, i: number): boolean {
  const p = tr.points[i] as Point;
  const left = tr.points[i - 1];
  const right = tr.points[i + 1];
  return !!left && !!right && left.w - p.w >= LIFTED_KG && right.w - p.w >= LIFTED_KG;
}
