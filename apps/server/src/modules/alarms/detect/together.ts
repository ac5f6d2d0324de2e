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
 * Whether every other scale of the controller lost weight at the same time as episode `e` of `scale`
 * (docs/alarms.md "Swarm"): weather or a person, not a swarm. Each other scale's reading at the end of the
 * block is compared with its own trend before it, so only readings up to then are needed. Scales without
 * readings then do not count; with no other scale, the answer is false. Null while another scale's readings
 * are not final yet.
 */
export function droppedTogether(e: Episode, scale: Prepared, all: readonly Prepared[]): boolean | null {
  const { before, step } = spans(scale.track, e.index);
  const peers = all.filter((p) => p !== scale && hasReadings(p.points, e.before, e.after));
  if (peers.length === 0) return false;
  // the peers' readings up to the block's end, and whether those before it were a lid off (steady)
  const needed = Math.max(e.after, e.before + RETURN_MS + step);
  if (peers.some((p) => p.settled < needed)) return null;
  return peers.every((peer) => {
    const drop = offTrend(peer.track, e.before, e.after, before);
    return drop !== null && drop <= 0.5 * e.early;
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
