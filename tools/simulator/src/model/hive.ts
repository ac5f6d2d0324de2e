/**
 * One simulated hive: the load-cell weight and the in-hive climate at any UTC time. A pure
 * function of (seed, params, time); day plans are cached per bee year, chained from 1 October 2015
 * so that backfill and live runs give the same series.
 */
import { ambientTemperature, type Site } from './climate';
import { STEP_KINDS, type HiveEvent, type HiveEventKind } from './events';
import { gaussian, rngFor } from './random';
import { planBeeYear, type DayPlan } from './schedule';
import { broodLevel } from './season';
import {
  DAY_MS,
  HOUR_MS,
  beeYearOf,
  beeYearStart,
  calendarOf,
  clamp,
  smoothstep,
  solarDay,
  solarHour,
} from './time';
import { EPOCH_BEE_YEAR, resolveTraits, type HiveParams, type HiveTraits } from './traits';

export interface HiveClimate {
  /** °C at the sensor between the brood frames. */
  temperature: number;
  /** Relative humidity (%). */
  humidity: number;
}

export class HiveModel {
  readonly traits: HiveTraits;
  readonly site: Site;
  private readonly years = new Map<number, DayPlan[]>();

  constructor(seed: number, params: HiveParams) {
    this.traits = resolveTraits(seed, params);
    this.site = { weatherSeed: this.traits.weatherSeed, lng: this.traits.lng };
  }

  /** Day plans of one bee year (1 October `beeYear` → 30 September `beeYear + 1`). */
  beeYear(beeYear: number): DayPlan[] {
    const cached = this.years.get(beeYear);
    if (cached) return cached;
    let startWeight = this.traits.emptyWeight + this.traits.winterStores;
    if (beeYear > EPOCH_BEE_YEAR) {
      const previous = this.beeYear(beeYear - 1);
      const lastDay = previous[previous.length - 1];
      if (lastDay) startWeight = lastDay.startWeight + lastDay.net;
    }
    const plans = planBeeYear(this.traits, this.site, beeYear, startWeight);
    this.years.set(beeYear, plans);
    return plans;
  }

  /** The plan of the solar day containing UTC ms `t`. */
  dayPlan(t: number): DayPlan {
    const day = solarDay(t, this.site.lng);
    const year = beeYearOf(day);
    const plan = this.beeYear(year)[day - beeYearStart(year)];
    if (!plan) throw new Error(`no plan for day ${day}`);
    return plan;
  }

  /** Events starting in [from, to), optionally of some kinds only, in time order. */
  events(from: number, to: number, kinds?: readonly HiveEventKind[]): HiveEvent[] {
    const out: HiveEvent[] = [];
    for (let t = this.dayPlan(from).start; t < to; t += DAY_MS) {
      for (const e of this.dayPlan(t + HOUR_MS).events) {
        if (e.start >= from && e.start < to && (!kinds || kinds.includes(e.kind))) out.push(e);
      }
    }
    return out.sort((a, b) => a.start - b.start);
  }

  /** Weight of hive, stores, bees and rain water (kg): no drift, noise or glitches. */
  trueWeight(t: number): number {
    const plan = this.dayPlan(t);
    const hour = solarHour(t, this.site.lng);
    const flying = smoothstep(hour, 7.5, 11) - smoothstep(hour, 15, 20);
    let weight =
      plan.startWeight +
      plan.intake * smoothstep(hour, 10, 19) -
      plan.loss * ((t - plan.start) / DAY_MS) -
      plan.foragers * flying;
    for (const e of plan.events) weight += eventEffect(e, t);
    // yesterday's steps are in startWeight already; only its late rain may still be drying
    for (const e of this.dayPlan(plan.start - HOUR_MS).events)
      if (e.kind === 'rain') weight += eventEffect(e, t);
    return weight;
  }

  /** What the load cell reports at `t` (kg): true weight + temperature drift + noise + glitches. */
  weight(t: number): number {
    if (this.traits.glitches) {
      for (const e of this.dayPlan(t).events) {
        if (t < e.start || t >= e.end) continue;
        if (e.kind === 'dropout') return 0;
        if (e.kind === 'spike') return this.measured(t) + e.amount;
        if (e.kind === 'stuck') return this.measured(e.start);
      }
    }
    return this.measured(t);
  }

  private measured(t: number): number {
    const drift = this.traits.driftPerDegree * (ambientTemperature(this.site, t) - 20);
    const noise = this.traits.noise * gaussian(rngFor(this.traits.seed, this.traits.id, 'noise', t));
    return this.trueWeight(t) + drift + noise;
  }

  /** Temperature and humidity between the brood frames. */
  climate(t: number): HiveClimate {
    const ambient = ambientTemperature(this.site, t);
    const brood = broodLevel(calendarOf(solarDay(t, this.site.lng)).dayOfYear);
    const rng = rngFor(this.traits.seed, this.traits.id, 'climate', t);
    // winter cluster: the sensor sits at its rim, warmer than the air but far below brood heat
    const cluster = clamp(18 + 0.5 * ambient, ambient + 3, 30);
    const temperature = brood * 34.6 + (1 - brood) * cluster + 0.15 * gaussian(rng);
    const humidity = brood * 58 + (1 - brood) * clamp(80 - 0.4 * ambient, 60, 90) + 1.5 * gaussian(rng);
    return { temperature, humidity: clamp(humidity, 20, 99) };
  }
}

/** Weight change (kg) an event adds at `t`. */
export function eventEffect(e: HiveEvent, t: number): number {
  if (t < e.start) return 0;
  if (STEP_KINDS.includes(e.kind)) return e.amount * Math.min(1, (t - e.start) / (e.end - e.start));
  if (e.kind === 'intervention') return t < e.end ? e.amount : 0;
  if (e.kind === 'rain') {
    // soaks up within the first hour, then dries exponentially after the rain stops
    const wet = e.amount * Math.min(1, (Math.min(t, e.end) - e.start) / HOUR_MS);
    if (t <= e.end) return wet;
    return wet * Math.exp(-(t - e.end) / ((e.dryingHours ?? 2) * HOUR_MS));
  }
  return 0;
}
