/** Events of one day that are independent of the hive's weight: inspections, rain, glitches. */
import type { DayWeather } from './climate';
import { chance, intBetween, rngFor, uniform } from './random';
import { HOUR_MS, MINUTE_MS, type CalendarDay } from './time';
import type { HiveTraits } from './traits';

export type HiveEventKind =
  | 'swarm'
  | 'harvest'
  | 'feeding'
  | 'super'
  | 'intervention'
  | 'rain'
  | 'spike'
  | 'dropout'
  | 'stuck'
  | 'disturbance'
  | 'removal';

export interface HiveEvent {
  kind: HiveEventKind;
  /** UTC ms. */
  start: number;
  /** UTC ms. Steps ramp from start to end; transients and glitches last from start to end. */
  end: number;
  /**
   * Weight change (kg): negative for swarm, harvest and a lifted lid, positive for feeding, a super added
   * (strong-flow.ts), rain water and spikes; 0 for drop-outs (the reading is 0 kg) and stuck values.
   */
  amount: number;
  /** Rain only: e-folding time (hours) in which the wet hive dries after the rain. */
  dryingHours?: number;
  /**
   * Disturbance: `lift` (the hive off the scale, which reads next to nothing) or `tip` (partly off the scale:
   * `amount` kg less until `end`); removal: `hive` (this hive taken) or `stand` (every hive of the stand).
   */
  variant?: 'lift' | 'tip' | 'hive' | 'stand';
}

/** Steps change the hive's weight for good; the others are transients or sensor faults. */
export const STEP_KINDS: readonly HiveEventKind[] = ['swarm', 'harvest', 'feeding', 'super'];

const at = (dayStart: number, hour: number): number => Math.round(dayStart + hour * HOUR_MS);

/** Lid off for an inspection: supers and lid set aside, several kg off the scale for 5–30 min. */
function intervention(traits: HiveTraits, day: number, dayStart: number, cal: CalendarDay): HiveEvent[] {
  const rng = rngFor(traits.seed, traits.id, 'intervention', day);
  const { month, weekday } = cal;
  const season = month >= 3 && month <= 8 ? 1 : month === 2 || month === 9 ? 0.4 : 0;
  const weekend = weekday === 0 || weekday === 6 ? 2 : 1;
  if (!chance(rng, traits.interventionRate * season * weekend)) return [];
  const start = at(dayStart, uniform(rng, 9, 17.5));
  const minutes = uniform(rng, 5, 30);
  const amount = -uniform(rng, 2, 8) * traits.interventionScale;
  return [{ kind: 'intervention', start, end: start + minutes * MINUTE_MS, amount }];
}

/** Rain wets the hive: 0.2..1 kg that dries off over hours. */
function rain(traits: HiveTraits, weather: DayWeather): HiveEvent[] {
  return weather.rain.map((event) => {
    const rng = rngFor(traits.seed, traits.id, 'rain', event.start);
    return {
      kind: 'rain',
      start: event.start,
      end: event.end,
      amount: 0.2 + (traits.rainPickup - 0.2) * event.intensity,
      dryingHours: uniform(rng, 1.5, 4),
    };
  });
}

/** Sensor faults: a spike or a 0 kg drop-out at a full UTC hour, or a value stuck for 1–6 hours. */
function glitches(traits: HiveTraits, day: number, dayStart: number): HiveEvent[] {
  if (!traits.glitches) return [];
  const rng = rngFor(traits.seed, traits.id, 'glitch', day);
  const events: HiveEvent[] = [];
  if (chance(rng, 0.012)) {
    const hour = Math.ceil(at(dayStart, uniform(rng, 0, 23)) / HOUR_MS) * HOUR_MS;
    const dropout = chance(rng, 0.5);
    events.push({
      kind: dropout ? 'dropout' : 'spike',
      start: hour,
      end: hour + MINUTE_MS,
      amount: dropout ? 0 : uniform(rng, 50, 200),
    });
  }
  if (chance(rng, 0.004)) {
    const start = at(dayStart, intBetween(rng, 0, 20));
    events.push({ kind: 'stuck', start, end: start + uniform(rng, 1, 6) * HOUR_MS, amount: 0 });
  }
  return events;
}

/** Everything on this day that does not depend on the weight reached so far. */
export function dailyEvents(
  traits: HiveTraits,
  day: number,
  dayStart: number,
  cal: CalendarDay,
  weather: DayWeather,
): HiveEvent[] {
  return [
    ...intervention(traits, day, dayStart, cal),
    ...rain(traits, weather),
    ...glitches(traits, day, dayStart),
  ];
}

/** A step event (swarm, harvest, feeding) at a random time in [fromHour, toHour) solar. */
export function stepEvent(
  kind: HiveEventKind,
  dayStart: number,
  hours: readonly [number, number],
  minutes: readonly [number, number],
  amount: number,
  key: readonly (string | number)[],
): HiveEvent {
  const rng = rngFor(...key, kind, 'time');
  const start = at(dayStart, uniform(rng, hours[0], hours[1]));
  return { kind, start, end: start + uniform(rng, minutes[0], minutes[1]) * MINUTE_MS, amount };
}
