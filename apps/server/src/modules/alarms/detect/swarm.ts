import type { SwarmEvidence } from './evidence';
import { holds } from './profile';

/** Rain water: the hours before the loss gained at least this share of it. */
export const WET_SHARE = 0.3;
/** …and then the hive must be lighter by this share of the loss than it was WIDE_MS before, too. */
const WIDE_SHARE = 0.35;
/** Against the previous days' day shape scaled to today, at least this share of the loss must remain. */
const SHAPED_SHARE = 0.5;
/**
 * With 15-minute readings, at least this share of the loss must show as a plain fall within SUDDEN_MS
 * (evidence.ts): a swarm leaves within 10–40 minutes.
 */
const SUDDEN_SHARE = 0.5;
/**
 * A rise after the loss (up to the episode's horizon, about two hours), beyond the usual one, of this many times
 * the loss: a person added weight (feeding, supers), and the loss is the line through that climb, not bees gone.
 */
const FED_SHARE = 2;
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
 * Hourly readings: a loss still growing an hour later beyond this share of it is no swarm (a swarm has left
 * within 10–40 minutes): water drying off after rain, the bees still flying out.
 */
const GROWING_SHARE = 1.2;
/** Hourly readings: against the colony's own day profile, at least this share of the loss must remain an hour later. */
export const PROFILE_SHARE = 0.5;

/**
 * Whether a lasting loss of swarm size is a swarm (docs/alarms.md "Swarm"): not the drying of rain water,
 * not a stronger morning departure of the foragers than on the previous days, and judged against at least
 * MIN_REFERENCES previous days of the same colony.
 */
export function looksLikeSwarm(late: number, ev: SwarmEvidence): boolean {
  if (ev.references < MIN_REFERENCES) return false;
  if (ev.gainAfter >= FED_SHARE * -late) return false;
  const wet = ev.gainBefore >= WET_SHARE * -late;
  if (wet && ev.wide !== null && ev.wide > WIDE_SHARE * late) return false;
  if (ev.hourly) return looksLikeSwarmHourly(late, ev);
  if (ev.sudden !== null && ev.sudden < SUDDEN_SHARE * -late) return false;
  return ev.shaped === null || ev.shaped <= SHAPED_SHARE * late;
}

/**
 * Hourly readings, where a swarm and an hour of the bees' departure fall into the same change: a loss that is
 * not still growing an hour later and that remains against the colony's own day profile scaled to today; where
 * that profile fit does not hold, the day shape and a fall faster than on any recent morning decide.
 */
function looksLikeSwarmHourly(late: number, ev: SwarmEvidence): boolean {
  if (ev.stuck) return false;
  // one previous day's flight, scaled to today, accounts for the readings without the loss (rule 12)
  const least = ev.profile.early?.leastDay ?? null;
  if (least !== null && least > PROFILE_SHARE * late) return false;
  if (ev.late !== null && ev.early < 0 && ev.late < GROWING_SHARE * ev.early) return false;
  const { early, late: after } = ev.profile;
  if (holds(early) && holds(after)) return after.step <= PROFILE_SHARE * late && early.step <= 0;
  if (ev.shaped !== null && ev.shaped > SHAPED_SHARE * late) return false;
  const unexplainedDecline =
    ev.trend !== null && ev.trend < -DECLINE_KG_PER_H && ev.usualTrend > DECLINE_SHARE * ev.trend;
  return !unexplainedDecline;
}
