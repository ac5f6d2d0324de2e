import { NIGHT_CHANGE_KG, NIGHT_FROM_MINUTE, NIGHT_TO_MINUTE, SWARM_MAX_KG, SWARM_MIN_KG } from './constants';
import type { Episode } from './episodes';
import { swarmEvidence } from './evidence';
import { inSpan } from './local-time';
import { looksLikeSwarm } from './swarm';
import type { Track } from './track';

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
  // the scale read next to nothing: removal or lift (empty.ts), not a step of the hive
  if (e.lowest < ctx.minMass) return null;
  const loss = e.sign < 0 ? lastingLoss(e) : null;
  if (loss !== null) {
    const weight = e.lowest - loss;
    if (-loss > Math.min(SWARM_MAX_KG, SWARM_MAX_SHARE * weight)) return { type: 'disturbance', delta: loss };
    const inWindow = inSpan(ctx.minute, ctx.alarmWindow.fromMinute, ctx.alarmWindow.toMinute);
    if (inWindow && looksLikeSwarm(loss, swarmEvidence(tr, e))) return { type: 'swarm', delta: loss };
  }
  const night = inSpan(ctx.minute, NIGHT_FROM_MINUTE, NIGHT_TO_MINUTE);
  if (night && e.sign * e.jump >= NIGHT_CHANGE_KG) return { type: 'disturbance', delta: e.jump };
  return null;
}
