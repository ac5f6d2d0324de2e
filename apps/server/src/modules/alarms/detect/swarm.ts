import type { SwarmEvidence } from './evidence';

/** Rain water: the hours before the loss gained at least this share of it. */
const WET_SHARE = 0.3;
/** …and then the hive must be lighter by this share of the loss than it was WIDE_MS before, too. */
const WIDE_SHARE = 0.35;
/** Against the previous days' day shape scaled to today, at least this share of the loss must remain. */
const SHAPED_SHARE = 0.5;
/** The previous days the usual measurement needs: a swarm is judged against the colony's own days. */
const MIN_REFERENCES = 2;
/**
 * With hourly readings (a swarm and the bees' departure within the same reading or two), weight falling faster
 * than this (kg/h) before the loss…
 */
const DECLINE_KG_PER_H = 0.2;
/** …while on no recent day it fell at least this share as fast then: more bees flying out than ever lately. */
const DECLINE_SHARE = 0.7;

/**
 * Whether a lasting loss of swarm size is a swarm (docs/alarms.md "Swarm"): not the drying of rain water,
 * not a stronger morning departure of the foragers than on the previous days, and judged against at least
 * MIN_REFERENCES previous days of the same colony.
 */
export function looksLikeSwarm(late: number, ev: SwarmEvidence): boolean {
  if (ev.references < MIN_REFERENCES) return false;
  const wet = ev.gainBefore >= WET_SHARE * -late;
  if (wet && ev.wide !== null && ev.wide > WIDE_SHARE * late) return false;
  if (ev.shaped !== null && ev.shaped > SHAPED_SHARE * late) return false;
  const unexplainedDecline =
    ev.hourly &&
    ev.trend !== null &&
    ev.trend < -DECLINE_KG_PER_H &&
    ev.usualTrend > DECLINE_SHARE * ev.trend;
  return !unexplainedDecline;
}
