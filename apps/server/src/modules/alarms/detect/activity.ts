import type { GlobalSettings } from '@hivescope/contract';
import type { Point } from './line';
import { DAY_MS, HOUR_MS, RETURN_MS } from './constants';
import type { Episode } from './episodes';
import { indexAtOrAfter } from './line';
import { inSpan, localTime } from './local-time';
import type { Track } from './track';

/** Faster than this (kg per hour) the weight changes only by a person's or a swarm's doing, not the bees' flight. */
const MAX_RATE_KG_PER_H = 3;

/** One day's activity figure (docs/alarms.md "Activity"), at the day's first reading in the alarm window. */
export type ActivityDay = {
  time: number;
  /** Local day number (days since 1970-01-01 in the controller's time zone). */
  day: number;
  /** The weight (kg) before `time`: median of the hour's steady readings. */
  level: number;
  /** The change over the 24 h before `time` without sudden steps (swarm, harvest, feeding, …), kg. */
  net: number;
  /** `gain`: a strong flow; `loss`: an unusual loss; both after the expected consumption is added back. */
  kind: 'gain' | 'loss' | null;
  /** The latest reading time the figure used. */
  horizon: number;
};

export type ActivityContext = {
  timeZone: string;
  alarmWindow: { fromMinute: number; toMinute: number };
  settings: GlobalSettings;
};

/** Median of the steady readings in the hour before `t`; null without any. */
function levelBefore(steady: readonly Point[], t: number): number | null {
  const values: number[] = [];
  for (let i = indexAtOrAfter(steady, t - HOUR_MS); i < steady.length && (steady[i] as Point).t <= t; i++)
    values.push((steady[i] as Point).w);
  values.sort((a, b) => a - b);
  const mid = values.length / 2;
  if (!values.length) return null;
  return values.length % 2
    ? (values[Math.floor(mid)] ?? 0)
    : ((values[mid - 1] ?? 0) + (values[mid] ?? 0)) / 2;
}

/** The first reading of each local day inside the alarm window. */
function dayStarts(points: readonly Point[], ctx: ActivityContext): { time: number; day: number }[] {
  const starts: { time: number; day: number }[] = [];
  let lastDay = -Infinity;
  for (const p of points) {
    const { day, minute } = localTime(ctx.timeZone, p.t);
    if (day === lastDay || !inSpan(minute, ctx.alarmWindow.fromMinute, ctx.alarmWindow.toMinute)) continue;
    lastDay = day;
    starts.push({ time: p.t, day });
  }
  return starts;
}

/**
 * The slow change (kg) of the steady readings over (from, to]: the sum of their differences, leaving out those
 * across a sudden change (the block of an episode, or faster than any colony gains or loses weight), and the
 * last reading time the episodes used.
 */
function slowChange(steady: readonly Point[], steps: readonly Episode[], from: number, to: number) {
  let sum = 0;
  // whether the last readings were an inspection's lid (not steady) shows within RETURN_MS and a reading
  let horizon = to + RETURN_MS + HOUR_MS;
  const inside = steps.filter((e) => e.after > from && e.before <= to);
  for (const e of inside) horizon = Math.max(horizon, e.horizon);
  let prev: Point | undefined;
  for (let i = indexAtOrAfter(steady, from); i < steady.length && (steady[i] as Point).t <= to; i++) {
    const p = steady[i] as Point;
    const jump = prev && Math.abs(p.w - prev.w) > (MAX_RATE_KG_PER_H * (p.t - prev.t)) / HOUR_MS;
    if (prev && !jump && !inside.some((e) => prev && prev.t < e.after && p.t > e.before)) sum += p.w - prev.w;
    prev = p;
  }
  return { sum, horizon };
}

/**
 * Every day's activity figure of one scale, leaving out the sudden `steps` (episodes that raised an alarm or
 * changed the weight for good by more than a swarm's least); days with no hive on the scale or without
 * readings are left out.
 */
export function activityDays(
  tr: Track,
  steps: readonly Episode[],
  ctx: ActivityContext,
  fromDay = -Infinity,
): ActivityDay[] {
  const { activityDrain, activityTriggerGainLevel, activityTriggerLossLevel, averageWeightMinMass } =
    ctx.settings;
  const days: ActivityDay[] = [];
  for (const { time, day } of dayStarts(tr.steady, ctx)) {
    if (day < fromDay) continue;
    const level = levelBefore(tr.steady, time);
    const from = time - DAY_MS;
    if (level === null || levelBefore(tr.steady, from) === null) continue;
    if (emptyBetween(tr.points, from - HOUR_MS, time, averageWeightMinMass)) continue;
    const { sum: net, horizon } = slowChange(tr.steady, steps, from, time);
    const kind =
      net + activityDrain >= activityTriggerGainLevel
        ? 'gain'
        : -(net + activityDrain) >= activityTriggerLossLevel
          ? 'loss'
          : null;
    days.push({ time, day, level, net, kind, horizon });
  }
  return days;
}

function emptyBetween(points: readonly Point[], from: number, to: number, minMass: number): boolean {
  for (let i = indexAtOrAfter(points, from); i < points.length && (points[i] as Point).t <= to; i++)
    if ((points[i] as Point).w < minMass) return true;
  return false;
}

/** Monday-based week number of a local day number (1970-01-01 was a Thursday). */
const weekOf = (day: number): number => Math.floor((day + 3) / 7);

/**
 * The days that raise an activity alarm: a qualifying day, unless the weight has moved less than
 * `activityWeightDistance` since the last alarm of the same kind. The chain of alarms starts afresh every
 * Monday, so a day's answer depends on its own week only (at most 7 days back, always loaded), not on how
 * much history a run sees.
 */
export function activityAlarms(days: readonly ActivityDay[], settings: GlobalSettings): ActivityDay[] {
  const alarms: ActivityDay[] = [];
  const since = new Map<string, number>();
  let week = -Infinity;
  for (const d of days) {
    if (weekOf(d.day) !== week) {
      week = weekOf(d.day);
      since.clear();
    }
    for (const [kind, moved] of since) since.set(kind, moved + d.net);
    if (!d.kind) continue;
    const moved = since.get(d.kind);
    if (moved === undefined || Math.abs(moved) >= settings.activityWeightDistance) {
      alarms.push(d);
      since.set(d.kind, 0);
    }
  }
  return alarms;
}
