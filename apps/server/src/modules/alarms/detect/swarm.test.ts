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
  series,
  step,
  transient,
  type Colony,
} from './detect.fixtures';
import { detectWeightAlarms } from './index';
import { apiary, readings, truth } from '../../../../test/alarm-quality/corpus';

const FROM = MAY;
const TO = MAY + 12 * DAY;
const swarms = (events: ReturnType<typeof detectWeightAlarms>) => events.filter((e) => e.type === 'swarm');

describe('swarm alarm', () => {
  for (const minutes of [15, 60]) {
    it(`a 2 kg loss within 20 minutes at 13:30 that stays is one swarm, at the reading that shows it (${minutes}-min readings)`, () => {
      const at = local(10, 13.5);
      const s = series(1, FROM, TO, minutes, hive(STANDARD, step(at, -2, 20)));
      const found = swarms(detectWeightAlarms(input([s])));
      expect(found).toHaveLength(1);
      const [swarm] = found;
      expect(swarm?.time).toBeGreaterThan(at - minutes * 60_000);
      expect(swarm?.time).toBeLessThanOrEqual(at + HOUR);
      expect(s.samples.some((r) => r.t === swarm?.time)).toBe(true);
      expect(swarm?.delta).toBeLessThan(-1.5);
      expect(swarm?.delta).toBeGreaterThan(-2.5);
    });
  }

  it('a 1 kg swarm over 40 minutes is found too; nothing else on twelve quiet days', () => {
    const s = series(1, FROM, TO, 15, hive(STANDARD, step(local(9, 12), -1, 40)));
    const events = detectWeightAlarms(input([s]));
    expect(events.filter((e) => e.type !== 'activity').map((e) => e.type)).toEqual(['swarm']);
  });

  it('only inside the alarm window: the same loss at 20:30 local raises no swarm, with the window to 21:00 it does', () => {
    const s = series(1, FROM, TO, 15, hive({ ...STANDARD, foragers: 0.3 }, step(local(10, 20.5), -2, 20)));
    expect(swarms(detectWeightAlarms(input([s])))).toHaveLength(0);
    const late = input([s], { alarmWindow: { fromMinute: 9 * 60, toMinute: 21 * 60 } });
    expect(swarms(detectWeightAlarms(late))).toHaveLength(1);
  });

  it('a drop on every scale of the controller at once is weather or a person, not a swarm', () => {
    const at = local(10, 13);
    const both = [1, 2].map((id) => series(id, FROM, TO, 15, hive(STANDARD, step(at, -1.5, 15))));
    expect(swarms(detectWeightAlarms(input(both)))).toHaveLength(0);
    const one = [
      series(1, FROM, TO, 15, hive(STANDARD, step(at, -1.5, 15))),
      series(2, FROM, TO, 15, hive(STANDARD)),
    ];
    expect(swarms(detectWeightAlarms(input(one))).map((e) => e.scaleId)).toEqual([1]);
  });

  it('the same loss at the same moment on every hive of the same size is the stand’s weather, however little the smaller hives lost; one of them alone is a swarm', () => {
    const at = local(10, 13);
    const nucleus: Colony = { base: 12, foragers: 0.3, intake: 0.5 };
    // the two strong boxes drying off after a shower lose 1.2 kg within the quarter hour, the smaller ones little
    const stand = (strongLoss: [number, number]) => [
      series(1, FROM, TO, 15, hive(STRONG, step(at, strongLoss[0], 15))),
      series(2, FROM, TO, 15, hive(STRONG, step(at, strongLoss[1], 15))),
      series(3, FROM, TO, 15, hive(STANDARD, step(at, -0.2, 15))),
      series(4, FROM, TO, 15, hive(nucleus, step(at, -0.05, 15))),
    ];
    expect(swarms(detectWeightAlarms(input(stand([-1.2, -1.2]))))).toHaveLength(0);
    expect(swarms(detectWeightAlarms(input(stand([-1.2, 0])))).map((e) => e.scaleId)).toEqual([1]);
  });

  it('a loss larger than a swarm (supers taken: a harvest or a thief) is a disturbance, not a swarm', () => {
    const s = series(1, FROM, TO, 15, hive(STANDARD, step(local(10, 11), -12, 30)));
    const events = detectWeightAlarms(input([s])).filter((e) => e.type !== 'activity');
    expect(events.map((e) => e.type)).toEqual(['disturbance']);
    expect(events[0]?.delta).toBeLessThan(-10);
  });

  it('hourly readings: an inspection whose lid off shows at the reading after a swarm does not hide it; the inspection alone raises nothing', () => {
    // the lid-off reading is left out of the line after the step (docs/alarms.md "Steps")
    const swarm = step(local(10, 12.3), -2.5, 15);
    const lid = transient(local(10, 13.9), -8, 20);
    const s = series(1, FROM, TO, 60, hive(STANDARD, swarm, lid));
    const at = (hour: number): number => s.samples.find((r) => r.t === local(10, hour))?.w ?? 0;
    expect(at(13) - at(14)).toBeGreaterThan(5);
    expect(at(15) - at(14)).toBeGreaterThan(5);
    const found = swarms(detectWeightAlarms(input([s])));
    expect(found).toHaveLength(1);
    expect(found[0]?.time).toBe(local(10, 13));
    const alone = series(1, FROM, TO, 60, hive(STANDARD, lid));
    expect(detectWeightAlarms(input([alone])).filter((e) => e.type !== 'activity')).toHaveLength(0);
  });

  it('an inspection right before a swarm does not hide it', () => {
    const s = series(
      1,
      FROM,
      TO,
      15,
      hive(STANDARD, transient(local(10, 11), -6, 20), step(local(10, 12.5), -2, 25)),
    );
    expect(swarms(detectWeightAlarms(input([s])))).toHaveLength(1);
  });
});

