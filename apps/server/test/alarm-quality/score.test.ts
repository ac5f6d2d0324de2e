import { DEFAULT_GLOBAL_SETTINGS } from '@hivescope/contract';
import { describe, expect, it } from 'vitest';
import { detectWeightAlarms } from '../../src/modules/alarms/detect/index';
import { apiary, readings, truth } from './corpus';
import { ALARM_WINDOW, TIME_ZONE } from './evaluate';
import { emptyTally, score } from './score';

const HOUR = 3_600_000;

/**
 * The scoring's ground truth reaches back before the season (docs/alarms.md "Measured quality"): a hive tipped
 * before 1 April and set right inside the season raises a disturbance at its end, which that tip explains;
 * the tip itself, with no readings of the season before its start, counts for no recall.
 */
describe('quality scoring: an incident that began before the season', () => {
  it('apiary 7018, hive 2: tipped on 30 March, set right on 2 April at night: the alarm then is no false alarm', () => {
    const a = apiary(7018);
    const hive = a.hives.find((h) => h.scaleId === 2);
    if (!hive) throw new Error('apiary 7018 has no hive 2');
    const tip = truth(a, hive).find((e) => e.kind === 'disturbance' && e.start < a.from);
    expect(tip?.variant).toBe('tip');
    const end = tip?.end ?? 0;
    expect(end).toBeGreaterThan(a.from);

    const scales = readings(a, 15);
    const detected = detectWeightAlarms({
      scales,
      timeZone: TIME_ZONE,
      alarmWindow: ALARM_WINDOW,
      settings: DEFAULT_GLOBAL_SETTINGS,
    }).filter((d) => d.scaleId === 2 && d.time >= a.from && d.time < a.to);
    const atEnd = detected.filter((d) => d.type === 'disturbance' && d.time >= end && d.time <= end + HOUR);
    expect(atEnd).toHaveLength(1);

    const times = (scales.find((s) => s.scaleId === 2)?.samples ?? [])
      .map((s) => s.t)
      .filter((t) => t >= a.from && t < a.to);
    const withTip = emptyTally();
    score(withTip, truth(a, hive), atEnd, times);
    expect(withTip.falseAlarms).toEqual({});
    expect(withTip.events.disturbance).toBeUndefined();
    // the same alarm scored against the season's own events alone would be a false one
    const seasonOnly = emptyTally();
    score(seasonOnly, hive.model.events(a.from, a.to), atEnd, times);
    expect(seasonOnly.falseAlarms).toEqual({ disturbance: 1 });
  });
});
