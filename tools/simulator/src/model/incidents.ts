/**
 * Incidents that are not the colony's doing, all off by default (HiveParams `disturbanceRate`,
 * `theftChance`, `standTheftChance`): the hive lifted off the scale or tipped partly off it, the hive or the
 * whole stand taken away. They change what the load cell reads, not the hive's weight. Every draw uses its
 * own random keys, so turning them on leaves every other value of the series unchanged.
 */
import type { HiveEvent } from './events';
import { chance, rngFor, uniform } from './random';
import { HOUR_MS, MINUTE_MS, dayNumber, solarDay, solarDayStart } from './time';
import type { HiveTraits } from './traits';

/**
 * A disturbance on this solar day, or null: at any hour, day or night, the hive is lifted off the scale for
 * 10–60 min (the scale reads next to nothing) or tipped partly off it, 40–90 % of its weight off the scale
 * for 6–72 h until the beekeeper sets it right. `weight` is the hive's weight that day (kg).
 */
export function disturbance(
  traits: HiveTraits,
  day: number,
  dayStart: number,
  weight: number,
): HiveEvent | null {
  if (traits.disturbanceRate <= 0) return null;
  const rng = rngFor(traits.seed, traits.id, 'disturbance', day);
  if (!chance(rng, traits.disturbanceRate)) return null;
  const start = Math.round(dayStart + uniform(rng, 0, 24) * HOUR_MS);
  if (chance(rng, 0.55)) {
    const end = start + Math.round(uniform(rng, 10, 60) * MINUTE_MS);
    return { kind: 'disturbance', variant: 'lift', start, end, amount: -weight };
  }
  const end = start + Math.round(uniform(rng, 6, 72) * HOUR_MS);
  return { kind: 'disturbance', variant: 'tip', start, end, amount: -uniform(rng, 0.4, 0.9) * weight };
}

export interface Theft {
  /** Solar day and UTC ms when the hive is taken. */
  day: number;
  start: number;
  variant: 'hive' | 'stand';
}

/** In the season (April–September), at any hour but mostly at night. */
function drawTheft(rng: () => number, beeYear: number, lng: number, variant: Theft['variant']): Theft {
  const first = dayNumber(beeYear + 1, 3, 1);
  const last = dayNumber(beeYear + 1, 8, 30);
  const day = first + Math.floor(rng() * (last - first + 1));
  const hour = chance(rng, 0.6) ? (21 + uniform(rng, 0, 7)) % 24 : uniform(rng, 6, 21);
  const start = Math.round(solarDayStart(day, lng) + hour * HOUR_MS);
  return { day: solarDay(start, lng), start, variant };
}

/**
 * When the hive is taken in this bee year, or null: on its own (`theftChance`) or with the whole stand
 * (`standTheftChance`, drawn from the seed and weather seed the hives of one controller share, so they all
 * go at once). The scale then reads next to nothing until the end of the bee year.
 */
export function theft(traits: HiveTraits, beeYear: number): Theft | null {
  const own = rngFor(traits.seed, traits.id, 'theft', beeYear);
  const stand = rngFor(traits.seed, traits.weatherSeed, 'stand-theft', beeYear);
  const candidates = [
    traits.theftChance > 0 && chance(own, traits.theftChance)
      ? drawTheft(own, beeYear, traits.lng, 'hive')
      : null,
    traits.standTheftChance > 0 && chance(stand, traits.standTheftChance)
      ? drawTheft(stand, beeYear, traits.lng, 'stand')
      : null,
  ].filter((c): c is Theft => c !== null);
  return candidates.sort((a, b) => a.start - b.start)[0] ?? null;
}

/** What an empty scale reads: its tare offset (±0.2 kg, per hive) and noise; rarely exactly 0. */
export function tareOffset(traits: HiveTraits): number {
  return uniform(rngFor(traits.seed, traits.id, 'tare'), -0.2, 0.2);
}

/** The incident of `events` that covers `t`, if any (a removal lasts until its `end`). */
export function incidentAt(events: readonly HiveEvent[], t: number): HiveEvent | undefined {
  return events.find((e) => t >= e.start && t < e.end);
}
