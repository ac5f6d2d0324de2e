import { DAY_MS, HOUR_MS, MINUTE_MS } from './constants';
import type { Episode } from './episodes';
import { stepBetween } from './fit';
import { spans, type Track } from './track';
import type { Seen } from './types';

/** The same block is measured at these offsets around the episode's time on each previous day… */
const OFFSETS_MS = [-HOUR_MS, 0, HOUR_MS];
/** …of this many previous days (the pipeline loads HISTORY_MS of readings before the new ones). */
export const RHYTHM_DAYS = 14;
/** Fewer measurements than this (a new scale, long gaps): no spread of its own yet. */
export const RHYTHM_MIN_SAMPLES = 12;
/** The median absolute deviation times this estimates a standard deviation (normal data). */
const MAD_TO_SD = 1.4826;

/** What the colony usually does at an episode's time: the typical step (kg) and how much days differ from it. */
export type Rhythm = { typical: number | null; spread: number | null };

/**
 * The colony's own rhythm at an episode's time (docs/alarms.md "Explanations"): the very step measurement
 * the episode was found with, made on the same block shifted to the same time of day (±1 h) on each of the
 * previous RHYTHM_DAYS days, at the scale's own sampling rate. Each offset's median over the days is what the
 * bees do then every day (their departure, the afternoon's nectar); `typical` is that at the episode's own time
 * (at least three days), `spread` how much the days differ from it (1.4826 × the median absolute deviation, at
 * least RHYTHM_MIN_SAMPLES measurements). A 12 kg nucleus read every 15 minutes spreads by some tens of grams, a
 * 150 kg colony in a strong flow read hourly by half a kilogram and more.
 */
export function rhythmAt(tr: Track, e: Episode): Rhythm {
  const span = spans(tr, e.index);
  const deviations: number[] = [];
  let typical: number | null = null;
  for (const offset of OFFSETS_MS) {
    const found: number[] = [];
    for (let day = 1; day <= RHYTHM_DAYS; day++) {
      const shift = day * DAY_MS - offset;
      const step = stepBetween(tr, e.before - shift, e.after - shift, {
        before: span.before,
        after: span.window,
      });
      if (step !== null) found.push(step);
    }
    if (found.length < 3) continue;
    const mid = median(found);
    if (offset === 0) typical = mid;
    for (const v of found) deviations.push(Math.abs(v - mid));
  }
  const spread = deviations.length < RHYTHM_MIN_SAMPLES ? null : MAD_TO_SD * median(deviations);
  return { typical, spread };
}

/** What an alarm says it saw (docs/alarms.md "Explanations"): how long the change took, against the rhythm. */
export function seenAt(tr: Track, e: Episode): Seen {
  const { typical, spread } = rhythmAt(tr, e);
  const round = (v: number | null) => (v === null ? null : Math.round(v * 100) / 100);
  return {
    minutes: Math.round((e.after - e.before) / MINUTE_MS),
    usual: round(typical),
    spread: round(spread),
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const m = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[m] as number) : ((sorted[m - 1] as number) + (sorted[m] as number)) / 2;
}
