/**
 * Scoring detections against the simulator's ground truth (docs/alarms.md "Measured quality"): which alarm
 * each kind of event should raise, where in time it may fall, recall per kind and false alarms per type.
 */
import type { HiveEvent, HiveEventKind } from '@hivescope/simulator';
import type { DetectedEvent, WeightAlarmType } from '../../src/modules/alarms/detect/types';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * The alarms an event should raise, the first being the one meant; none for inspections, rain, feeding and
 * glitches. A lift or tip that leaves next to nothing on the scale for an hour may show as a removal and a
 * removal as a disturbance: both go out under the same notification type (disturbance / hive removed).
 */
export function expectedAlarms(e: HiveEvent): WeightAlarmType[] {
  if (e.kind === 'swarm') return ['swarm'];
  // a harvest looks like supers stolen: a disturbance the beekeeper mutes beforehand (docs/alarms.md "Disturbance and removed")
  if (e.kind === 'harvest') return ['disturbance'];
  if (e.kind === 'disturbance') return ['disturbance', 'removed'];
  if (e.kind === 'removal') return ['removed', 'disturbance'];
  return [];
}

/** Where an alarm for the event may fall: 30 min before it starts to 4 h after it ends (a tip: either end). */
export function windowsOf(e: HiveEvent): [number, number][] {
  const around = (from: number, to: number): [number, number] => [from - 30 * MINUTE, to + 4 * HOUR];
  if (e.kind === 'removal') return [around(e.start, e.start)];
  if (e.variant === 'tip') return [around(e.start, e.start), around(e.end, e.end)];
  return [around(e.start, e.end)];
}

const inside = (t: number, windows: readonly [number, number][]): boolean =>
  windows.some(([a, b]) => t >= a && t <= b);

export type Tally = {
  hiveSeasons: number;
  /** Events per kind with readings around them, and those that raised the expected alarm. */
  events: Partial<Record<HiveEventKind, number>>;
  hits: Partial<Record<HiveEventKind, number>>;
  /** Alarms no event explains, per type, and per type and the event they fell on (or "none"). */
  falseAlarms: Partial<Record<WeightAlarmType, number>>;
  falseOn: Record<string, number>;
};

export const emptyTally = (): Tally => ({
  hiveSeasons: 0,
  events: {},
  hits: {},
  falseAlarms: {},
  falseOn: {},
});

const bump = <K extends string>(r: Partial<Record<K, number>>, k: K, by = 1): void => {
  r[k] = (r[k] ?? 0) + by;
};

/** Whether readings exist around the event's start: in the 2 h before it and the 3 h after it. */
export function observable(e: HiveEvent, times: readonly number[]): boolean {
  const has = (from: number, to: number): boolean => {
    let lo = 0;
    let hi = times.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((times[mid] ?? Infinity) < from) lo = mid + 1;
      else hi = mid;
    }
    return (times[lo] ?? Infinity) <= to;
  };
  return has(e.start - 2 * HOUR, e.start) && has(e.start, e.start + 3 * HOUR);
}

/** Adds one hive-season: its events (in the season) and the detections of its scale. */
export function score(
  tally: Tally,
  events: readonly HiveEvent[],
  detections: readonly DetectedEvent[],
  times: readonly number[],
): void {
  tally.hiveSeasons++;
  for (const e of events) {
    if (!observable(e, times)) continue;
    bump(tally.events, e.kind);
    const expected = expectedAlarms(e);
    if (detections.some((d) => expected.includes(d.type) && inside(d.time, windowsOf(e))))
      bump(tally.hits, e.kind);
  }
  for (const d of detections) {
    // activity alarms are scored against the daily figures (activity-score.ts)
    if (d.type === 'activity') continue;
    const explained = events.some((e) => expectedAlarms(e).includes(d.type) && inside(d.time, windowsOf(e)));
    if (explained) continue;
    bump(tally.falseAlarms, d.type);
    // an alarm on an incident (a hive tipped for days, a swarm in the same hours) and a shower is the incident's
    const covering = events.filter((e) => d.time >= e.start - 30 * MINUTE && d.time <= e.end + 4 * HOUR);
    const on = covering.find((e) => expectedAlarms(e).length > 0) ?? covering[0];
    bump(tally.falseOn, `${d.type}@${on?.kind ?? 'none'}`);
  }
}

/** Adds the counts of `from` to `into`. */
export function mergeTally(into: Tally, from: Tally): void {
  into.hiveSeasons += from.hiveSeasons;
  for (const [k, v] of Object.entries(from.events)) bump(into.events, k as HiveEventKind, v);
  for (const [k, v] of Object.entries(from.hits)) bump(into.hits, k as HiveEventKind, v);
  for (const [k, v] of Object.entries(from.falseAlarms)) bump(into.falseAlarms, k as WeightAlarmType, v);
  for (const [k, v] of Object.entries(from.falseOn)) into.falseOn[k] = (into.falseOn[k] ?? 0) + v;
}
