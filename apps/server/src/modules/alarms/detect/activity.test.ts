import { DEFAULT_GLOBAL_SETTINGS } from '@hivescope/contract';
import { describe, expect, it } from 'vitest';
import { DAY, MAY, STANDARD, hive, input, local, series, step, type Change } from './detect.fixtures';
import { detectWeightAlarms } from './index';
import { localTime } from './local-time';

const FROM = MAY;
const TO = MAY + 16 * DAY;
const activity = (events: ReturnType<typeof detectWeightAlarms>) =>
  events.filter((e) => e.type === 'activity');

describe('activity alarm (global settings: drain 0.3, gain 2, loss 1.5 kg/day, distance 3 kg)', () => {
  it('ordinary days (nectar and consumption about even) raise none', () => {
    const s = series(1, FROM, TO, 15, hive({ ...STANDARD, intake: 0.4 }));
    expect(activity(detectWeightAlarms(input([s])))).toEqual([]);
  });

  it('a strong flow (+2.5 kg a day) raises one at the first reading in the alarm window, then once the weight moved 3 kg (counted within each week from Monday)', () => {
    const s = series(1, FROM, TO, 15, hive({ ...STANDARD, intake: 4 }));
    const found = activity(detectWeightAlarms(input([s])));
    expect(found.length).toBeGreaterThanOrEqual(6);
    for (const e of found) {
      expect(localTime('Europe/Zurich', e.time).minute).toBe(9 * 60);
      expect(e.delta).toBeGreaterThan(2);
      expect(e.delta).toBeLessThan(3);
    }
    // 2.5 kg a day: within a week the weight has moved 3 kg again every second day
    const day = (t: number) => localTime('Europe/Zurich', t).day;
    const week = (t: number) => Math.floor((day(t) + 3) / 7);
    const sameWeek = found.slice(1).filter((e, i) => week(e.time) === week(found[i]!.time));
    expect(sameWeek.length).toBeGreaterThanOrEqual(3);
    found.slice(1).forEach((e, i) => {
      if (week(e.time) === week(found[i]!.time)) expect(day(e.time) - day(found[i]!.time)).toBe(2);
    });
  });

  it('an unusual loss (2 kg a day more than consumption) raises a loss alarm; the same with hourly readings', () => {
    const robbing: Change = (t) => (-2 * Math.max(0, t - local(5, 0))) / DAY;
    for (const minutes of [15, 60]) {
      const s = series(1, FROM, TO, minutes, hive({ ...STANDARD, foragers: 0.3, intake: 0.4 }, robbing));
      const found = activity(detectWeightAlarms(input([s])));
      expect(found.length).toBeGreaterThan(0);
      expect(found.every((e) => e.delta < -1.5)).toBe(true);
    }
  });

  it('sudden steps do not count: a swarm, a harvest and a feeding leave ordinary days ordinary', () => {
    const s = series(
      1,
      FROM,
      TO,
      15,
      hive(
        { ...STANDARD, intake: 0.4 },
        step(local(8, 12.5), -2.5, 20),
        step(local(10, 11), -12, 30),
        step(local(12, 19.5), 6, 10),
      ),
    );
    const found = detectWeightAlarms(input([s]));
    expect(found.map((e) => e.type).sort()).toEqual(['disturbance', 'swarm']);
  });

  it('the levels follow the global settings: with a gain level of 3 kg a day, +2.5 kg days raise none', () => {
    const s = series(1, FROM, TO, 15, hive({ ...STANDARD, intake: 4 }));
    const settings = { ...DEFAULT_GLOBAL_SETTINGS, activityTriggerGainLevel: 3 };
    expect(activity(detectWeightAlarms(input([s], { settings })))).toEqual([]);
  });
});
