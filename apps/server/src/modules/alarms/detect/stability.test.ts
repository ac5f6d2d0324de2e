import { describe, expect, it } from 'vitest';
import {
  DAY,
  HOUR,
  MAY,
  MINUTE,
  STANDARD,
  hive,
  input,
  local,
  series,
  step,
  eventfulScales,
} from './detect.fixtures';
import { detectWeightAlarms } from './index';
import { apiary, readings } from '../../../../test/alarm-quality/corpus';
import { ALARM_WINDOW, TIME_ZONE } from '../../../../test/alarm-quality/evaluate';
import { eventKey, replay } from '../../../../test/alarm-quality/stability';
import { DEFAULT_GLOBAL_SETTINGS } from '@hivescope/contract';

const base = { timeZone: TIME_ZONE, alarmWindow: ALARM_WINDOW, settings: DEFAULT_GLOBAL_SETTINGS };
const keys = (events: { scaleId: number; type: string; time: number }[]) =>
  events.map((e) => eventKey(e as never)).sort();

describe('stable keys: report by report gives what one run over the whole series gives', () => {
  for (const [minutes, reportHours] of [
    [15, 1],
    [60, 1],
    [15, 3],
  ] as const) {
    it(`hand-made events, ${minutes}-min readings, a report every ${reportHours} h`, () => {
      const r = replay(eventfulScales(minutes), base, {
        from: MAY + 8 * DAY,
        to: MAY + 13 * DAY,
        reportMs: reportHours * HOUR,
      });
      expect(new Set(r.whole.map((e) => e.type))).toEqual(
        new Set(['swarm', 'disturbance', 'removed', 'activity']),
      );
      expect(keys(r.union)).toEqual(keys(r.whole));
    });
  }

  it('simulated apiaries with a swarm, disturbances and a stand taken, hourly reports', () => {
    const types = new Set<string>();
    for (const [seed, month, day, days] of [
      [2011, 3, 22, 18],
      [2012, 4, 1, 8],
    ] as const) {
      const a = apiary(seed);
      const from = Date.UTC(a.year, month, day);
      for (const minutes of [15, 60]) {
        const r = replay(readings(a, minutes), base, { from, to: from + days * DAY, reportMs: HOUR });
        for (const e of r.whole) types.add(e.type);
        expect(keys(r.union)).toEqual(keys(r.whole));
      }
    }
    expect(types).toEqual(new Set(['swarm', 'disturbance', 'removed', 'activity']));
    // about 1,700 detection runs: 11 s alone on one core, three times that beside the browser tests in `npm test`
  }, 90_000);

  it('a swarm is returned only once the hour that rules out an inspection is in, and then at the same time', () => {
    const at = local(9, 13.2);
    const s = series(1, MAY, MAY + 13 * DAY, 15, hive(STANDARD, step(at, -2, 25)));
    const upTo = (end: number) =>
      detectWeightAlarms(input([{ ...s, samples: s.samples.filter((r) => r.t < end) }])).filter(
        (e) => e.type === 'swarm',
      );
    // the drop is in, the hour after it is not: no swarm yet (it could be the lid)
    expect(upTo(at + 45 * MINUTE)).toEqual([]);
    const later = upTo(at + 4 * HOUR);
    const whole = detectWeightAlarms(input([s])).filter((e) => e.type === 'swarm');
    expect(later).toHaveLength(1);
    expect(later).toEqual(whole);
  });
});

describe('stable keys: a verdict uses no reading after its horizon', () => {
  for (const minutes of [15, 60]) {
    it(`a swarm, then syrup poured 2.5 hours later: the swarm, report by report as in one run (${minutes}-min readings)`, () => {
      // rule 13 (a rise after the loss: a feeding) looks only as far as the episode's horizon; a feeding after it
      // must not take back a swarm that reports up to the horizon already sent
      const at = local(10, 13.5);
      const s = series(
        1,
        MAY,
        MAY + 12 * DAY,
        minutes,
        hive(STANDARD, step(at, -2, 20), step(at + 2.5 * HOUR, 6, 10)),
      );
      const r = replay([s], base, { from: at - 6 * HOUR, to: at + 12 * HOUR, reportMs: HOUR });
      const swarms = r.whole.filter((e) => e.type === 'swarm');
      expect(swarms).toHaveLength(1);
      expect(swarms[0]?.time).toBeGreaterThan(at - minutes * MINUTE);
      expect(swarms[0]?.time).toBeLessThanOrEqual(at + HOUR);
      expect(keys(r.union)).toEqual(keys(r.whole));
    });
  }
});

describe('dense readings: the detectors keep the first reading of every 5 minutes (docs/alarms.md)', () => {
  // readings 20 s after the minute: the first in each 5 minutes is the one 20 s after a multiple of 5 minutes
  const shifted = (minutes: number) =>
    eventfulScales(minutes).map((s) => ({
      ...s,
      samples: s.samples.map((r) => ({ t: r.t + 20_000, w: r.w })),
    }));

  it('readings every minute give the events of the same hives read every 5 minutes', () => {
    const everyFive = detectWeightAlarms({ ...base, scales: shifted(5) });
    expect(new Set(everyFive.map((e) => e.type))).toEqual(
      new Set(['swarm', 'disturbance', 'removed', 'activity']),
    );
    expect(keys(detectWeightAlarms({ ...base, scales: shifted(1) }))).toEqual(keys(everyFive));
  });
});

describe('history a run loads (HISTORY_MS)', () => {
  it("a Saturday's activity alarm, report by report, with the week's early steps judged on their full history", () => {
    // apiary 1 (hourly): the alarm at 2019-05-18 07:00Z depends on steps from Monday 13 May on, each judged
    // against the six days before it; with 8 days of history the reports of that Saturday did not raise it
    const from = Date.UTC(2019, 4, 17, 12);
    const r = replay(readings(apiary(1), 60), base, { from, to: from + 2 * DAY, reportMs: HOUR });
    const saturday = `2|activity|${Date.UTC(2019, 4, 18, 7)}`;
    expect(r.whole.map((e) => eventKey(e))).toContain(saturday);
    expect(keys(r.union)).toEqual(keys(r.whole));
  });
});
