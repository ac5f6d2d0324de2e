import type { Point } from './line';
import { RETURN_MS } from './constants';
import type { Episode } from './episodes';
import { offTrend } from './fit';
import { indexAtOrAfter } from './line';
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
