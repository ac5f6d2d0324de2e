import { describe, expect, it } from 'vitest';
import { ambientTemperature } from './climate';
import { DeviceModel } from './device';
import type { HiveEvent, HiveEventKind } from './events';
import { HiveModel } from './hive';
import { DAY_MS, HOUR_MS, MINUTE_MS, localHour } from './time';

const FROM = Date.UTC(2019, 9, 1);
const TO = Date.UTC(2025, 9, 1);
const hives = Array.from({ length: 30 }, (_, i) => new HiveModel(77 + i, { id: `h${i}` }));

function collect(kinds: readonly HiveEventKind[]): { hive: HiveModel; event: HiveEvent }[] {
  return hives.flatMap((hive) => hive.events(FROM, TO, kinds).map((event) => ({ hive, event })));
}

/** Other events of that hive overlapping [from, to] (they would blur a measured drop). */
const disturbed = (hive: HiveModel, e: HiveEvent, from: number, to: number): boolean =>
  hive
    .events(from - DAY_MS, to + HOUR_MS)
    .some((o) => o !== e && o.start <= to && o.end >= from && o.kind !== 'rain');

const month = (t: number): number => new Date(t).getUTCMonth();

describe('hive model: events', () => {
  it('swarms drop 1–4 kg within an hour around midday, in spring and summer only', () => {
    const swarms = collect(['swarm']);
    expect(swarms.length).toBeGreaterThan(20);
    for (const { hive, event } of swarms) {
      expect(month(event.start)).toBeGreaterThanOrEqual(3); // April…
      expect(month(event.start)).toBeLessThanOrEqual(7); // …August
      expect(localHour(event.start)).toBeGreaterThanOrEqual(10);
      expect(localHour(event.end)).toBeLessThanOrEqual(16);
      expect(event.end - event.start).toBeLessThanOrEqual(HOUR_MS);
      expect(-event.amount).toBeGreaterThanOrEqual(1);
      expect(-event.amount).toBeLessThanOrEqual(4);
      const before = event.start - MINUTE_MS;
      const after = before + HOUR_MS;
      if (disturbed(hive, event, before, after)) continue;
      const drop = hive.trueWeight(before) - hive.trueWeight(after);
      expect(drop).toBeGreaterThan(-event.amount - 0.6);
      expect(drop).toBeLessThan(-event.amount + 0.6);
    }
  });

  it('a harvest is a step down of 5–20 kg in summer that stays down', () => {
    const harvests = collect(['harvest']);
    expect(harvests.length).toBeGreaterThan(30);
    for (const { hive, event } of harvests) {
      expect(month(event.start)).toBeGreaterThanOrEqual(4); // May…
      expect(month(event.start)).toBeLessThanOrEqual(7); // …August
      expect(-event.amount).toBeGreaterThanOrEqual(5);
      expect(-event.amount).toBeLessThanOrEqual(20);
      expect(hive.dayPlan(event.start).events.some((e) => e.kind === 'intervention')).toBe(false);
      const before = hive.trueWeight(event.start - MINUTE_MS);
      const after = hive.trueWeight(event.end + MINUTE_MS);
      const rainy = hive.events(event.start - DAY_MS, event.end).some((e) => e.kind === 'rain');
      if (!rainy) expect(after - before).toBeCloseTo(event.amount, 0);
      // no bounce back: a day later it is still far below
      expect(hive.trueWeight(event.start + DAY_MS) - before).toBeLessThan(event.amount + 3);
    }
  });

  it('a lifted lid takes several kg off for 5–30 minutes, then the weight is back', () => {
    const lids = collect(['intervention']);
    expect(lids.length).toBeGreaterThan(100);
    for (const { hive, event } of lids.slice(0, 200)) {
      const minutes = (event.end - event.start) / MINUTE_MS;
      expect(minutes).toBeGreaterThanOrEqual(5);
      expect(minutes).toBeLessThanOrEqual(30);
      expect(-event.amount).toBeGreaterThanOrEqual(2);
      expect(-event.amount).toBeLessThanOrEqual(8);
      const before = hive.trueWeight(event.start - MINUTE_MS);
      const during = hive.trueWeight((event.start + event.end) / 2);
      const after = hive.trueWeight(event.end + MINUTE_MS);
      expect(during - before).toBeCloseTo(event.amount, 0);
      expect(Math.abs(after - before)).toBeLessThan(0.3);
    }
  });

  it('rain adds 0.2–1 kg that dries off within hours', () => {
    let checked = 0;
    for (const { hive, event } of collect(['rain'])) {
      expect(event.amount).toBeGreaterThanOrEqual(0.2);
      expect(event.amount).toBeLessThanOrEqual(1);
      // measure on calm winter days: no foraging, no other rain within 12 hours
      const calm =
        [11, 0].includes(month(event.start)) &&
        hive.dayPlan(event.start).flight < 0.05 &&
        hive
          .events(event.start - DAY_MS, event.end + DAY_MS)
          .every(
            (o) => o === event || o.end < event.start - 12 * HOUR_MS || o.start > event.end + 12 * HOUR_MS,
          );
      if (!calm) continue;
      const before = hive.trueWeight(event.start);
      const soaked = event.amount * Math.min(1, (event.end - event.start) / HOUR_MS);
      expect(hive.trueWeight(event.end) - before).toBeGreaterThan(soaked - 0.03);
      expect(hive.trueWeight(event.end) - before).toBeLessThan(soaked + 0.01);
      const later = hive.trueWeight(event.end + 12 * HOUR_MS) - before;
      expect(Math.abs(later)).toBeLessThan(0.1); // dried off; only some consumption left
      checked++;
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('glitches: spikes, 0 kg drop-outs and stuck values appear in the readings', () => {
    const glitches = collect(['spike', 'dropout', 'stuck']);
    const kinds = new Set(glitches.map((g) => g.event.kind));
    expect(kinds).toEqual(new Set(['spike', 'dropout', 'stuck']));
    for (const { hive, event } of glitches.slice(0, 50)) {
      if (event.kind === 'dropout') expect(hive.weight(event.start)).toBe(0);
      if (event.kind === 'spike')
        expect(hive.weight(event.start) - hive.trueWeight(event.start)).toBeGreaterThan(45);
      if (event.kind === 'stuck') {
        expect(hive.weight(event.start + 20 * MINUTE_MS)).toBe(hive.weight(event.start + 50 * MINUTE_MS));
      }
    }
  });
});

describe('climate and controller status', () => {
  const hive = hives[0] as HiveModel;

  it('brood nest at 34–35 °C in summer, cooler in winter; July warmer than January outside', () => {
    const june = hive.climate(Date.UTC(2025, 5, 15, 10));
    const january = hive.climate(Date.UTC(2025, 0, 15, 10));
    expect(june.temperature).toBeGreaterThan(33.8);
    expect(june.temperature).toBeLessThan(35.4);
    expect(january.temperature).toBeLessThan(30);
    const mean = (m: number): number => {
      let sum = 0;
      for (let d = 0; d < 28; d++) sum += ambientTemperature(hive.site, Date.UTC(2025, m, 1 + d, 12));
      return sum / 28;
    };
    expect(mean(6) - mean(0)).toBeGreaterThan(10);
  });

  it('load-cell drift follows the temperature', () => {
    const still = new HiveModel(3, { id: 'still', noise: 0, glitches: false, driftPerDegree: 0.015 });
    const t = Date.UTC(2025, 2, 3, 14);
    const drift = still.weight(t) - still.trueWeight(t);
    expect(drift).toBeCloseTo(0.015 * (ambientTemperature(still.site, t) - 20), 6);
  });

  it('battery 3.5–4.2 V, signal −100..−60 dBm, and flat periods with recharge', () => {
    const device = new DeviceModel(11, hive.site);
    let flatHours = 0;
    for (let t = Date.UTC(2022, 0, 1); t < Date.UTC(2026, 0, 1); t += 6 * HOUR_MS) {
      if (device.isFlat(t)) {
        flatHours += 6;
        continue;
      }
      const s = device.status(t);
      expect(s.voltage).toBeGreaterThanOrEqual(3.5);
      expect(s.voltage).toBeLessThanOrEqual(4.2);
      expect(s.signal).toBeGreaterThanOrEqual(-100);
      expect(s.signal).toBeLessThanOrEqual(-60);
    }
    expect(flatHours).toBeGreaterThan(0);
    expect(flatHours).toBeLessThan(4 * 365 * 24 * 0.1);
  });
});
