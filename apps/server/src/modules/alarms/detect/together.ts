import type { Point } from './line';
import { RETURN_MS } from './constants';
import type { Episode } from './episodes';
import { offTrend } from './fit';
import { indexAtOrAfter } from './line';
import { HOURLY_STEP_MS, PROFILE_PRE_MS, holds, profileStep } from './profile';
import { spans, type Track } from './track';

/** A scale's cleaned readings, prepared for the step search, and the time up to which they are final. */
export type Prepared = { scaleId: number; points: Point[]; track: Track; settled: number };

/**
 * Whether every other scale of the controller lost weight at the same time as episode `e` of `scale`, or
 * every other scale of a similar weight did (docs/alarms.md "Swarm", rule 7): weather or a person, not a
 * swarm. Each other scale's reading at the end of the block is compared with its own trend before it, so only
 * readings up to then are needed. Scales without readings then do not count; with no other scale, the answer
 * is false. Null while another scale's readings are not final yet.
 */
export function droppedTogether(e: Episode, scale: Prepared, all: readonly Prepared[]): boolean | null {
  const { before, step } = spans(scale.track, e.index);
  const peers = all.filter((p) => p !== scale && hasReadings(p.points, e.before, e.after));
  if (peers.length === 0) return false;
  // the peers' readings up to the block's end, and whether those before it were a lid off (steady)
  const needed = Math.max(e.after, e.before + RETURN_MS + step);
  if (peers.some((p) => p.settled < needed)) return null;
  const dropped = (peer: Prepared): boolean => {
    const drop = offTrend(peer.track, e.before, e.after, before);
    return drop !== null && drop <= 0.5 * e.early;
  };
  if (peers.every(dropped)) return true;
  // rain water drying off and a departure after rain scale with the box: the nuclei of the stand lose little
  const weight = weightAt(scale.points, e.before);
  const similar = peers.filter((p) => {
    const w = weightAt(p.points, e.before);
    return weight !== null && w !== null && w * SIMILAR_WEIGHT >= weight && w <= weight * SIMILAR_WEIGHT;
  });
  return similar.length > 0 && similar.every(dropped);
}

/** Other scales within this factor of a scale's weight are its like (rule 7): the same boxes, the same colonies. */
const SIMILAR_WEIGHT = 1.4;

/** The last reading at or before `t` (kg), or null. */
function weightAt(points: readonly Point[], t: number): number | null {
  return points[indexAtOrAfter(points, t + 1) - 1]?.w ?? null;
}

/** Each other scale gained at least this share of a night gain at the same time: rain, not a person. */
const GAINED_SHARE = 0.1;
/** …and at least this much (kg): more than reading noise. */
const GAINED_MIN_KG = 0.1;

/**
 * Whether every other scale of the controller gained weight over the block of gain episode `e` as well
 * (docs/alarms.md "Disturbance and removed"): a night shower soaks every hive of the stand, a strong colony's
 * big box by 2 kg and more in an hour; a person adds weight to one hive. The plain difference of each other
 * scale's readings at the block's ends (at night there is no trend to take out), at least GAINED_SHARE of the
 * gain and GAINED_MIN_KG. Scales without readings then do not count; with no other scale, false. Null while
 * another scale's readings up to the block's end are not final yet.
 */
export function gainedTogether(e: Episode, scale: Prepared, all: readonly Prepared[]): boolean | null {
  const peers = all.filter((p) => p !== scale && hasReadings(p.points, e.before, e.after));
  if (peers.length === 0) return false;
  if (peers.some((p) => p.settled < e.after)) return null;
  const least = Math.max(GAINED_MIN_KG, GAINED_SHARE * e.jump);
  return peers.every((peer) => {
    const start = peer.points[indexAtOrAfter(peer.points, e.before + 1) - 1];
    const end = peer.points[indexAtOrAfter(peer.points, e.after)];
    return start !== undefined && end !== undefined && end.w - start.w >= least;
  });
}

function hasReadings(points: readonly Point[], from: number, to: number): boolean {
  const i = indexAtOrAfter(points, from);
  return (points[i]?.t ?? Infinity) <= to;
}

/** A peer's profile fit must hold with the step confounded at most this much (profile.ts). */
const PEER_MAX_CONFOUND = 2;
/** Half the other scales losing at least this share of the loss against their own profiles: weather, not a swarm. */
const SHARED_SHARE = 0.25;

/**
 * Hourly readings: whether at least half of the other scales of the controller lost weight at the same time,
 * each against its own day profile over the same block an hour later (profile.ts), by at least SHARED_SHARE of
 * the loss (docs/alarms.md "Swarm"): rain water drying off or the weather changing the bees' flight, shared by
 * every hive of the stand; a swarm is one colony's. Scales whose profile fit does not hold do not count; with
 * none, the answer is false. Null while another scale's readings up to then are not final yet.
 */
export function lostTogether(
  e: Episode,
  scale: Prepared,
  all: readonly Prepared[],
  loss: number,
): boolean | null {
  const { window, step } = spans(scale.track, e.index);
  if (step < HOURLY_STEP_MS) return false;
  const peers = all.filter((p) => p !== scale && hasReadings(p.points, e.before, e.after));
  if (peers.length === 0) return false;
  const span = { pre: PROFILE_PRE_MS, postFrom: e.after + RETURN_MS, postTo: e.after + RETURN_MS + window };
  if (peers.some((p) => p.settled < span.postTo)) return null;
  const steps: number[] = [];
  for (const peer of peers) {
    const found = profileStep(peer.track, e.before, span, step / 2);
    if (holds(found, PEER_MAX_CONFOUND)) steps.push(found.step);
  }
  if (steps.length === 0) return false;
  steps.sort((a, b) => a - b);
  // the less lost of the two middle ones: at least half of the scales (one of two) lost that much
  return (steps[Math.floor(steps.length / 2)] ?? 0) <= SHARED_SHARE * loss;
}
