/**
 * Colony sizes as parameter overrides: a nucleus (≈ 12 kg in all, a few hundred grams of foragers, 0.5–3 kg
 * off the scale at an inspection) and a
 * strong production colony (100 kg and more with its supers, 3–4.5 kg of foragers, so that the morning
 * departure takes more than 1 kg an hour off the scale at its peak, and supers of up to 30 kg set aside at an
 * inspection). `standard` is the model's own draw.
 * Values are drawn from (seed, id) with their own keys: they never shift the model's other draws.
 */
import { rngFor, uniform } from './random';
import { strongFlowColony } from './strong-flow';
import type { HiveParams } from './traits';

/** `strong-flow`: a strong colony in a canola flow on a one-sided load cell (strong-flow.ts). */
export const COLONY_SIZES = ['nucleus', 'standard', 'strong', 'strong-flow'] as const;
export type ColonySize = (typeof COLONY_SIZES)[number];

type Overrides = Omit<HiveParams, 'id'>;

export function colonyParams(size: ColonySize, seed: number, id: string): Overrides {
  if (size === 'standard') return {};
  if (size === 'strong-flow') return strongFlowColony(seed, id);
  const rng = rngFor(seed, id, 'colony', size);
  const draw = (min: number, max: number): number => uniform(rng, min, max);
  if (size === 'nucleus')
    return {
      emptyWeight: draw(5.5, 8),
      winterStores: draw(4, 6),
      keepStores: draw(3, 4),
      foragerMass: draw(0.08, 0.25),
      productivity: draw(0.2, 0.4),
      consumptionFactor: draw(0.3, 0.45),
      rainPickup: draw(0.1, 0.4),
      interventionScale: draw(0.25, 0.4),
    };
  return {
    emptyWeight: draw(62, 80),
    winterStores: draw(24, 32),
    keepStores: draw(12, 16),
    foragerMass: draw(3, 4.5),
    productivity: draw(2.2, 3.2),
    consumptionFactor: draw(1.8, 2.5),
    rainPickup: draw(0.5, 1.5),
    // supers set aside to reach the brood nest
    interventionScale: draw(1.5, 4),
  };
}
