import { cleanSamples, settledUntil } from './clean';
import { EMIT_BEFORE_NEW_MS } from './constants';
import type { ActivityDay } from './activity';
import { activityFigures, scaleEvents } from './scale-events';
import { track } from './track';
import type { DetectInput, Detector } from './types';

export { GRID_MS } from './clean';
export { HISTORY_MS } from './constants';
export { inParts, mergeParts } from './chunks';
export type { DetectInput, DetectedEvent, Detector } from './types';

/**
 * The weight alarms of one controller's scales (docs/alarms.md "Detection rules"): swarm, disturbance,
 * removed and activity events, each at the time of the reading where it happened. An event is returned only
 * once the readings that confirm it are there, and then always with the same key (scale, type, time).
 */
export const detectWeightAlarms: Detector = (input) => {
  const prepared = prepare(input);
  const from = input.newFrom === undefined ? -Infinity : input.newFrom - EMIT_BEFORE_NEW_MS;
  const events = prepared.flatMap((scale) => scaleEvents(scale, scale.series, prepared, input, from));
  const seen = new Set<string>();
  return events
    .filter((e) => e.time >= from)
    .filter((e) => {
      const key = `${e.scaleId}|${e.type}|${e.time}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => a.time - b.time || a.scaleId - b.scaleId);
};

function prepare(input: DetectInput) {
  return input.scales.map((s) => {
    const points = cleanSamples(s.samples, input.settings);
    const tr = track(points);
    // the next reading comes one sampling interval after the last: nothing new can fall before that
    const settled = settledUntil(s.samples, input.settings) + 0.75 * (tr.steps[tr.steps.length - 1] ?? 0);
    return { series: s, scaleId: s.scaleId, points, track: tr, settled };
  });
}

/** Each scale's daily activity figures, for the quality measurement (test/alarm-quality/, docs/alarms.md). */
export function activityFiguresOf(input: DetectInput): Map<number, ActivityDay[]> {
  return new Map(prepare(input).map((scale) => [scale.scaleId, activityFigures(scale, input)]));
}