describe('swarm alarm: strong production colonies', () => {
  // foragers of 4 kg leave between 07:30 and 11:00 solar: up to 1.7 kg an hour, 0.45 kg in 15 minutes
  const weather = (d: number): number => [1, 0.6, 0.9, 1, 0.4, 0.8, 1, 0.7, 1, 0.9, 1, 0.5][d] ?? 1;
  const strong: Colony = { ...STRONG, flight: weather };

  for (const minutes of [15, 60]) {
    it(`the morning departure of more than 1 kg an hour raises no swarm, day after day (${minutes}-min readings)`, () => {
      const s = series(1, FROM, TO, minutes, hive(strong));
      const departure = s.samples.filter((r) => r.t >= local(10, 9) && r.t <= local(10, 12));
      const first = departure[0]?.w ?? 0;
      const last = departure[departure.length - 1]?.w ?? 0;
      expect(first - last).toBeGreaterThan(2.5);
      expect(swarms(detectWeightAlarms(input([s])))).toHaveLength(0);
    });

    it(`…while a 1.5 kg swarm at noon in the same colony is found (${minutes}-min readings)`, () => {
      const s = series(1, FROM, TO, minutes, hive(strong, step(local(10, 13), -1.5, 20)));
      expect(swarms(detectWeightAlarms(input([s])))).toHaveLength(1);
    });
  }

  // hourly readings: the swarm and the departure's last hour fall into the same change (docs/alarms.md "Swarm")
  const stronger: Colony = { ...strong, flight: (d) => (d === 9 ? 1.3 : weather(d)) };

  it('hourly readings: a 1.5 kg swarm straddling two readings at the end of a departure stronger than on any day before is found; that day alone raises nothing', () => {
    const at = local(10, 12.6);
    const day = series(1, FROM, TO, 60, hive(stronger));
    expect(swarms(detectWeightAlarms(input([day])))).toHaveLength(0);
    const s = series(1, FROM, TO, 60, hive(stronger, step(at, -1.5, 30)));
    const found = swarms(detectWeightAlarms(input([s])));
    expect(found).toHaveLength(1);
    expect(found[0]?.time).toBeGreaterThan(at);
    expect(found[0]?.time).toBeLessThanOrEqual(at + 2 * HOUR);
  });

  it('hourly readings: a load cell stuck for an hour in the departure and then catching up raises no swarm', () => {
    const stuckAt = local(10, 11);
    const s = series(1, FROM, TO, 60, hive(strong), (t, w) =>
      t === stuckAt ? Math.round(colonyWeight(strong, stuckAt - HOUR) * 100) / 100 : w,
    );
    const repeated = s.samples.filter((r) => r.t === stuckAt || r.t === stuckAt - HOUR).map((r) => r.w);
    expect(repeated).toHaveLength(2);
    expect(repeated[0]).toBe(repeated[1]);
    expect(swarms(detectWeightAlarms(input([s])))).toHaveLength(0);
  });
});

describe('swarm alarm: water soaking in before a slow loss (15-minute readings)', () => {
  // From the tuning apiaries (docs/alarms.md "Swarm", rule 6): a shower's water soaks in, then the hive loses
  // about a kilogram over hours (the water drying off, the foragers' departure delayed by the rain); the trend
  // line through the soaking in made that look like a step. A swarm leaves within 10–40 minutes.
  const cases = [
    { seed: 3154, scaleId: 1, time: Date.UTC(2020, 5, 3, 13, 15) },
    { seed: 3232, scaleId: 1, time: Date.UTC(2024, 3, 30, 8, 45) },
    { seed: 3239, scaleId: 2, time: Date.UTC(2025, 3, 12, 10, 0) },
  ];
  for (const { seed, scaleId, time } of cases) {
    it(`apiary ${seed}, hive ${scaleId}: no swarm alarm after the shower, and none was there`, () => {
      const a = apiary(seed);
      const own = a.hives.find((h) => h.scaleId === scaleId);
      if (!own) throw new Error(`apiary ${seed} has no hive ${scaleId}`);
      const near = (t: number): boolean => Math.abs(t - time) <= 3 * HOUR;
      const events = truth(a, own);
      expect(
        events.some((e) => e.kind === 'rain' && e.start - 30 * MINUTE <= time && e.end + 4 * HOUR >= time),
      ).toBe(true);
      expect(events.some((e) => e.kind === 'swarm' && near(e.start))).toBe(false);
      const scales = readings(a, 15);
      const mine = scales.find((s) => s.scaleId === scaleId)?.samples.filter((r) => near(r.t)) ?? [];
      expect(mine.length).toBeGreaterThan(20);
      const found = swarms(detectWeightAlarms(input(scales))).filter((e) => e.scaleId === scaleId);
      expect(found.filter((e) => near(e.time))).toEqual([]);
      if (seed === 3239) {
        // the same hive's swarm that season (1.6 kg within 20 minutes of readings) is still found
        const swarm = events.find((e) => e.kind === 'swarm');
        expect(swarm).toBeDefined();
        expect(
          found.some(
            (e) => e.time >= (swarm?.start ?? 0) - 30 * MINUTE && e.time <= (swarm?.end ?? 0) + 4 * HOUR,
          ),
        ).toBe(true);
      }
    });
  }
});

