import { describe, expect, it } from 'vitest';
import { DAY, MAY, STRONG, hive, input, local, series, step } from './detect.fixtures';
import { detectWeightAlarms } from './index';
import type { Dismissal, ScaleSeries } from './types';

/**
 * A strong colony that loses 1.5 kg for good every other day, each time at another hour (nothing the previous
 * days' same hours would explain), and swarms with 3 kg on day 20. Each loss looks like a swarm to the rules; the
 * beekeeper's "no" answers teach the detector that this hive does it (docs/alarms.md "Answers").
 */
const LOSS_DAYS = [12, 14, 16, 18];
const SWARM_DAY = 20;
const HOUR_OF: Record<number, number> = { 12: 10.5, 14: 13, 16: 15.5, 18: 17.5, 20: 11.5 };
const at = (day: number) => local(day, HOUR_OF[day] ?? 13.5);
const weight = hive(STRONG, ...LOSS_DAYS.map((d) => step(at(d), -1.5, 20)), step(at(SWARM_DAY), -3, 20));
const swarmDays = (s: ScaleSeries) =>
  detectWeightAlarms(input([s]))
    .filter((e) => e.type === 'swarm')
    .map((e) => Math.floor((e.time - MAY) / DAY) + 1);

describe('calibration by the beekeeper\'s "no" answers', () => {
  const plain = series(1, MAY, MAY + 22 * DAY, 15, weight);
  const found = detectWeightAlarms(input([plain])).filter((e) => e.type === 'swarm');

  it('without answers every 1.5 kg loss and the swarm raise a swarm alarm', () => {
    expect(swarmDays(plain)).toEqual([...LOSS_DAYS, SWARM_DAY]);
  });

  it('one "no" changes nothing; after two, the same loss is no longer a swarm, the 3 kg swarm still is', () => {
    const no = (day: number): Dismissal => {
      const e = found.find((f) => Math.floor((f.time - MAY) / DAY) + 1 === day);
      if (!e) throw new Error(`no alarm on day ${day} to answer`);
      return { type: 'swarm', time: e.time, delta: e.delta };
    };
    expect(swarmDays({ ...plain, dismissed: [no(12)] })).toEqual([...LOSS_DAYS, SWARM_DAY]);
    expect(swarmDays({ ...plain, dismissed: [no(12), no(14)] })).toEqual([12, 14, SWARM_DAY]);
  });

  it('answers about disturbances, and answers older than 30 days, calibrate nothing', () => {
    const old = (day: number): Dismissal => ({ type: 'swarm', time: at(day) - 40 * DAY, delta: -1.5 });
    const lift = (day: number): Dismissal => ({ type: 'disturbance', time: at(day) + 1, delta: -1.5 });
    expect(swarmDays({ ...plain, dismissed: [old(12), old(14), lift(12), lift(14)] })).toEqual([
      ...LOSS_DAYS,
      SWARM_DAY,
    ]);
  });
});
