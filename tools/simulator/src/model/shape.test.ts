import { describe, expect, it } from 'vitest';
import { HiveModel } from './hive';
import { DAY_MS, HOUR_MS, MINUTE_MS, localHour } from './time';
import type { DayPlan } from './schedule';

const hives = (count: number, extra: object = {}): HiveModel[] =>
  Array.from({ length: count }, (_, i) => new HiveModel(1000 + i, { id: `hive-${i}`, ...extra }));

/** Days in [from, to) of a hive, one plan each. */
function plans(hive: HiveModel, from: number, to: number): DayPlan[] {
  const out: DayPlan[] = [];
  for (let t = hive.dayPlan(from).start + HOUR_MS; t < to; t += DAY_MS) out.push(hive.dayPlan(t));
  return out;
}

/** The load-cell weight every 15 min of a day, with the local (Europe/Zurich) hour. */
function dayCurve(hive: HiveModel, plan: DayPlan): { hour: number; weight: number }[] {
  const out: { hour: number; weight: number }[] = [];
  const step = 15 * MINUTE_MS;
  for (let t = Math.ceil(plan.start / step) * step; t < plan.start + DAY_MS; t += step) {
    out.push({ hour: localHour(t), weight: hive.weight(t) });
  }
  return out;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

/** A quiet day: nothing but foraging and consumption (no event today, no rain yesterday). */
const quiet = (hive: HiveModel, plan: DayPlan): boolean =>
  plan.events.length === 0 && hive.dayPlan(plan.start - HOUR_MS).events.every((e) => e.kind !== 'rain');

describe('hive model: daily foraging sawtooth', () => {
  it('on a quiet flow day the minimum falls in the morning/midday and the evening is above it', () => {
    let checked = 0;
    for (const hive of hives(6)) {
      const flowDays = plans(hive, Date.UTC(2025, 3, 20), Date.UTC(2025, 6, 20)).filter(
        (p) => p.intake > 0.6 && p.flight > 0.7 && quiet(hive, p),
      );
      for (const plan of flowDays.slice(0, 5)) {
        const curve = dayCurve(hive, plan);
        const min = curve.reduce((a, b) => (b.weight < a.weight ? b : a));
        const evening = curve.find((c) => c.hour >= 21 && c.hour < 21.25);
        const morning = curve.find((c) => c.hour >= 6 && c.hour < 6.25);
        expect(min.hour).toBeGreaterThanOrEqual(8);
        expect(min.hour).toBeLessThanOrEqual(15);
        expect(evening?.weight ?? -Infinity).toBeGreaterThan(min.weight + 0.2);
        // a flow day ends heavier than it started
        if (plan.net > 0.1) expect(evening?.weight ?? -Infinity).toBeGreaterThan(morning?.weight ?? Infinity);
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(20);
  });

  it('the median diurnal profile of a season has a morning loss and an afternoon gain', () => {
    const byHour = new Map<number, number[]>();
    for (const hive of hives(4)) {
      for (const plan of plans(hive, Date.UTC(2025, 3, 15), Date.UTC(2025, 7, 1))) {
        const curve = dayCurve(hive, plan);
        const base = curve.find((c) => c.hour >= 6 && c.hour < 6.25)?.weight ?? NaN;
        for (const c of curve) {
          if (c.hour % 1 !== 0) continue;
          byHour.set(c.hour, [...(byHour.get(c.hour) ?? []), c.weight - base]);
        }
      }
    }
    const profile = (hour: number): number => median(byHour.get(hour) ?? []);
    expect(profile(12)).toBeLessThan(-0.15); // foragers out: morning loss
    expect(profile(20)).toBeGreaterThan(profile(12) + 0.3); // back with nectar: afternoon gain
    expect(profile(12)).toBeLessThan(profile(9));
  });

  it('gains in the flows on average and loses in the late-summer dearth and in winter', () => {
    const mean = (ps: DayPlan[]): number => ps.reduce((s, p) => s + p.intake - p.loss, 0) / ps.length;
    const all = hives(10);
    const flow = all.flatMap((h) => plans(h, Date.UTC(2025, 4, 1), Date.UTC(2025, 4, 25)));
    expect(mean(flow)).toBeGreaterThan(0.05);
    for (const hive of all) {
      for (const p of plans(hive, Date.UTC(2025, 7, 15), Date.UTC(2025, 8, 20))) {
        expect(p.intake - p.loss).toBeLessThan(0);
      }
    }
  });
});

describe('hive model: winter', () => {
  it('loses 20–60 g per day in the winter cluster (day plans)', () => {
    for (const hive of hives(10)) {
      for (const year of [2023, 2024, 2025]) {
        for (const p of plans(hive, Date.UTC(year, 11, 1), Date.UTC(year + 1, 1, 1))) {
          expect(-p.net).toBeGreaterThanOrEqual(0.02);
          expect(-p.net).toBeLessThanOrEqual(0.06);
        }
      }
    }
  });

  it('the measured series falls 20–60 g per day over December and January', () => {
    for (const hive of hives(5)) {
      const xs: number[] = [];
      const ys: number[] = [];
      for (let t = Date.UTC(2024, 11, 1, 2, 7); t < Date.UTC(2025, 1, 1); t += DAY_MS) {
        xs.push(t / DAY_MS);
        ys.push(hive.weight(t));
      }
      const mx = xs.reduce((a, b) => a + b) / xs.length;
      const my = ys.reduce((a, b) => a + b) / ys.length;
      let sxy = 0;
      let sxx = 0;
      xs.forEach((x, i) => {
        sxy += (x - mx) * ((ys[i] ?? 0) - my);
        sxx += (x - mx) ** 2;
      });
      const slope = sxy / sxx;
      expect(slope).toBeLessThan(-0.015);
      expect(slope).toBeGreaterThan(-0.065);
    }
  });
});

describe('hive model: determinism', () => {
  it('the same seed and params give the same series, in any evaluation order', () => {
    const times = Array.from({ length: 300 }, (_, i) => Date.UTC(2024, 0, 1) + i * 1_234_567 * 97);
    const a = new HiveModel(5, { id: 'x' });
    const b = new HiveModel(5, { id: 'x' });
    const forward = times.map((t) => a.weight(t));
    const backward = [...times].reverse().map((t) => b.weight(t));
    expect(backward.reverse()).toEqual(forward);
    expect(times.map((t) => a.climate(t))).toEqual(times.map((t) => b.climate(t)));
    expect(a.events(times[0] ?? 0, times[times.length - 1] ?? 0)).toEqual(
      b.events(times[0] ?? 0, times[times.length - 1] ?? 0),
    );
    const other = new HiveModel(6, { id: 'x' });
    expect(times.map((t) => other.weight(t))).not.toEqual(forward);
  });
});
