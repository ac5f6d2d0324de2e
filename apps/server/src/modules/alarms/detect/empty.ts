import { indexAtOrAfter, type Point } from './line';
import { REMOVAL_CONFIRM_MS } from './constants';

/** An event of a scale that reads next to nothing: the hive taken away, or lifted off for a while. */
export type EmptyEvent = { type: 'removed' | 'disturbance'; time: number; delta: number; horizon: number };

/**
 * The fall into near nothing must take at least this share of the hive's weight in the hour before: a hive taken
 * or lifted leaves the tare, while a hive tipped down to about `averageWeightMinMass` crosses it back and forth by
 * grams for days with the bees' flight (docs/alarms.md "Disturbance and removed").
 */
const ENTRY_SHARE = 0.5;

/**
 * Near nothing on the scale (below `averageWeightMinMass`, docs/alarms.md "Disturbance and removed"): at the first such
 * reading after a hive weight, `removed` when it stays so for REMOVAL_CONFIRM_MS, else a `disturbance`
 * (lifted off and set back). The hive weight is the highest reading of the hour before (REMOVAL_CONFIRM_MS): a
 * hive tipped just above the mass and then dropping below it was still a hive's weight an hour before. A single
 * 0 kg drop-out never gets here: cleanSamples takes it out.
 */
export function emptyScaleEvents(points: readonly Point[], minMass: number): EmptyEvent[] {
  const events: EmptyEvent[] = [];
  for (let i = 1; i < points.length; i++) {
    if (!emptied(points, i, minMass)) continue;
    const start = points[i] as Point;
    const weight = hiveWeightBefore(points, i);
    let end = i;
    let lowest = start.w;
    let sum = 0;
    while (end < points.length && (points[end] as Point).w < minMass) {
      const p = points[end] as Point;
      lowest = Math.min(lowest, p.w);
      sum += p.w;
      if (p.t >= start.t + REMOVAL_CONFIRM_MS) break;
      end++;
    }
    const confirmed = points[end];
    if (confirmed && confirmed.w < minMass) {
      const mean = sum / (end - i + 1);
      events.push({ type: 'removed', time: start.t, delta: mean - weight, horizon: confirmed.t });
    } else if (confirmed) {
      events.push({ type: 'disturbance', time: start.t, delta: lowest - weight, horizon: confirmed.t });
    }
    i = end;
  }
  return events;
}

/** Whether reading `i` is the fall into near nothing that `emptyScaleEvents` alarms. */
function emptied(points: readonly Point[], i: number, minMass: number): boolean {
  const start = points[i] as Point;
  if (start.w >= minMass || (points[i - 1] as Point).w < minMass) return false;
  const weight = hiveWeightBefore(points, i);
  return weight - start.w >= ENTRY_SHARE * weight;
}

/**
 * Whether a reading from `from` to `to` is a fall into near nothing (`emptyScaleEvents`): such a change is its
 * alarm, not a step's (classify.ts).
 */
export function emptiedWithin(points: readonly Point[], from: number, to: number, minMass: number): boolean {
  for (let i = Math.max(1, indexAtOrAfter(points, from)); i < points.length; i++) {
    if ((points[i] as Point).t > to) return false;
    if (emptied(points, i, minMass)) return true;
  }
  return false;
}

/** The highest reading in the REMOVAL_CONFIRM_MS before reading `i` (at least the one right before it). */
function hiveWeightBefore(points: readonly Point[], i: number): number {
  const start = points[i] as Point;
  let weight = (points[i - 1] as Point).w;
  for (let k = i - 2; k >= 0 && (points[k] as Point).t >= start.t - REMOVAL_CONFIRM_MS; k--)
    weight = Math.max(weight, (points[k] as Point).w);
  return weight;
}
