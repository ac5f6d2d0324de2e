import { describe, expect, it } from 'vitest';
import { VirtualClock } from './clock';
import { createDemoFleet, luhnDigit } from './fleet';
import { DAY_MS } from './model/time';
import { generateReadings, modelOf } from './readings';
import { devicesFromTokens, tokensFileSchema } from './tokens';

describe('demo fleet and readings', () => {
  it('creates controllers near Swiss towns with 15-digit IMSI/IMEI and a scale/sensor layout', () => {
    const fleet = createDemoFleet(42, 20);
    expect(new Set(fleet.map((d) => d.imsi)).size).toBe(20);
    for (const def of fleet) {
      expect(def.imsi).toMatch(/^22801\d{10}$/);
      expect(def.imei).toMatch(/^\d{15}$/);
      expect(luhnDigit(def.imei.slice(0, 14))).toBe(def.imei[14]);
      expect(def.location.lat).toBeGreaterThan(46.5);
      expect(def.location.lat).toBeLessThan(47.8);
      expect(def.location.lng).toBeGreaterThan(6.9);
      expect(def.location.lng).toBeLessThan(9.6);
      const scales = def.channels.filter((c) => c.kind === 'scale');
      const sensors = def.channels.filter((c) => c.kind === 'sensor');
      expect(scales.length).toBeGreaterThanOrEqual(2);
      expect(sensors).toHaveLength(1);
      // the sensor sits in the hive of channel 1
      expect(sensors[0]?.hive.id).toBe(scales[0]?.hive.id);
    }
    expect(fleet[0]?.channels.map((c) => `${c.channel}:${c.kind}`)).toEqual([
      '1:scale',
      '2:scale',
      '3:scale',
      '4:scale',
      '5:sensor',
    ]);
  });

  it('generates the same readings for the same seed, split or whole, and others for another seed', () => {
    const from = Date.UTC(2025, 3, 1);
    const mid = from + 2 * DAY_MS + 7 * 60_000;
    const to = from + 4 * DAY_MS;
    const [a] = createDemoFleet(9, 1);
    const [b] = createDemoFleet(9, 1);
    const [c] = createDemoFleet(10, 1);
    if (!a || !b || !c) throw new Error('fleet');
    const whole = generateReadings(a, from, to, 30);
    expect(whole.length).toBe(4 * 48);
    expect([...generateReadings(b, from, mid, 30), ...generateReadings(b, mid, to, 30)]).toEqual(whole);
    expect(generateReadings(c, from, to, 30)).not.toEqual(whole);
    const first = whole[0];
    expect(first?.time).toBe('2025-04-01T00:00:00Z');
    expect(first?.channels[0]?.weight).toBeGreaterThan(20);
    expect(first?.channels[4]?.temperature).toBeGreaterThan(10);
    expect(first?.channels[4]?.humidity).toBeGreaterThan(20);
  });

  it('lists the scheduled swarms, harvests and interventions of a controller', () => {
    const [def] = createDemoFleet(3, 1);
    if (!def) throw new Error('fleet');
    const events = modelOf(def).events(Date.UTC(2024, 9, 1), Date.UTC(2025, 9, 1), [
      'harvest',
      'intervention',
    ]);
    expect(events.some((e) => e.kind === 'intervention')).toBe(true);
    expect(events.every((e) => e.channel >= 1 && e.channel <= 4)).toBe(true);
    expect(events.map((e) => e.start)).toEqual([...events.map((e) => e.start)].sort((x, y) => x - y));
  });

  it('reads a tokens file and gives every entry a stable definition', () => {
    const entries = tokensFileSchema.parse([
      { token: 't1', imsi: '228011234567890', imei: '356938035643809' },
      {
        token: 't2',
        imsi: '228011234567891',
        channels: [
          { channel: 2, kind: 'scale' },
          { channel: 6, kind: 'sensor' },
        ],
      },
    ]);
    const [d1, d2] = devicesFromTokens(entries);
    expect(d1?.def.channels.map((c) => c.channel)).toEqual([1, 2, 3, 4, 5]);
    expect(d2?.def.imei).toMatch(/^\d{15}$/);
    expect(d2?.def.channels[1]?.hive.id).toBe('228011234567891/2');
    expect(devicesFromTokens(entries)[1]?.def).toEqual(d2?.def);
    expect(tokensFileSchema.safeParse([{ token: 't', imsi: '123' }]).success).toBe(false);
  });

  it('the virtual clock runs X times real time', () => {
    let real = 1_000;
    const clock = new VirtualClock(3600, Date.UTC(2025, 0, 1), () => real);
    real += 2_000;
    expect(clock.now()).toBe(Date.UTC(2025, 0, 1) + 2 * 3_600_000);
    expect(clock.realDuration(3_600_000)).toBe(1_000);
  });
});
