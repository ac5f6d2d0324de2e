/**
 * The quality measurement of the weight detectors (docs/alarms.md "Measured quality"), shared by
 * `bench/alarms-quality.ts` and `quality.test.ts`: every apiary of a seed range, sampled every 15 minutes
 * and every hour, run through `detectWeightAlarms` as the whole season at once, scored against the model.
 */
import { DEFAULT_GLOBAL_SETTINGS, type GlobalSettings } from '@hivescope/contract';
import type { HiveEventKind } from '@hivescope/simulator';
import { activityFiguresOf, detectWeightAlarms } from '../../src/modules/alarms/detect/index';
import type { DetectInput, WeightAlarmType } from '../../src/modules/alarms/detect/types';
import { emptyActivityTally, scoreActivity, type ActivityTally } from './activity-score';
import { apiary, readings, truth, type Apiary } from './corpus';
import { emptyTally, mergeTally, score, type Tally } from './score';
import { strongFlowApiary } from './strong-corpus';

export const TIME_ZONE = 'Europe/Zurich';
/** The default alarm window, 09:00–19:00 local time. */
export const ALARM_WINDOW = { fromMinute: 9 * 60, toMinute: 19 * 60 };
export const SAMPLING_MINUTES = [15, 60] as const;

export type SeedRange = { from: number; to: number };

/**
 * The seeds the thresholds were tuned on: 1–120, and 3001–3300 for the hourly rules against the colony's
 * own day profile (docs/alarms.md "Swarm"); every reported figure comes from other seeds.
 */
export const TUNING_SEEDS: readonly SeedRange[] = [
  { from: 1, to: 120 },
  { from: 3001, to: 3300 },
];
/** The held-out corpus of the bench (≈ 220 hive-seasons). */
export const BENCH_SEEDS = { from: 1001, to: 1060 };
/** The smaller held-out corpus of quality.test.ts. */
export const TEST_SEEDS = { from: 2001, to: 2020 };

/** Which apiaries a seed stands for: the main corpus (`corpus.ts`) or the strong-flow one (`strong-corpus.ts`). */
export type Corpus = 'main' | 'strong-flow';
const BUILDERS: Record<Corpus, (seed: number) => Apiary> = { main: apiary, 'strong-flow': strongFlowApiary };

/**
 * The strong-flow corpus's seeds (docs/alarms.md "Strong colonies in a strong flow"): 11001–11070 to tune on,
 * 12001–12070 held out (each about 260 hive-seasons and 200 swarms).
 */
export const STRONG_TUNING_SEEDS: readonly SeedRange[] = [{ from: 11001, to: 11070 }];
export const STRONG_HELD_OUT_SEEDS: readonly SeedRange[] = [{ from: 12001, to: 12070 }];

export type Result = {
  minutes: number;
  events: Tally;
  activity: ActivityTally;
  /** Hive-seasons per colony size and swarms (observable) per colony size with the ones found. */
  sizes: Record<string, { seasons: number; swarms: number; found: number; falseSwarms: number }>;
};

export function emptyResult(minutes: number): Result {
  return { minutes, events: emptyTally(), activity: emptyActivityTally(), sizes: {} };
}

/** Scores one apiary at one sampling rate into `result`. */
export function evaluateApiary(
  seed: number,
  result: Result,
  settings: GlobalSettings = DEFAULT_GLOBAL_SETTINGS,
  corpus: Corpus = 'main',
) {
  const a = BUILDERS[corpus](seed);
  const scales = readings(a, result.minutes);
  const input: DetectInput = { scales, timeZone: TIME_ZONE, alarmWindow: ALARM_WINDOW, settings };
  const detected = detectWeightAlarms(input);
  const figures = activityFiguresOf(input);
  for (const hive of a.hives) {
    const inSeason = (t: number): boolean => t >= a.from && t < a.to;
    const times = (scales.find((s) => s.scaleId === hive.scaleId)?.samples ?? [])
      .map((s) => s.t)
      .filter(inSeason);
    const mine = detected.filter((d) => d.scaleId === hive.scaleId && inSeason(d.time));
    const own = emptyTally();
    score(own, truth(a, hive), mine, times);
    mergeTally(result.events, own);
    const days = (figures.get(hive.scaleId) ?? []).filter((d) => inSeason(d.time));
    const alarms = mine.filter((d) => d.type === 'activity');
    scoreActivity(result.activity, hive.model, days, alarms, settings);
    const size = (result.sizes[hive.size] ??= { seasons: 0, swarms: 0, found: 0, falseSwarms: 0 });
    size.seasons++;
    size.swarms += own.events.swarm ?? 0;
    size.found += own.hits.swarm ?? 0;
    size.falseSwarms += own.falseAlarms.swarm ?? 0;
  }
}

/** Every apiary of the seed range(s) of a corpus at both sampling rates. */
export function evaluate(seeds: SeedRange | readonly SeedRange[], corpus: Corpus = 'main'): Result[] {
  const ranges: readonly SeedRange[] = 'from' in seeds ? [seeds] : seeds;
  return SAMPLING_MINUTES.map((minutes) => {
    const result = emptyResult(minutes);
    for (const { from, to } of ranges)
      for (let seed = from; seed <= to; seed++) evaluateApiary(seed, result, DEFAULT_GLOBAL_SETTINGS, corpus);
    return result;
  });
}

/** The apiary of `seed` in a corpus. */
export const apiaryOf = (corpus: Corpus, seed: number): Apiary => BUILDERS[corpus](seed);

/** The kinds of simulated events and the alarm each should raise, in the order the report lists them. */
export const EXPECTED: readonly { kind: HiveEventKind; alarm: WeightAlarmType | null; label: string }[] = [
  { kind: 'swarm', alarm: 'swarm', label: 'swarm' },
  { kind: 'disturbance', alarm: 'disturbance', label: 'hive lifted or tipped' },
  { kind: 'removal', alarm: 'removed', label: 'hive or stand taken' },
  {
    kind: 'harvest',
    alarm: 'disturbance',
    label: 'harvest (supers taken: 5–20 kg, 10–40 kg in the strong flow)',
  },
  { kind: 'intervention', alarm: null, label: 'inspection (lid off)' },
  { kind: 'rain', alarm: null, label: 'rain' },
  { kind: 'feeding', alarm: null, label: 'feeding' },
  { kind: 'super', alarm: null, label: 'supers added (10–40 kg, strong flow)' },
  { kind: 'spike', alarm: null, label: 'glitch: spike' },
  { kind: 'dropout', alarm: null, label: 'glitch: 0 kg drop-out' },
  { kind: 'stuck', alarm: null, label: 'glitch: stuck value' },
];

/** Alarms that fell on events that should raise none (inspections, rain, feeding, glitches), per event kind. */
export function alarmsOn(result: Result, kind: HiveEventKind): number {
  return Object.entries(result.events.falseOn)
    .filter(([key]) => key.endsWith(`@${kind}`))
    .reduce((sum, [, n]) => sum + n, 0);
}
