import { describe, expect, it } from 'vitest';
import {
  DAY,
  HOUR,
  MAY,
  MINUTE,
  STANDARD,
  STRONG,
  colonyWeight,
  hive,
  input,
  local,
  rain,
  series,
  step,
  transient,
} from './detect.fixtures';
import { detectWeightAlarms } from './index';

const FROM = MAY;
const TO = MAY + 10 * DAY;
/** Every alarm but activity (the colony gains on flow days). */
const alarms = (events: ReturnType<typeof detectWeightAlarms>) => events.filter((e) => e.type !== 'activity');

describe('no alarm for what beekeepers and weather do', () => {
  for (const minutes of [15, 60]) {
    it(`inspections (lid and supers off for 5–50 min, back within the hour) raise nothing (${minutes}-min readings)`, () => {
      const lids = [
        transient(local(3, 9.9), -6, 20),
        transient(local(4, 13.4), -3, 50),
        transient(local(6, 11.6), -8, 5),
        transient(local(8, 15.95), -25, 35),
      ];
      for (const colony of [STANDARD, STRONG]) {
        const s = series(1, FROM, TO, minutes, hive(colony, ...lids));
        // the readings catch lids off at both sampling rates
        const off = s.samples.filter((r) => r.w !== null && colonyWeight(colony, r.t) - r.w > 2.5);
        expect(off.length).toBeGreaterThanOrEqual(2);
        expect(alarms(detectWeightAlarms(input([s])))).toEqual([]);
      }
    });

    it(`rain soaking in and drying off over hours raises nothing (${minutes}-min readings)`, () => {
      const showers = [rain(local(4, 13), 1, 2), rain(local(6, 3), 1.5, 4), rain(local(8, 9.5), 0.8, 1)];
      for (const colony of [STANDARD, STRONG]) {
        const s = series(1, FROM, TO, minutes, hive(colony, ...showers));
        expect(alarms(detectWeightAlarms(input([s])))).toEqual([]);
      }
    });
  }

  it('glitches raise nothing: a spike, a single 0 kg drop-out, a value stuck for 3 hours of the morning', () => {
    const stuckFrom = local(5, 9);
    let stuckValue: number | null = null;
    const s = series(1, FROM, TO, 15, hive(STRONG), (t, w) => {
      if (t === local(3, 14)) return w + 150;
      if (t === local(4, 3)) return 0;
      if (t >= stuckFrom && t < stuckFrom + 180 * MINUTE) return (stuckValue ??= w);
      return w;
    });
    expect(alarms(detectWeightAlarms(input([s])))).toEqual([]);
  });
});

