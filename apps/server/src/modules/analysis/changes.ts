import { FLOW_DAY_MIN_KG, WINTER_MONTHS, roundToGrams } from '@hivescope/contract';
import type { WeightStep } from '../measurements/measurements.types';

/**
 * Daily and hourly net weight changes and the analysis figures (docs/timeline.md, "Heat map and
 * analysis"). Pure: the steps are a channel's last weight per local day or UTC hour, oldest first.
 */

/** A scale's stretch of its channel (epoch seconds; to = Infinity while live). */
export type Window = { from: number; to: number };

/** Only the days / hours that lie wholly inside the scale's window, so two hives never mix. */
export const insideWindow = (steps: WeightStep[], w: Window) =>
  steps.filter((s) => s.t >= w.from && s.end <= w.to);

/** `day` ± n calendar days (YYYY-MM-DD). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** Every day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) days.push(d);
  return days;
}

export type Change = { day: string; hour: number; kg: number };

/**
 * The change of each step against the step right before it — the previous calendar day (daily) or the
 * previous hour (hourly, where `end` of one is `t` of the next). A step without such a neighbour has no change.
 */
export function changes(steps: WeightStep[], resolution: 'daily' | 'hourly'): Change[] {
  const result: Change[] = [];
  for (let i = 1; i < steps.length; i++) {
    const prev = steps[i - 1] as WeightStep;
    const step = steps[i] as WeightStep;
    const adjacent = resolution === 'daily' ? addDays(prev.day, 1) === step.day : prev.end === step.t;
    if (adjacent) result.push({ day: step.day, hour: step.hour, kg: step.weight - prev.weight });
  }
  return result;
}

/** Daily changes laid out on `days` (null where unknown), rounded to grams. */
export function dayRow(daily: Change[], days: string[]): (number | null)[] {
  const byDay = new Map(daily.map((c) => [c.day, c.kg]));
  return days.map((d) => {
    const kg = byDay.get(d);
    return kg === undefined ? null : roundToGrams(kg);
  });
}

/**
 * Hourly changes laid out on days × 24 local hours. Where the clock goes back, two UTC hours share a local
 * hour: their changes add up (a change is a change).
 */
export function hourGrid(hourly: Change[], days: string[]): (number | null)[][] {
  const index = new Map(days.map((d, i) => [d, i]));
  const grid: (number | null)[][] = days.map(() => Array.from({ length: 24 }, () => null));
  for (const c of hourly) {
    const row = grid[index.get(c.day) ?? -1];
    if (row) row[c.hour] = (row[c.hour] ?? 0) + c.kg;
  }
  return grid.map((row) => row.map((kg) => (kg === null ? null : roundToGrams(kg))));
}

const isWinter = (day: string) => (WINTER_MONTHS as readonly number[]).includes(Number(day.slice(5, 7)));

export type Figures = {
  startWeight: number | null;
  endWeight: number | null;
  netGain: number | null;
  flowDays: number;
  bestDay: { date: string; kg: number } | null;
  winterConsumption: number | null;
  days: number;
};

/**
 * The analysis of a period from..to. `steps` are daily last weights from the day before `from` to `to`
 * (inside the window): the start weight is the first of them (the weight at the period's first midnight when
 * the day before is known), the end weight the last one within the period. `offset` (empty weight +
 * reserves) turns measured into net weights.
 */
export function figures(steps: WeightStep[], from: string, offset: number): Figures {
  const daily = changes(steps, 'daily').filter((c) => c.day >= from);
  const inPeriod = steps.filter((s) => s.day >= from);
  const first = steps[0];
  const last = inPeriod[inPeriod.length - 1];
  const start = first && last ? first.weight - offset : null;
  const end = last ? last.weight - offset : null;
  const best = daily.reduce<Change | null>((b, c) => (b === null || c.kg > b.kg ? c : b), null);
  const winter = daily.filter((c) => isWinter(c.day));
  return {
    startWeight: start === null ? null : roundToGrams(start),
    endWeight: end === null ? null : roundToGrams(end),
    netGain: start === null || end === null ? null : roundToGrams(end - start),
    flowDays: daily.filter((c) => c.kg > FLOW_DAY_MIN_KG).length,
    bestDay: best ? { date: best.day, kg: roundToGrams(best.kg) } : null,
    winterConsumption: winter.length ? roundToGrams(-winter.reduce((sum, c) => sum + c.kg, 0)) : null,
    days: daily.length,
  };
}
