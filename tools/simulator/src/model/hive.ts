/**
 * One simulated hive: the load-cell weight and the in-hive climate at any UTC time. A pure
 * function of (seed, params, time); day plans are cached per bee year, chained from 1 October 2015
 * so that backfill and live runs give the same series.
 */
import { ambientTemperature, type Site } from './climate';
import { STEP_KINDS, type HiveEvent, type HiveEventKind } from './events';
import { incidentAt, tareOffset } from './incidents';
import { loadCellReading } from './load-cell';
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
  private readonly incidentsByYear = new Map<number, HiveEvent[]>();
  /** Whether any incident (disturbance, removal) can happen: they are off by default. */
  private readonly eventful: boolean;
  private readonly tare: number;

  constructor(seed: number, params: HiveParams) {
    this.traits = resolveTraits(seed, params);
    this.site = { weatherSeed: this.traits.weatherSeed, lng: this.traits.lng };
    const { disturbanceRate, theftChance, standTheftChance } = this.traits;
    this.eventful = disturbanceRate > 0 || theftChance > 0 || standTheftChance > 0;
    this.tare = this.eventful ? tareOffset(this.traits) : 0;
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
    const seen = this.eventful ? out.filter((e) => e.kind === 'removal' || !this.removed(e.start)) : out;
    return seen.sort((a, b) => a.start - b.start);
  }

  /** Disturbances and removals of the bee year containing `t` and of the year before (a tip may last into it). */
  private incidents(t: number): HiveEvent[] {
    const year = beeYearOf(solarDay(t, this.site.lng));
    const of = (y: number): HiveEvent[] => {
      let list = this.incidentsByYear.get(y);
      if (!list) {
        list = this.beeYear(y).flatMap((p) =>
          p.events.filter((e) => e.kind === 'disturbance' || e.kind === 'removal'),
        );
        this.incidentsByYear.set(y, list);
      }
      return list;
    };
    return year > EPOCH_BEE_YEAR ? [...of(year - 1), ...of(year)] : of(year);
  }

  /** True once the hive (or its stand) has been taken, until the end of that bee year. */
  removed(t: number): boolean {
    return this.eventful && this.incidents(t).some((e) => e.kind === 'removal' && t >= e.start && t < e.end);
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

  /**
   * What the load cell reports at `t` (kg): true weight + temperature drift + noise + glitches; a one-sided
   * cell (HiveParams `loadCell`) reads twice its side's share of the weight, with a drift that grows with it.
   */
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
    const noise = this.traits.noise * gaussian(rngFor(this.traits.seed, this.traits.id, 'noise', t));
    const incident = this.eventful ? incidentAt(this.incidents(t), t) : undefined;
    // taken away or lifted off: the empty scale reads its tare offset
    if (incident && incident.variant !== 'tip') return this.tare + noise;
    const { loadCell } = this.traits;
    if (loadCell)
      return loadCellReading(this.site, loadCell, this.trueWeight(t) + (incident?.amount ?? 0), t) + noise;
    const drift = this.traits.driftPerDegree * (ambientTemperature(this.site, t) - 20);
    return this.trueWeight(t) + drift + noise + (incident?.amount ?? 0);
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
