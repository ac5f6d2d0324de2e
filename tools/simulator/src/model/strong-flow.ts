/**
 * Strong colonies in a strong flow (issue 28, docs/alarms.md "Strong colonies in a strong flow"): production
 * colonies of 60–200 kg in a canola bloom, on a one-sided load cell (load-cell.ts), whose beekeepers add
 * supers of 10–40 kg while the flow lasts and harvest full ones of 10–40 kg. Off by default (HiveParams
 * `strongFlow`): every draw here uses its own random keys, so the model's other values and every existing
 * series stay exactly as they were.
 *
 * Real hourly traces of such colonies (09–19 local time, canola flow) show: daytime hourly changes with a
 * standard deviation of 4.5–6.6 kg including the supers added and taken, 4–7 % of daytime hours losing more
 * than 0.7 kg, a 5th percentile of −0.46 to −1.04 kg/h and a 95th of +0.9 to +1.4 kg/h (strong-flow.test.ts
 * holds the model to these bands).
 */
import type { Site } from './climate';
import { stepEvent, type HiveEvent } from './events';
import type { LoadCell } from './load-cell';
import { chance, rngFor, uniform } from './random';
import { clamp, dayNumber } from './time';
import type { HiveParams, HiveTraits, StrongFlow } from './traits';

/** A super added or taken weighs 10–40 kg (one to three supers, empty or full). */
export const SUPER_KG = [10, 40] as const;

/**
 * The overrides of a strong colony in a strong flow: 45–75 kg of boxes and bees with 15–25 kg of stores at
 * the start of the season (60–100 kg), 1.6–2.6 kg of foragers, 5.5–8.5 kg of canola nectar a day at full
 * bloom, supers set aside at an inspection (like `strong`), a one-sided load cell.
 * Drawn from (seed, id) with their own keys.
 */
export function strongFlowColony(seed: number, id: string): Omit<HiveParams, 'id'> {
  const rng = rngFor(seed, id, 'colony', 'strong-flow');
  const draw = (min: number, max: number): number => uniform(rng, min, max);
  const emptyWeight = draw(56, 85);
  const strongFlow: StrongFlow = {
    peakIntake: draw(5.5, 8.5),
    visitRate: draw(0.2, 0.35),
    harvestFrom: draw(110, 140),
    maxWeight: 175,
    swarmKg: [1, 3.5],
  };
  const loadCell: LoadCell = {
    share: draw(0.46, 0.54),
    driftPer100Kg: draw(0.01, 0.05) * (chance(rng, 0.5) ? 1 : -1),
    sunWarming: draw(2, 8),
  };
  return {
    emptyWeight,
    winterStores: draw(22, 30),
    keepStores: draw(14, 18),
    foragerMass: draw(1.3, 2.2),
    productivity: draw(1, 1.5),
    consumptionFactor: draw(1.5, 2.2),
    rainPickup: draw(0.5, 1.5),
    interventionScale: draw(1.5, 4),
    strongFlow,
    loadCell,
  };
}

export interface Bloom {
  /** Solar day number of the bloom's first day. */
  start: number;
  days: number;
}

/** The canola bloom of a site in a bee year: starting 12–27 April, 24–34 days; shared by the stand. */
export function canolaBloom(site: Site, beeYear: number): Bloom {
  const rng = rngFor(site.weatherSeed, 'canola', beeYear);
  const start = dayNumber(beeYear + 1, 3, 12) + Math.floor(uniform(rng, 0, 16));
  return { start, days: Math.round(uniform(rng, 24, 34)) };
}

/** 0..1: the bloom opens over 5 days, stays full, and fades over its last 7. */
export function bloomLevel(bloom: Bloom, day: number): number {
  const i = day - bloom.start;
  if (i < 0 || i >= bloom.days) return 0;
  return clamp(Math.min((i + 1) / 5, (bloom.days - i) / 7), 0, 1);
}

/** Canola nectar brought in on `day` (kg): full bloom, flying weather and the colony's strength. */
export function canolaIntake(flow: StrongFlow, bloom: Bloom, day: number, flight: number, strength: number) {
  return flow.peakIntake * bloomLevel(bloom, day) * flight * strength;
}

/** Whether `day` lies in the weeks the beekeeper adds and takes supers: the bloom's fourth day to a week after. */
export function inManagement(bloom: Bloom, day: number): boolean {
  return day >= bloom.start + 3 && day < bloom.start + bloom.days + 7;
}

/**
 * The day's visit that adds or takes supers, or null: a super of 10–40 kg added (a `super` step up), or
 * 10–40 kg of full supers taken (a `harvest` step down, never below the stores the colony keeps), between
 * 08:00 and 16:30 solar time (about 09:30–18:00 local summer time). `weight` is the hive's true weight at
 * the start of the day.
 */
export function managementStep(
  traits: HiveTraits,
  flow: StrongFlow,
  bloom: Bloom,
  day: number,
  dayStart: number,
  weight: number,
): HiveEvent | null {
  if (!inManagement(bloom, day)) return null;
  const rng = rngFor(traits.seed, traits.id, 'supers', day);
  // a hive 10 kg past the weight the beekeeper keeps it under is seen to that day
  if (!chance(rng, flow.visitRate) && weight < flow.maxWeight + 10) return null;
  const size = uniform(rng, SUPER_KG[0], SUPER_KG[1]);
  const key = [traits.seed, traits.id, day, 'supers'] as const;
  if (weight < flow.harvestFrom && weight + size <= flow.maxWeight)
    return stepEvent('super', dayStart, [8, 16.5], [5, 15], size, key);
  const surplus = weight - traits.emptyWeight - traits.keepStores;
  const amount = Math.min(size, surplus);
  if (amount < SUPER_KG[0]) return null;
  return stepEvent('harvest', dayStart, [8, 16.5], [20, 45], -amount, key);
}

/** The swarm's size (kg, positive) from the model's draw of 1–4 kg. */
export function swarmSize(flow: StrongFlow, drawn: number): number {
  const [min, max] = flow.swarmKg;
  return min + ((drawn - 1) / 3) * (max - min);
}
