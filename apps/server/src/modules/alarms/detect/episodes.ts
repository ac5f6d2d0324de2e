import type { Point } from './line';
import { HOURLY_STEP_MS, RETURN_MS, TRIGGER_KG } from './constants';
import { changeBetween, lineAfter, lineBefore, stepBetween, stepOf } from './fit';
import { indexAtOrAfter } from './line';
import { spans, type Track } from './track';
import { lessUsual, PROGRESS_MS, unusualStep } from './usual';

/**
 * A sudden change of one scale (docs/alarms.md "Steps"): found at the first reading where the change, with
 * the trend and what is usual at that hour taken out, reaches TRIGGER_KG; `time` is that reading's time and
 * depends only on the readings around it, so a prefix of the series and the whole series give the same time.
 */
export type Episode = {
  index: number;
  time: number;
  sign: -1 | 1;
  /** The block that holds the change: the last reading before it and the first after it. */
  before: number;
  after: number;
  /** The change at its first readings (kg), transients included. */
  early: number;
  /** The plain difference of the readings at `after` and `before` (kg): at night there is no trend to take out. */
  jump: number;
  /** The change still there RETURN_MS later (kg): a lasting step, or about 0 after an inspection. */
  late: number | null;
  /** The latest reading time the measurement used. */
  horizon: number;
  /** The lowest reading from `before` to `horizon`. */
  lowest: number;
};

/** The raw steps (`stepBetween`, either sign) of the blocks ending at reading `b`, latest start first. */
type BlockSteps = { before: number; raw: number | null }[];

function blockSteps(tr: Track, b: number, lidFree: boolean): BlockSteps {
  const end = tr.points[b] as Point;
  const { block, before, window, step: interval } = spans(tr, b);
  const free = lidFree && interval >= HOURLY_STEP_MS;
  // every block ends at `b`: one line after them all
  const post = lineAfter(tr, end.t, window, free);
  const steps: BlockSteps = [];
  for (let a = b - 1; a >= 0; a--) {
    const start = tr.points[a];
    if (!start || end.t - start.t > block) break;
    steps.push({ before: start.t, raw: stepOf(lineBefore(tr, start.t, before), post) });
  }
  return steps;
}

/** The most negative (sign −1) or positive (+1) of the blocks' steps less what is usual then. */
function bestOf(
  tr: Track,
  b: number,
  sign: -1 | 1,
  steps: BlockSteps,
  lidFree: boolean,
): { before: number; step: number } | null {
  const end = tr.points[b] as Point;
  const { before, window, step: interval } = spans(tr, b);
  const free = lidFree && interval >= HOURLY_STEP_MS;
  const span = { before, after: window };
  let best: { before: number; step: number } | null = null;
  for (const { before: start, raw } of steps) {
    const step = lessUsual(tr, raw, start, end.t, span, sign, null, free);
    if (step !== null && (!best || sign * step > sign * best.step)) best = { before: start, step };
  }
  return best;
}

/**
 * The most negative (sign −1) or positive (+1) unusual step of the blocks ending at reading `b`; `lidFree`:
 * with hourly readings, a lid-off reading in the hour after `b` is left out of the line after it (fit.ts).
 */
export function bestEndingAt(
  tr: Track,
  b: number,
  sign: -1 | 1,
  lidFree = false,
): { before: number; step: number } | null {
  if (!tr.points[b]) return null;
  return bestOf(tr, b, sign, blockSteps(tr, b, lidFree), lidFree);
}

/**
 * Episodes, losses and gains: readings where the best block of that sign reaches TRIGGER_KG while at the
 * reading before it did not, or where the change since the reading before does. One change may start more than
 * one episode; the rules keep the first of each kind (scale-events.ts). The blocks' steps are measured once for
 * both signs: they were most of a detector run's time (docs/alarms.md "Pipeline").
 */