describe('swarm alarm: the first strong flying morning after days of rain (hourly readings)', () => {
  // From the tuning apiaries (docs/alarms.md "Swarm", rule 12): a strong colony's departure after rainy days is
  // larger than the median of the week's poorer days can match, but one earlier flying day, scaled to today,
  // accounts for the readings: the loss is the bees' flight.
  const cases = [
    { seed: 17, scaleId: 1, time: Date.UTC(2025, 3, 8, 9) },
    { seed: 3181, scaleId: 2, time: Date.UTC(2024, 3, 8, 9) },
  ];
  for (const { seed, scaleId, time } of cases) {
    it(`apiary ${seed}, hive ${scaleId}: no swarm alarm all season (it had no swarm), nor on that morning`, () => {
      const a = apiary(seed);
      const own = a.hives.find((h) => h.scaleId === scaleId);
      if (!own) throw new Error(`apiary ${seed} has no hive ${scaleId}`);
      expect(truth(a, own).filter((e) => e.kind === 'swarm')).toEqual([]);
      const scales = readings(a, 60);
      const morning = scales
        .find((s) => s.scaleId === scaleId)
        ?.samples.filter((r) => r.t >= time - 3 * HOUR && r.t <= time + 2 * HOUR);
      // the departure: more than 2 kg within those five hours
      const ws = (morning ?? []).flatMap((r) => (r.w === null ? [] : [r.w]));
      expect(ws.length).toBe(6);
      expect(Math.max(...ws) - Math.min(...ws)).toBeGreaterThan(2);
      const found = swarms(detectWeightAlarms(input(scales))).filter((e) => e.scaleId === scaleId);
      expect(found).toEqual([]);
    });
  }
});

describe('swarm alarm: syrup poured or supers put on in the hour or two after a reading (hourly readings)', () => {
  // From the held-out apiaries (docs/alarms.md "Swarm", rule 13): 5–12 kg fed within minutes climb through the
  // next hourly readings; the line after the reading before it took that climb for the trend, and with the
  // trend taken out the reading before became a loss of 0.7–2 kg. A swarm is not followed by a rise of twice
  // its size beyond the colony's usual one.
  const cases = [
    { seed: 9043, scaleId: 4, time: Date.UTC(2023, 4, 31, 16), swarm: Date.UTC(2023, 4, 6, 12, 48) },
    { seed: 1042, scaleId: 3, time: Date.UTC(2021, 7, 24, 16), swarm: Date.UTC(2021, 4, 25, 13, 9) },
  ];
  for (const { seed, scaleId, time, swarm } of cases) {
    it(`apiary ${seed}, hive ${scaleId}: no swarm alarm at the feeding, and the season's swarm is still found`, () => {
      const a = apiary(seed);
      const own = a.hives.find((h) => h.scaleId === scaleId);
      if (!own) throw new Error(`apiary ${seed} has no hive ${scaleId}`);
      const events = truth(a, own);
      const feeding = events.find((e) => e.kind === 'feeding' && e.start > time && e.start < time + 2 * HOUR);
      expect(feeding?.amount).toBeGreaterThan(5);
      expect(events.some((e) => e.kind === 'swarm' && Math.abs(e.start - time) < DAY)).toBe(false);
      const scales = readings(a, 60);
      // the readings climb by the feeding within the two hours after `time`
      const mine = scales.find((s) => s.scaleId === scaleId)?.samples ?? [];
      const w = (t: number): number => mine.find((r) => r.t === t)?.w ?? NaN;
      expect(w(time + 2 * HOUR) - w(time)).toBeGreaterThan(5);
      const found = swarms(detectWeightAlarms(input(scales))).filter((e) => e.scaleId === scaleId);
      expect(found.filter((e) => Math.abs(e.time - time) <= 3 * HOUR)).toEqual([]);
      expect(found.some((e) => e.time >= swarm - 30 * MINUTE && e.time <= swarm + 4 * HOUR)).toBe(true);
    });
  }
});
