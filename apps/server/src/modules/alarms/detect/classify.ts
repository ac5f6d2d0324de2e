import { NIGHT_CHANGE_KG, NIGHT_FROM_MINUTE, NIGHT_TO_MINUTE, SWARM_MAX_KG, SWARM_MIN_KG } from './constants';
import type { Episode } from './episodes';
import { swarmEvidence } from './evidence';
import { emptiedWithin } from './empty';
import { inSpan } from './local-time';
import { HOURLY_STEP_MS, holds, profileOf } from './profile';
import { PROFILE_SHARE, WET_SHARE, looksLikeSwarm } from './swarm';
import { spans, type Track } from './track';

/** What an episode raises before the check across scales (docs/alarms.md "Detection rules"). */
export type Verdict = { type: 'swarm' | 'disturbance'; delta: number } | null;

export type Context = {
  /** Local minute of the episode's time. */
  minute: number;
  alarmWindow: { fromMinute: number; toMinute: number };
  minMass: number;
};

/**
 * The size of a loss that is still (for the most part) there an hour later, not an inspection's: at least
 * SWARM_MIN_KG, at first or then, and an hour later at least half of it and half of SWARM_MIN_KG. Null otherwise.
 */
export function lastingLoss(e: Episode): number | null {
  if (e.late === null || e.late > 0.5 * e.early || -e.late < SWARM_MIN_KG / 2) return null;
  if (-e.late >= SWARM_MIN_KG) return e.late;
  return -e.early >= SWARM_MIN_KG ? e.early : null;
}

/** Swarms are bees, a fraction of what is on the scale: a loss above this share of it is the hive tipped. */
const SWARM_MAX_SHARE = 0.4;

export function classify(e: Episode, tr: Track, ctx: Context): Verdict {
  // the scale fell to next to nothing: removal or lift (empty.ts), not a step of the hive
  if (e.lowest < ctx.minMass && emptiedWithin(tr.points, e.before, e.horizon, ctx.minMass)) return null;
  const inWindow = inSpan(ctx.minute, ctx.alarmWindow.fromMinute, ctx.alarmWindow.toMinute);
  const loss = e.sign < 0 ? lastingLoss(e) : null;
  if (loss !== null) {
    const weight = e.lowest - loss;
    if (-loss > Math.min(SWARM_MAX_KG, SWARM_MAX_SHARE * weight)) return { type: 'disturbance', delta: loss };
    if (inWindow && looksLikeSwarm(loss, swarmEvidence(tr, e))) return { type: 'swarm', delta: loss };
  } else if (e.sign < 0 && inWindow) {
    const swarm = profileLoss(e, tr);
    if (swarm !== null) return { type: 'swarm', delta: swarm };
  }
  const night = inSpan(ctx.minute, NIGHT_FROM_MINUTE, NIGHT_TO_MINUTE);
  if (night && e.sign * e.jump >= NIGHT_CHANGE_KG) return { type: 'disturbance', delta: e.jump };
  return null;
}

/**
 * Hourly readings: a swarm that the plain measurement of an hour later misses (the bees' departure ending in
 * the same hours) but the colony's own day profile shows: at least SWARM_MIN_KG at once, and an hour later
 * still at least PROFILE_SHARE of it where that fit holds (an inspection's lid is back by then). The loss (kg)
 * when it is a swarm (rule "Swarm" in docs/alarms.md), else null.
 */
function profileLoss(e: Episode, tr: Track): number | null {
  if (spans(tr, e.index).step < HOURLY_STEP_MS) return null;
  const { early, late } = profileOf(tr, e);
  if (!holds(early) || early.step > -SWARM_MIN_KG) return null;
  if (holds(late) && late.step > PROFILE_SHARE * early.step) return null;
  const weight = e.lowest - early.step;
  if (-early.step > Math.min(SWARM_MAX_KG, SWARM_MAX_SHARE * weight)) return null;
  const ev = swarmEvidence(tr, e);
  // water gained in the hours before may be what dries off now: only the plain measurement may tell (swarm.ts)
  if (ev.gainBefore >= WET_SHARE * -early.step) return null;
  return looksLikeSwarm(early.step, ev) ? early.step : null;
}
