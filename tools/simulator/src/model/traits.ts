/** Parameters of one hive; whatever is not given is drawn deterministically from (seed, id). */
import type { LoadCell } from './load-cell';
import { hash32, rngFor, uniform } from './random';

/** A strong colony in a strong flow (strong-flow.ts, docs/alarms.md "Strong colonies in a strong flow"). */
export interface StrongFlow {
  /** Nectar the colony brings in at full bloom on a good flying day (kg/day), on top of the model's flows. */
  peakIntake: number;
  /**
   * Chance per day, from the bloom's fourth day to a week after it, of a visit that adds or takes supers
   * (every day once the hive is 10 kg past `maxWeight`).
   */
  visitRate: number;
  /** From this weight (kg) a visit takes supers off; below it, it adds one unless that passes `maxWeight`. */
  harvestFrom: number;
  /** The weight (kg) the beekeeper keeps the hive under when adding a super. */
  maxWeight: number;
  /** Swarm size (kg): the model's 1–4 kg draw mapped onto this range. */
  swarmKg: readonly [number, number];
}

export interface HiveParams {
  /** Unique key of the hive, e.g. "228011234567890/1". Mixed into every random draw. */
  id: string;
  /** Longitude (°E): sets local solar time. Default 8.3 (Swiss plateau). */
  lng?: number;
  /** Hives with the same weather seed share their weather (same apiary). Default: own weather. */
  weatherSeed?: number;
  /** Hive boxes, frames, wax and bees without food stores (kg), 28–45. */
  emptyWeight?: number;
  /** Food stores the beekeeper feeds up to for winter, reached by 1 October (kg), 15–22. */
  winterStores?: number;
  /** Stores left in the hive at a harvest (kg), 7–11. */
  keepStores?: number;
  /** Mass of the foragers out flying at full strength on a good day (kg), 0.4–1.2. */
  foragerMass?: number;
  /** Factor on nectar intake, 0.75–1.3. */
  productivity?: number;
  /** Factor on food consumption, 0.8–1.2 (winter ≈ 28–42 g/day before the cold factor). */
  consumptionFactor?: number;
  /** Load-cell temperature drift (kg per °C away from 20 °C), 0.005–0.02. */
  driftPerDegree?: number;
  /** Standard deviation of reading noise (kg), 0.004–0.012. */
  noise?: number;
  /** Water a downpour leaves on the hive (kg), 0.2–1. */
  rainPickup?: number;
  /** Chance that the colony swarms in a year, default 0.35. */
  swarmChance?: number;
  /** Chance of a lid-off inspection on a season weekday (doubled at weekends), default 0.06. */
  interventionRate?: number;
  /** Factor on the 2–8 kg an inspection takes off the scale (lid, supers, frames), default 1. */
  interventionScale?: number;
  /** Sensor glitches (spikes, drop-outs, stuck values), default true. */
  glitches?: boolean;
  /**
   * Chance per day that the hive is lifted off the scale for minutes or tipped partly off it for hours
   * (incidents.ts), default 0. Nuclei (≈ 12 kg in all) to strong production colonies (100 kg and more) are
   * parameter overrides too: see colony.ts.
   */
  disturbanceRate?: number;
  /** Chance per bee year that the hive is taken away for the rest of the bee year, default 0. */
  theftChance?: number;
  /** Chance per bee year that the whole stand (every hive of the same seed and weather seed) goes, default 0. */
  standTheftChance?: number;
  /**
   * A strong colony in a canola flow whose beekeeper adds and takes supers (strong-flow.ts), default null:
   * none. `colonyParams('strong-flow', …)` sets it with the colony's other values.
   */
  strongFlow?: StrongFlow | null;
  /** A one-sided load cell with a load-dependent temperature drift (load-cell.ts), default null: the standard scale. */
  loadCell?: LoadCell | null;
}

export type HiveTraits = Required<HiveParams> & { seed: number };

/** First bee year of every chain: the weight series starts at 1 October 2015. */
export const EPOCH_BEE_YEAR = 2015;

export function resolveTraits(seed: number, params: HiveParams): HiveTraits {
  const rng = rngFor(seed, params.id, 'traits');
  const draw = (min: number, max: number): number => uniform(rng, min, max);
  // Draw every value, given or not, so adding one override does not shift the others.
  const drawn = {
    emptyWeight: draw(28, 45),
    winterStores: draw(15, 22),
    keepStores: draw(7, 11),
    foragerMass: draw(0.4, 1.2),
    productivity: draw(0.75, 1.3),
    consumptionFactor: draw(0.8, 1.2),
    driftPerDegree: draw(0.005, 0.02),
    noise: draw(0.004, 0.012),
    rainPickup: draw(0.2, 1),
  };
  return {
    seed,
    lng: 8.3,
    weatherSeed: hash32(seed, params.id, 'weather'),
    swarmChance: 0.35,
    interventionRate: 0.06,
    interventionScale: 1,
    glitches: true,
    disturbanceRate: 0,
    theftChance: 0,
    standTheftChance: 0,
    strongFlow: null,
    loadCell: null,
    ...drawn,
    ...definedOnly(params),
  };
}

function definedOnly(params: HiveParams): HiveParams {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params)) if (value !== undefined) out[key] = value;
  return out as unknown as HiveParams;
}
