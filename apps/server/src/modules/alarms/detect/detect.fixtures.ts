/**
 * Hand-made weight series for the detector tests: a colony's day (foragers out in the morning and back in
 * the evening, nectar through the afternoon, consumption) with events added on top, at lng 8.3 (solar time
 * ≈ UTC + 33 min; local summer time is UTC + 2 h in Europe/Zurich).
 */
import { DEFAULT_GLOBAL_SETTINGS } from '@hivescope/contract';
import type { DetectInput, ScaleSeries } from './types';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
export const ZONE = 'Europe/Zurich';
export const WINDOW = { fromMinute: 9 * 60, toMinute: 19 * 60 };
/** 1 May 2025 00:00 UTC (02:00 local). */
export const MAY = Date.UTC(2025, 4, 1);

/** A UTC time from a local (summer time) date in May 2025 and a local clock time in hours. */
export const local = (day: number, hour: number): number => MAY + (day - 1) * DAY + (hour - 2) * HOUR;

const smooth = (x: number, a: number, b: number): number => {
  if (x <= a) return 0;
  if (x >= b) return 1;
  const u = (x - a) / (b - a);
  return u * u * (3 - 2 * u);
};

export type Colony = {
  /** Weight at the start (kg). */
  base: number;
  /** Mass of the foragers out around midday on a full flying day (kg). */
  foragers: number;
  /** Nectar per full flying day (kg); 30 % of it evaporates again. */
  intake: number;
  /** Flying weather per day (0..1), by day number from MAY. Default 1. */
  flight?: (day: number) => number;
};

/** The colony's weight at `t` (kg), with ±5 g of deterministic noise. */
export function colonyWeight(c: Colony, t: number): number {
  const solar = t + 33 * MINUTE;
  const day = Math.floor((solar - MAY) / DAY);
  const hour = (solar - MAY - day * DAY) / HOUR;
  let w = c.base;
  for (let d = 0; d < day; d++) w += 0.7 * c.intake * (c.flight?.(d) ?? 1) - 0.3;
  const f = c.flight?.(day) ?? 1;
  w += 0.7 * c.intake * f * smooth(hour, 10, 19) - (0.3 * hour) / 24;
  w -= c.foragers * f * (smooth(hour, 7.5, 11) - smooth(hour, 15, 20));
  const noise = (Math.sin(t / 7_919) * 10_000) % 1;
  return w + 0.005 * noise;
}

export type Change = (t: number) => number;

/** A lasting change of `kg` ramping over `minutes` from `at`. */
export const step =
  (at: number, kg: number, minutes: number): Change =>
  (t) =>
    t <= at ? 0 : kg * Math.min(1, (t - at) / (minutes * MINUTE));

/** A change of `kg` from `at` for `minutes`, then gone (an inspection's lid off). */
export const transient =
  (at: number, kg: number, minutes: number): Change =>
  (t) =>
    t >= at && t < at + minutes * MINUTE ? kg : 0;

/** Rain water: `kg` soaked in within the first hour of `hours` of rain, drying off with an e-folding of 2 h. */
export const rain =
  (at: number, kg: number, hours: number): Change =>
  (t) => {
    if (t < at) return 0;
    const wet = kg * Math.min(1, (Math.min(t, at + hours * HOUR) - at) / HOUR);
    return t <= at + hours * HOUR ? wet : wet * Math.exp(-(t - at - hours * HOUR) / (2 * HOUR));
  };

/** Readings every `minutes` in [from, to), rounded to 10 g; `override` may replace a reading (glitches). */
export function series(
  scaleId: number,
  from: number,
  to: number,
  minutes: number,
  weight: (t: number) => number,
  override: (t: number, w: number) => number | null = (_t, w) => w,
): ScaleSeries {
  const samples = [];
  for (let t = Math.ceil(from / (minutes * MINUTE)) * minutes * MINUTE; t < to; t += minutes * MINUTE)
    samples.push({ t, w: override(t, Math.round(weight(t) * 100) / 100) });
  return { scaleId, channel: scaleId, samples };
}

/** A colony with changes added on top. */
export const hive =
  (c: Colony, ...changes: Change[]) =>
  (t: number): number =>
    changes.reduce((w, change) => w + change(t), colonyWeight(c, t));

export function input(scales: ScaleSeries[], extra: Partial<DetectInput> = {}): DetectInput {
  return { scales, timeZone: ZONE, alarmWindow: WINDOW, settings: DEFAULT_GLOBAL_SETTINGS, ...extra };
}

/** A standard colony: 50 kg, 1 kg of foragers, 2 kg of nectar a day. */
export const STANDARD: Colony = { base: 50, foragers: 1, intake: 2 };
/** A strong production colony: 110 kg, 4 kg of foragers (peak departure ≈ 1.7 kg an hour), 4 kg of nectar. */
export const STRONG: Colony = { base: 110, foragers: 4, intake: 4 };

/**
 * Two hives with a week of history, then a swarm, a night disturbance, a removal, rain and an inspection,
 * over `days` days; `shift` moves the events that many days later.
 */
export function eventfulScales(minutes: number, days = 13, shift = 0): ScaleSeries[] {
  const at = (day: number, hour: number) => local(day + shift, hour);
  const one = hive(
    STANDARD,
    step(at(9, 13.2), -2, 25),
    transient(at(10, 10.4), -6, 20),
    rain(at(10, 15), 1, 2),
    step(at(11, 2.1), 4, 5),
  );
  const two = hive({ ...STRONG, intake: 5 }, step(at(10, 11), -1.5, 15));
  const gone = at(11, 16.2);
  return [
    series(1, MAY, MAY + days * DAY, minutes, one),
    series(2, MAY, MAY + days * DAY, minutes, two, (t, w) => (t >= gone ? 0.1 : w)),
  ];
}
