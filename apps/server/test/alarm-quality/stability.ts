/**
 * Feeding the detector report by report as the pipeline does (docs/alarms.md "Stable keys and delays"): for each report
 * the readings from HISTORY_MS before its first reading to its last, with `newFrom`; the union of what the runs
 * return must be what one run over the whole series returns.
 */
import { HISTORY_MS } from '../../src/modules/alarms/detect/constants';
import { detectWeightAlarms } from '../../src/modules/alarms/detect/index';
import type { DetectInput, DetectedEvent, ScaleSeries } from '../../src/modules/alarms/detect/types';

export const eventKey = (e: DetectedEvent): string => `${e.scaleId}|${e.type}|${e.time}`;

export type Replay = {
  whole: DetectedEvent[];
  union: DetectedEvent[];
  /** When each event of the union was first returned: the end of the report that brought it (UTC ms). */
  seenAt: Map<string, number>;
};

const within = (s: ScaleSeries, from: number, to: number): ScaleSeries => ({
  ...s,
  samples: s.samples.filter((x) => x.t >= from && x.t < to),
});

/**
 * Replays [from, to) in reports of `reportMs` each (readings before `from` are history), and runs the detector
 * once over [from − HISTORY_MS, to) for comparison; events before `from` are left out of both.
 */
export function replay(
  scales: readonly ScaleSeries[],
  base: Omit<DetectInput, 'scales' | 'newFrom'>,
  span: { from: number; to: number; reportMs: number },
): Replay {
  const start = span.from - HISTORY_MS;
  const keep = (e: DetectedEvent): boolean => e.time >= span.from;
  const whole = detectWeightAlarms({ ...base, scales: scales.map((s) => within(s, start, span.to)) }).filter(
    keep,
  );
  const union = new Map<string, DetectedEvent>();
  const seenAt = new Map<string, number>();
  for (let first = span.from; first < span.to; first += span.reportMs) {
    const end = Math.min(first + span.reportMs, span.to);
    const input = { ...base, newFrom: first, scales: scales.map((s) => within(s, first - HISTORY_MS, end)) };
    for (const e of detectWeightAlarms(input).filter(keep)) {
      if (union.has(eventKey(e))) continue;
      union.set(eventKey(e), e);
      seenAt.set(eventKey(e), end);
    }
  }
  return { whole, union: [...union.values()], seenAt };
}
