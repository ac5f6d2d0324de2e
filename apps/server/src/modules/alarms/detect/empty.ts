import type { Point } from './line';
import { REMOVAL_CONFIRM_MS } from './constants';

/** An event of a scale that reads next to nothing: the hive taken away, or lifted off for a while. */
export type EmptyEvent = { type: 'removed' | 'disturbance'; time: number; delta: number; horizon: number };

/**
 * Near nothing on the scale (below `averageWeightMinMass`, docs/alarms.md "Disturbance and removed"): at the first such
 * reading after a hive weight, `removed` when it stays so for REMOVAL_CONFIRM_MS, else a `disturbance`
 * (lifted off and set back). A single 0 kg drop-out never gets here: cleanSamples takes it out.
 */
export function emptyScaleEvents(points: readonly Point[], minMass: number): EmptyEvent[] {
  const events: EmptyEvent[] = [];
  for (let i = 1; i < points.length; i++) {
    const start = points[i] as Point;
    const before = points[i - 1] as Point;
    if (start.w >= minMass || before.w < minMass) continue;
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
      events.push({ type: 'removed', time: start.t, delta: mean - before.w, horizon: confirmed.t });
    } else if (confirmed) {
      events.push({ type: 'disturbance', time: start.t, delta: lowest - before.w, horizon: confirmed.t });
    }
    i = end;
  }
  return events;
}