describe('disturbance and removal alarms, day and night', () => {
  for (const minutes of [15, 60]) {
    it(`a sudden lasting change at night (02:00 local) is a disturbance (${minutes}-min readings)`, () => {
      const s = series(1, FROM, TO, minutes, hive(STANDARD, step(local(6, 2), -3, 5)));
      const found = alarms(detectWeightAlarms(input([s])));
      expect(found.map((e) => e.type)).toEqual(['disturbance']);
      expect(found[0]?.delta).toBeCloseTo(-3, 0);
    });

    it(`the hive lifted off the scale for 40 min at night, set back: a disturbance (${minutes}-min readings)`, () => {
      const at = local(6, 1.9);
      const s = series(1, FROM, TO, minutes, hive(STANDARD), (t, w) =>
        t >= at && t < at + 40 * MINUTE ? 0.12 : w,
      );
      expect(alarms(detectWeightAlarms(input([s]))).map((e) => e.type)).toEqual(['disturbance']);
    });

    it(`lifted off for two hours in the afternoon (more than an hour: taken) is removed (${minutes}-min readings)`, () => {
      const at = local(6, 14.1);
      const s = series(1, FROM, TO, minutes, hive(STANDARD), (t, w) =>
        t >= at && t < at + 120 * MINUTE ? 0.12 : w,
      );
      expect(alarms(detectWeightAlarms(input([s]))).map((e) => e.type)).toEqual(['removed']);
    });

    it(`a hive taken away (next to nothing on the scale from then on) is removed, once (${minutes}-min readings)`, () => {
      const at = local(6, 14.3);
      const s = series(1, FROM, TO, minutes, hive(STANDARD), (t, w) => (t >= at ? 0.08 : w));
      const found = alarms(detectWeightAlarms(input([s])));
      expect(found.map((e) => e.type)).toEqual(['removed']);
      expect(found[0]?.time).toBeGreaterThanOrEqual(at);
      expect(found[0]?.time).toBeLessThan(at + minutes * MINUTE);
      expect(found[0]?.delta).toBeLessThan(-45);
    });
  }

  for (const minutes of [15, 60]) {
    it(`a hive tipped down to about 5 kg for two days alarms once, not each time the bees' flight takes it below 5 kg again (${minutes}-min readings)`, () => {
      // averageWeightMinMass is 5 kg: the tipped hive reads 5.2 kg in the mornings and at night and 4.2 kg at
      // midday, when its foragers are out (a colony whose nectar makes up for its night loss: no net change)
      const colony = { base: 50, foragers: 1, intake: 0.3 / 0.7 };
      const from = local(4, 12);
      const to = local(6, 14);
      const off = colonyWeight(colony, local(4, 8)) - 5.2;
      const s = series(1, FROM, TO, minutes, hive(colony), (t, w) => (t >= from && t < to ? w - off : w));
      const tipped = s.samples.filter((r) => r.t >= from && r.t < to && r.w !== null);
      const crossings = tipped.filter((r, i) => i > 0 && (tipped[i - 1]?.w ?? 0) >= 5 && (r.w ?? 0) < 5);
      expect(crossings.length).toBeGreaterThanOrEqual(2);
      const found = alarms(detectWeightAlarms(input([s])));
      expect(found).toHaveLength(1);
      expect(found[0]?.time).toBeGreaterThanOrEqual(from);
      expect(found[0]?.time).toBeLessThan(from + minutes * MINUTE);
      expect(found[0]?.delta).toBeLessThan(-40);
    });
  }

  for (const minutes of [15, 60]) {
    it(`a hive tipped to just above 5 kg, inspected an hour or two later (a reading below 5 kg), is one disturbance, at the tip (${minutes}-min readings)`, () => {
      // the fall to 5.3 kg is the tip's alarm; the lid off, within the readings that measure the tip, takes the
      // tipped hive below 5 kg by 1.5 kg, far less than half its weight: no hive taken, so the tip is not left
      // to the empty-scale rule (which would raise nothing)
      const colony = { base: 50, foragers: 1, intake: 0.3 / 0.7 };
      const from = local(4, 12);
      const to = local(6, 14);
      const off = colonyWeight(colony, from) - 5.3;
      const lid = transient(local(4, minutes === 60 ? 13.9 : 13.2), -1.5, 30);
      const s = series(1, FROM, TO, minutes, hive(colony, lid), (t, w) =>
        t >= from && t < to ? w - off : w,
      );
      expect(s.samples.some((r) => r.t > from && r.t < from + 3 * HOUR && (r.w ?? 5) < 5)).toBe(true);
      const found = alarms(detectWeightAlarms(input([s])));
      expect(found.map((e) => e.type)).toEqual(['disturbance']);
      expect(found[0]?.time).toBeGreaterThanOrEqual(from);
      expect(found[0]?.time).toBeLessThanOrEqual(from + minutes * MINUTE);
      expect(found[0]?.delta).toBeLessThan(-40);
    });
  }

  it('one 0 kg drop-out is a glitch; 0 kg readings that stay are a removal', () => {
    const glitch = series(1, FROM, TO, 60, hive(STANDARD), (t, w) => (t === local(6, 14) ? 0 : w));
    expect(alarms(detectWeightAlarms(input([glitch])))).toEqual([]);
    const gone = series(1, FROM, TO, 60, hive(STANDARD), (t, w) => (t >= local(6, 14) ? 0 : w));
    expect(alarms(detectWeightAlarms(input([gone]))).map((e) => e.type)).toEqual(['removed']);
  });

  for (const minutes of [15, 60]) {
    it(`a heavy night shower soaking every hive of the stand is rain, not a disturbance; the same gain on one hive alone is one (${minutes}-min readings)`, () => {
      // 02:00 local: the strong colonies' big boxes take 2.6 kg of water within the hour, the standard one 0.5 kg
      const at = local(6, 2);
      const stand = [STRONG, STRONG, STANDARD].map((c, i) =>
        series(i + 1, FROM, TO, minutes, hive(c, rain(at, i < 2 ? 2.6 : 0.5, 4))),
      );
      expect(alarms(detectWeightAlarms(input(stand)))).toEqual([]);
      // without the shower's water on the others (dry, or a roof over them) the first hive's gain alarms
      const alone = [
        series(1, FROM, TO, minutes, hive(STRONG, step(at, 2.6, 10))),
        series(2, FROM, TO, minutes, hive(STRONG)),
        series(3, FROM, TO, minutes, hive(STANDARD)),
      ];
      expect(alarms(detectWeightAlarms(input(alone))).map((e) => `${e.scaleId}:${e.type}`)).toEqual([
        '1:disturbance',
      ]);
    });
  }

  it('the whole stand taken: every scale is removed', () => {
    const at = local(7, 23);
    const scales = [1, 2, 3].map((id) =>
      series(id, FROM, TO, 15, hive(STANDARD), (t, w) => (t >= at ? 0.1 : w)),
    );
    const found = alarms(detectWeightAlarms(input(scales)));
    expect(found.map((e) => `${e.scaleId}:${e.type}`)).toEqual(['1:removed', '2:removed', '3:removed']);
  });
});
