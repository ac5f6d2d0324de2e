/**
 * The labelled corpus of the quality measurement (docs/alarms.md "Measured quality"): simulated apiaries
 * (one controller with 1–8 hives sharing the weather) over one season each, with the model's own events as
 * the ground truth. Every apiary is a pure function of its seed, so a seed range is a reproducible corpus.
 */
import {
  DeviceModel,
  HiveModel,
  colonyParams,
  hash32,
  rngFor,
  type ColonySize,
  type HiveEvent,
  type HiveParams,
} from '@hivescope/simulator';
import type { ScaleSeries } from '../../src/modules/alarms/detect/types';

export const SEASON_DAYS_BEFORE = 8;

export type CorpusHive = { scaleId: number; size: ColonySize; model: HiveModel };

export type Apiary = {
  seed: number;
  /** The season: 1 April → 1 October of `year` (UTC ms); readings start SEASON_DAYS_BEFORE days earlier. */
  year: number;
  from: number;
  to: number;
  hives: CorpusHive[];
  device: DeviceModel;
};

export const pick = <T>(rng: () => number, items: readonly T[]): T =>
  items[Math.floor(rng() * items.length)] as T;
export const between = (rng: () => number, min: number, max: number): number => min + (max - min) * rng();

/** Hive counts: a fifth of the apiaries have one scale, the rest 2–8. */
export const HIVE_COUNTS = [1, 2, 2, 3, 3, 4, 4, 5, 6, 8];
/** A fifth nuclei, a half standard colonies, three tenths strong production colonies. */
const SIZES: readonly ColonySize[] = [
  'nucleus',
  'nucleus',
  ...Array(5).fill('standard'),
  'strong',
  'strong',
  'strong',
];

/** The apiary of `seed`: more swarms, inspections and incidents than the model's defaults, to measure them. */
export function apiary(seed: number): Apiary {
  const rng = rngFor(seed, 'alarm-corpus');
  const year = 2019 + Math.floor(rng() * 7);
  const lng = between(rng, 6.2, 9.8);
  const weatherSeed = hash32(seed, 'weather');
  const standTheftChance = 0.03;
  const count = pick(rng, HIVE_COUNTS);
  const hives: CorpusHive[] = [];
  for (let c = 1; c <= count; c++) {
    const id = `corpus-${seed}/${c}`;
    const size = pick(rng, SIZES);
    const params: HiveParams = {
      id,
      lng,
      weatherSeed,
      ...colonyParams(size, seed, id),
      noise: between(rng, 0.004, 0.03),
      swarmChance: 0.7,
      interventionRate: between(rng, 0.04, 0.12),
      disturbanceRate: 0.008,
      theftChance: 0.06,
      standTheftChance,
    };
    hives.push({ scaleId: c, size, model: new HiveModel(seed, params) });
  }
  return {
    seed,
    year,
    from: Date.UTC(year, 3, 1),
    to: Date.UTC(year, 9, 1),
    hives,
    device: new DeviceModel(seed, { weatherSeed, lng }),
  };
}

/** The readings every `minutes` (rounded to 10 g as the protocol sends them); none while the battery is flat. */
export function readings(a: Apiary, minutes: number): ScaleSeries[] {
  const step = minutes * 60_000;
  const start = a.from - SEASON_DAYS_BEFORE * 86_400_000;
  const times: number[] = [];
  for (let t = Math.ceil(start / step) * step; t < a.to; t += step) if (!a.device.isFlat(t)) times.push(t);
  return a.hives.map((h) => ({
    scaleId: h.scaleId,
    channel: h.scaleId,
    samples: times.map((t) => ({ t, w: Math.round(h.model.weight(t) * 100) / 100 })),
  }));
}

/** How long before the season an event may start and still last into it: a tipped hive stays so for up to 3 days. */
const LEAD_MS = 4 * 86_400_000;

/**
 * The model's events of a hive in the season: those starting in it, and those starting before it that last
 * into it (a hive tipped before 1 April and set right after explains the alarm at its end). An event that
 * started before the season has no readings before its start in it, so it counts for no recall.
 */
export function truth(a: Apiary, hive: CorpusHive): HiveEvent[] {
  return hive.model.events(a.from - LEAD_MS, a.to).filter((e) => e.start >= a.from || e.end > a.from);
}
