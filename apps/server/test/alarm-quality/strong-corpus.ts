/**
 * The strong-flow corpus (issue 28, docs/alarms.md "Strong colonies in a strong flow"): apiaries of strong
 * colonies in a canola flow (the simulator's `strong-flow` colonies: 60–200 kg, supers of 10–40 kg added and
 * harvested in the flow, one-sided load cells drifting with temperature), one season each, scored like the
 * main corpus (`corpus.ts`). Its own random keys: seed 1 here is not apiary 1 of the main corpus.
 */
import { DeviceModel, HiveModel, colonyParams, hash32, rngFor } from '@hivescope/simulator';
import { HIVE_COUNTS, between, pick, type Apiary, type CorpusHive } from './corpus';

/**
 * The strong-flow apiary of `seed`: 1–8 strong colonies sharing the weather and the bloom, as many swarms as
 * needed to measure recall (swarm chance 0.9 a season, 1–3.5 kg), inspections and incidents as in the main
 * corpus, reading noise the model's own (4–12 g).
 */
export function strongFlowApiary(seed: number): Apiary {
  const rng = rngFor(seed, 'strong-flow-corpus');
  const year = 2019 + Math.floor(rng() * 7);
  const lng = between(rng, 6.2, 9.8);
  const weatherSeed = hash32(seed, 'strong-flow-weather');
  const count = pick(rng, HIVE_COUNTS);
  const hives: CorpusHive[] = [];
  for (let c = 1; c <= count; c++) {
    const id = `strong-flow-${seed}/${c}`;
    const size = 'strong-flow';
    const model = new HiveModel(seed, {
      id,
      lng,
      weatherSeed,
      ...colonyParams(size, seed, id),
      swarmChance: 0.9,
      interventionRate: between(rng, 0.04, 0.12),
      disturbanceRate: 0.008,
      theftChance: 0.06,
      standTheftChance: 0.03,
    });
    hives.push({ scaleId: c, size, model });
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
