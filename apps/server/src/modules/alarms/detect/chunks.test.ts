import { describe, expect, it } from 'vitest';
import { DEFAULT_GLOBAL_SETTINGS } from '@hivescope/contract';
import { inParts, mergeParts } from './chunks';
import { DAY, HOUR, MAY, eventfulScales } from './detect.fixtures';
import { detectWeightAlarms } from './index';
import { ALARM_WINDOW, TIME_ZONE } from '../../../../test/alarm-quality/evaluate';

const base = { timeZone: TIME_ZONE, alarmWindow: ALARM_WINDOW, settings: DEFAULT_GLOBAL_SETTINGS };
const keys = (events: { scaleId: number; type: string; time: number }[]) =>
  events.map((e) => `${e.scaleId}|${e.type}|${e.time}`).sort();

/** Two hives, 20 days of 15-minute readings; a swarm, a lid off, rain, a night knock and a removal on days 12-14. */
const scales = () => eventfulScales(15, 20, 3);

describe('a long new history in parts', () => {
  it('the parts find what one call over the whole history finds', () => {
    const input = { ...base, scales: scales(), newFrom: MAY + 9 * DAY };
    const parts = inParts(input, 3 * DAY, 8 * DAY);
    expect(parts).toHaveLength(4); // days 9-12, 12-15, 15-18 and 18-20
    expect(parts.map((p) => p.newFrom)).toEqual([9, 12, 15, 18].map((d) => MAY + d * DAY));
    // each part holds its own days and the 8 before them, no more
    expect(parts[1]?.scales[0]?.samples[0]?.t).toBe(MAY + 4 * DAY);
    expect(parts[1]?.scales[0]?.samples.at(-1)?.t).toBe(MAY + 15 * DAY - 15 * 60_000);
    const whole = detectWeightAlarms(input);
    expect(new Set(whole.map((e) => e.type))).toEqual(
      new Set(['swarm', 'disturbance', 'removed', 'activity']),
    );
    expect(keys(mergeParts(parts.map(detectWeightAlarms)))).toEqual(keys(whole));
  });

  it('a new span no longer than one part is the input itself', () => {
    const input = { ...base, scales: scales(), newFrom: MAY + 20 * DAY - 3 * DAY };
    expect(inParts(input, 3 * DAY, 8 * DAY)).toEqual([input]);
    const all = { ...base, scales: scales() };
    expect(inParts(all, 3 * DAY, 8 * DAY)).toEqual([all]);
  });

  it('an event found by two parts is kept once', () => {
    const e = { scaleId: 1, channel: 1, type: 'swarm' as const, time: MAY + HOUR, delta: -2 };
    expect(mergeParts([[e], [{ ...e, delta: -2.1 }], []])).toEqual([e]);
  });
});
