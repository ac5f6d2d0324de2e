import type { DetectInput, DetectedEvent } from './types';

/**
 * A long new history in parts (docs/alarms.md "Pipeline", "Pace"): a scale registered with a history start
 * months back, or the demo's year, would otherwise be one call of seconds that blocks the server. Part k
 * brings the readings of [newFrom + k·chunkMs, + chunkMs), the last one everything after, each with
 * `lookbackMs` of history before it, exactly as reports bringing them one after the other would: the
 * detectors give the same events that way (stable keys, docs/alarms.md "Stable keys and delays"). A new span
 * of at most `chunkMs` is one part, the input itself.
 */
export function inParts(input: DetectInput, chunkMs: number, lookbackMs: number): DetectInput[] {
  const { newFrom } = input;
  const last = Math.max(
    -Infinity,
    ...input.scales.map((s) => s.samples[s.samples.length - 1]?.t ?? -Infinity),
  );
  if (newFrom === undefined || last - newFrom <= chunkMs) return [input];
  const parts: DetectInput[] = [];
  for (let first = newFrom; first <= last; first += chunkMs) {
    const end = first + chunkMs > last ? Infinity : first + chunkMs;
    parts.push({
      ...input,
      newFrom: first,
      scales: input.scales.map((s) => ({
        ...s,
        samples: s.samples.filter((x) => x.t >= first - lookbackMs && x.t < end),
      })),
    });
  }
  return parts;
}

/** The events of several parts, each key (scale, type, time) once: the first part that found it. */
export function mergeParts(found: DetectedEvent[][]): DetectedEvent[] {
  const seen = new Map<string, DetectedEvent>();
  for (const e of found.flat()) {
    const key = `${e.scaleId}|${e.type}|${e.time}`;
    if (!seen.has(key)) seen.set(key, e);
  }
  return [...seen.values()];
}
