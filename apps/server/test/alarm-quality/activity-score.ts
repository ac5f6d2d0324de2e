/**
 * Scoring the activity figures against the simulator's plan (docs/alarms.md "Measured quality"): the true
 * change over the 24 h before each day's figure is the hive's weight without rain water, inspections and
 * sudden steps (swarm, harvest, feeding), i.e. nectar intake less consumption.
 */
import type { GlobalSettings } from '@hivescope/contract';
import { HOUR_MS, STEP_KINDS, eventEffect, type HiveModel } from '@hivescope/simulator';
import type { ActivityDay } from '../../src/modules/alarms/detect/activity';

/** Days within this (kg) of a trigger level count neither as hits nor as false alarms. */
const MARGIN_KG = 0.5;

/** The hive's weight at `t` without today's events and yesterday's rain (kg). */
function slowWeight(model: HiveModel, t: number): number {
  let w = model.trueWeight(t);
  for (const e of model.dayPlan(t).events) w -= eventEffect(e, t);
  for (const e of model.dayPlan(model.dayPlan(t).start - HOUR_MS).events)
    if (e.kind === 'rain') w -= eventEffect(e, t);
  return w;
}

/** The true change (kg) over the 24 h before `t` without sudden steps. */
export function trueNet(model: HiveModel, t: number): number {
  const from = t - 24 * HOUR_MS;
  // the steps of the day before are in the next day's start weight
  const steps = model
    .events(from - 24 * HOUR_MS, t)
    .filter(
      (e) =>
        STEP_KINDS.includes(e.kind) && e.start > from && model.dayPlan(e.start).day < model.dayPlan(t).day,
    )
    .reduce((sum, e) => sum + e.amount, 0);
  return slowWeight(model, t) - slowWeight(model, from) - steps;
}

export type ActivityTally = {
  days: number;
  gainDays: number;
  gainHits: number;
  gainFalse: number;
  lossDays: number;
  lossHits: number;
  lossFalse: number;
  alarms: number;
  falseAlarms: number;
};

export const emptyActivityTally = (): ActivityTally => ({
  days: 0,
  gainDays: 0,
  gainHits: 0,
  gainFalse: 0,
  lossDays: 0,
  lossHits: 0,
  lossFalse: 0,
  alarms: 0,
  falseAlarms: 0,
});

/** Adds the figures of one hive-season and its activity alarms. */
export function scoreActivity(
  tally: ActivityTally,
  model: HiveModel,
  days: readonly ActivityDay[],
  alarms: readonly { time: number }[],
  settings: GlobalSettings,
): void {
  const { activityDrain: drain, activityTriggerGainLevel: gain, activityTriggerLossLevel: loss } = settings;
  const truthOf = new Map<number, number>();
  for (const day of days) {
    if (model.removed(day.time) || model.removed(day.time - 24 * HOUR_MS)) continue;
    const net = trueNet(model, day.time) + drain;
    truthOf.set(day.time, net);
    tally.days++;
    if (net >= gain + MARGIN_KG) {
      tally.gainDays++;
      if (day.kind === 'gain') tally.gainHits++;
    } else if (net < gain - MARGIN_KG && day.kind === 'gain') tally.gainFalse++;
    if (-net >= loss + MARGIN_KG) {
      tally.lossDays++;
      if (day.kind === 'loss') tally.lossHits++;
    } else if (-net < loss - MARGIN_KG && day.kind === 'loss') tally.lossFalse++;
  }
  for (const a of alarms) {
    const net = truthOf.get(a.time);
    const day = days.find((d) => d.time === a.time);
    if (net === undefined || !day) continue;
    tally.alarms++;
    const wrong = day.kind === 'gain' ? net < gain - MARGIN_KG : -net < loss - MARGIN_KG;
    if (wrong) tally.falseAlarms++;
  }
}