export function findEpisodes(tr: Track, from = -Infinity): Episode[] {
  // each reading's answer depends on the readings around it only: readings before `from` need none
  const first = Math.max(0, indexAtOrAfter(tr.points, from) - 1);
  const loss = { scores: [] as number[], single: [] as number[] };
  const gain = { scores: [] as number[], single: [] as number[] };
  const bySign = [
    [-1, loss],
    [1, gain],
  ] as const;
  for (let b = first; b < tr.points.length; b++) {
    const steps = blockSteps(tr, b, true);
    // a change within one reading interval: a new step even while the weight is still falling from another
    const prev = tr.points[b - 1];
    const { before, window, step } = spans(tr, b);
    const p = tr.points[b] as Point;
    const span = { before, after: window };
    const free = step >= HOURLY_STEP_MS;
    // the block from the reading before, when within the blocks, is the same measurement
    const raw = !prev
      ? null
      : steps[0]?.before === prev.t
        ? steps[0].raw
        : stepBetween(tr, prev.t, p.t, span, free);
    for (const [sign, f] of bySign) {
      f.scores[b] = sign * (bestOf(tr, b, sign, steps, true)?.step ?? 0);
      f.single[b] = prev ? sign * (lessUsual(tr, raw, prev.t, p.t, span, sign, null, free) ?? 0) : 0;
    }
  }
  return [...episodesOf(tr, -1, first, loss), ...episodesOf(tr, 1, first, gain)];
}

/** The episodes of one sign from the readings' scores (`findEpisodes`). */
function episodesOf(
  tr: Track,
  sign: -1 | 1,
  first: number,
  { scores, single }: { scores: readonly number[]; single: readonly number[] },
): Episode[] {
  const rises = (v: readonly number[], j: number): boolean =>
    (v[j] ?? 0) >= TRIGGER_KG && (j === 0 || (v[j - 1] ?? 0) < TRIGGER_KG);
  const episodes: Episode[] = [];
  for (let j = first + 1; j < tr.points.length; j++)
    if (rises(scores, j) || ((scores[j] ?? 0) >= TRIGGER_KG && rises(single, j)))
      episodes.push(measure(tr, j, sign));
  if (first === 0 && rises(scores, 0)) episodes.unshift(measure(tr, 0, sign));
  return episodes;
}

/** The block with the largest change from the trigger reading to `settle` later, and what remains of it. */
function measure(tr: Track, j: number, sign: -1 | 1): Episode {
  const { points } = tr;
  const trigger = points[j] as Point;
  const { settle, window, before } = spans(tr, j);
  let best = { before: trigger.t, after: trigger.t, step: 0 };
  for (let b = j; b < points.length && (points[b]?.t ?? Infinity) <= trigger.t + settle; b++) {
    // whether readings after a later block were a lid off shows only after the horizon (docs/alarms.md "Steps")
    const found = bestEndingAt(tr, b, sign, b === j);
    const end = points[b];
    if (found && end && sign * found.step > sign * best.step) best = { ...found, after: end.t };
  }
  const progress = changeBetween(tr, best.before - PROGRESS_MS, best.before, before / 2);
  const late = unusualStep(
    tr,
    best.before,
    best.after + RETURN_MS,
    { before, after: window },
    sign,
    progress,
  );
  const horizon = Math.max(trigger.t + settle + window, best.after + RETURN_MS + window);
  let lowest = Infinity;
  for (
    let i = indexAtOrAfter(points, best.before);
    i < points.length && (points[i] as Point).t <= horizon;
    i++
  )
    lowest = Math.min(lowest, (points[i] as Point).w);
  const at = (t: number): number => points[indexAtOrAfter(points, t)]?.w ?? 0;
  const { before: from, after } = best;
  return {
    index: j,
    time: trigger.t,
    sign,
    before: from,
    after,
    early: best.step,
    jump: at(after) - at(from),
    late,
    horizon,
    lowest,
  };
}
