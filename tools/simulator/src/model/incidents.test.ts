import { describe, expect, it } from 'vitest';
import { colonyParams } from './colony';
import { HiveModel } from './hive';
import { DAY_MS, HOUR_MS, MINUTE_MS, solarHour } from './time';

const FROM = Date.UTC(2022, 3, 1);
const TO = Date.UTC(2022, 9, 1);

describe('hive model: incidents (lifted, tipped, taken) and colony sizes', () => {
  it('are off by default: existing series keep the values they had before incidents existed', () => {
    // recorded before the incident and colony-size parameters were added
    const recorded = [
      39.312709, 39.479914, 42.18171, 45.156429, 51.730636, 46.61122, 49.748856, 48.276847, 49.818583,
    ];
    const times = [Date.UTC(2021, 4, 12, 10, 15), Date.UTC(2023, 6, 3, 4), Date.UTC(2024, 11, 24, 18, 45)];
    const now = [1000, 1003, 1007].flatMap((seed) => {
      const hive = new HiveModel(seed, { id: `anchor-${seed}` });
      return times.map((t) => Number(hive.weight(t).toFixed(6)));
    });
    expect(now).toEqual(recorded);
    const events = new HiveModel(1000, { id: 'anchor-1000' }).events(FROM, TO);
    expect(events.length).toBeGreaterThan(50);
    expect(events.filter((e) => e.kind === 'disturbance' || e.kind === 'removal')).toEqual([]);
  });

  it('turning incidents on changes no other value of the series', () => {
    const plain = new HiveModel(42, { id: 'same' });
    const eventful = new HiveModel(42, { id: 'same', disturbanceRate: 0.05, theftChance: 0 });
    const quiet = eventful.events(FROM, TO).filter((e) => e.kind === 'disturbance');
    expect(quiet.length).toBeGreaterThan(3);
    let compared = 0;
    for (let t = FROM; t < TO; t += 7 * HOUR_MS) {
      if (quiet.some((e) => t >= e.start && t < e.end)) continue;
      expect(eventful.weight(t)).toBe(plain.weight(t));
      compared++;
    }
    expect(compared).toBeGreaterThan(500);
  });

  it('a lifted hive reads next to nothing for 10–60 min; a tipped one reads 40–90 % less until set right', () => {
    const hive = new HiveModel(7, { id: 'bumpy', disturbanceRate: 0.1, glitches: false });
    const incidents = hive.events(FROM, TO, ['disturbance']);
    expect(incidents.filter((e) => e.variant === 'lift').length).toBeGreaterThan(3);
    expect(incidents.filter((e) => e.variant === 'tip').length).toBeGreaterThan(3);
    for (const e of incidents) {
      const mid = (e.start + e.end) / 2;
      if (e.variant === 'lift') {
        expect((e.end - e.start) / MINUTE_MS).toBeGreaterThanOrEqual(10);
        expect((e.end - e.start) / MINUTE_MS).toBeLessThanOrEqual(60);
        expect(Math.abs(hive.weight(mid))).toBeLessThan(0.3);
      } else {
        const share = (hive.trueWeight(mid) - hive.weight(mid)) / hive.trueWeight(mid);
        expect(share).toBeGreaterThan(0.35);
        expect(share).toBeLessThan(0.95);
      }
      // the hive itself is unchanged: only what the load cell reads
      expect(hive.trueWeight(mid)).toBeGreaterThan(20);
    }
  });

  it('a hive taken reads next to nothing until the end of the bee year; the whole stand goes at once', () => {
    const stand = [1, 2, 3].map(
      (c) => new HiveModel(5, { id: `stand/${c}`, weatherSeed: 99, standTheftChance: 1 }),
    );
    const taken = stand.map((h) => h.events(FROM, TO, ['removal']));
    expect(taken.every((list) => list.length === 1 && list[0]?.variant === 'stand')).toBe(true);
    const start = taken[0]?.[0]?.start ?? 0;
    expect(taken.every((list) => list[0]?.start === start)).toBe(true);
    for (const hive of stand) {
      expect(hive.weight(start - HOUR_MS)).toBeGreaterThan(20);
      for (let t = start + MINUTE_MS; t < TO; t += 5 * DAY_MS)
        expect(Math.abs(hive.weight(t))).toBeLessThan(0.3);
      // nothing else happens to a hive that is gone
      expect(hive.events(start + MINUTE_MS, TO, ['swarm', 'intervention', 'harvest', 'feeding'])).toEqual([]);
    }
    const own = new HiveModel(5, { id: 'alone', theftChance: 1 }).events(FROM, TO, ['removal']);
    expect(own.map((e) => e.variant)).toEqual(['hive']);
  });

  it('colony sizes: a nucleus of about 12 kg, a production colony of 100 kg and more losing > 1 kg an hour at departure', () => {
    const nucleus = new HiveModel(3, { id: 'n', ...colonyParams('nucleus', 3, 'n') });
    const strong = new HiveModel(3, { id: 's', ...colonyParams('strong', 3, 's') });
    const may = Date.UTC(2022, 4, 20, 12);
    expect(nucleus.trueWeight(may)).toBeGreaterThan(8);
    expect(nucleus.trueWeight(may)).toBeLessThan(18);
    let heaviest = 0;
    let fastest = 0;
    for (let t = FROM; t < TO; t += HOUR_MS) {
      heaviest = Math.max(heaviest, strong.trueWeight(t));
      const hour = solarHour(t, strong.site.lng);
      if (hour >= 7.5 && hour < 10.5)
        fastest = Math.max(fastest, strong.trueWeight(t) - strong.trueWeight(t + HOUR_MS));
    }
    expect(heaviest).toBeGreaterThanOrEqual(100);
    expect(fastest).toBeGreaterThan(1);
  });
});
