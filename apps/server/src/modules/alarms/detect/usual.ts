import { DAY_MS, HOUR_MS, LOOKBACK_DAYS, TRIGGER_KG } from './constants';
import { changeBetween, stepBetween } from './fit';
import type { Track } from './track';

export type Span = { before: number; after: number };

/** A previous day's step is scaled to today's only when the weight fell (rose) at least this much before it. */
const SCALE_FROM_KG = 0.3;
/** The weight change over this long before a step tells how strongly the bees flew out that morning. */
export const PROGRESS_MS = 3 * HOUR_MS;
/** Today's flight counts as at most this many times a previous day's. */
const MAX_SCALE = 3;

/**
 * What the same measurement finds at the same time of the previous days, in the given direction (0 when
 * none): the bees' daily departure and return repeat every flying day, a swarm does not. The second
 * strongest of the days (the strongest with fewer than three) keeps one odd day (an inspection, a harvest
 * then) from hiding an event.
 */
function usual(sign: -1 | 1, at: (days: number) => number | null): number {
  const found: number[] = [];
  for (let k = 1; k <= LOOKBACK_DAYS; k++) {
    const v = at(k);
    if (v !== null) found.push(sign * v);
  }
  found.sort((a, b) => b - a);
  const typical = found.length >= 3 ? found[1] : found[0];
  return typical !== undefined && typical > 0 ? sign * typical : 0;
}

/**
 * The step from `before` to `after` (fit.ts), less what is usual then (docs/alarms.md "Steps"); steps below
 * the trigger are left as they are. With `progress` (today's change over PROGRESS_MS before the step), a
 * previous day's step counts in proportion to how much more the weight had fallen (risen) before it today:
 * more bees flew out this morning than then. `lidFree`: as in `stepBetween`, today and on the previous days.
 */
export function unusualStep(
  tr: Track,
  before: number,
  after: number,
  span: Span,
  sign: -1 | 1,
  progress: number | null = null,
  lidFree = false,
): number | null {
  return lessUsual(
    tr,
    stepBetween(tr, before, after, span, lidFree),
    before,
    after,
    span,
    sign,
    progress,
    lidFree,
  );
}

/**
 * `raw`, the step `stepBetween` finds with the same arguments, less what is usual then (`unusualStep`): the
 * step itself does not depend on the sign, so a search for losses and gains measures it once.
 */
export function lessUsual(
  tr: Track,
  raw: number | null,
  before: number,
  after: number,
  span: Span,
  sign: -1 | 1,
  progress: number | null = null,
  lidFree = false,
): number | null {
  // what is usual can only make a step smaller: a step below the trigger needs no look back
  if (raw === null || sign * raw < TRIGGER_KG) return raw;
  return (
    raw -
    usual(sign, (k) => {
      const shift = k * DAY_MS;
      const then = stepBetween(tr, before - shift, after - shift, span, lidFree);
      if (then === null || progress === null) return then;
      const thenProgress = changeBetween(tr, before - PROGRESS_MS - shift, before - shift, span.before / 2);
      const ratio =
        thenProgress !== null && sign * thenProgress >= SCALE_FROM_KG ? progress / thenProgress : 1;
      return then * Math.min(Math.max(ratio, 1), MAX_SCALE);
    })
  );
}

/** The step from `before` to `after` less its median at the same time of the previous days (either sign). */
export function typicalFree(tr: Track, before: number, after: number, span: Span): number | null {
  const raw = stepBetween(tr, before, after, span);
  if (raw === null) return null;
  const found: number[] = [];
  for (let k = 1; k <= LOOKBACK_DAYS; k++) {
    const v = stepBetween(tr, before - k * DAY_MS, after - k * DAY_MS, span);
    if (v !== null) found.push(v);
  }
  return raw - median(found);
}

/** The median (0 of nothing). */
export function median(values: readonly number[]): number {
  const v = [...values].sort((a, b) => a - b);
  const mid = v.length / 2;
  if (!v.length) return 0;
  return v.length % 2 ? (v[Math.floor(mid)] ?? 0) : ((v[mid - 1] ?? 0) + (v[mid] ?? 0)) / 2;
}

/** On how many of the previous days the measurement from `before` to `after` was possible (readings then). */
export function referenceDays(tr: Track, before: number, after: number, span: Span): number {
  let days = 0;
  for (let k = 1; k <= LOOKBACK_DAYS; k++)
    if (stepBetween(tr, before - k * DAY_MS, after - k * DAY_MS, span) !== null) days++;
  return days;
}
