import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_SEEDS, alarmsOn, evaluate, type Result } from '../../../../test/alarm-quality/evaluate';

/**
 * The measured quality on a held-out corpus (docs/alarms.md "Measured quality"): apiaries whose seeds the
 * thresholds were not tuned on, 1–8 hives from nucleus to strong production colony, one season each, sampled
 * every 15 minutes and every hour, scored against the simulator's own events. The guarantee: with 15-minute
 * readings swarm recall ≥ 95 % with ≤ 1 false swarm alarm per hive-season; with hourly readings (a swarm and
 * the bees' morning departure within the same reading or two) recall ≥ 90 % with ≤ 0.5 false swarm alarms per
 * hive-season; inspections and rain raise (next to) none at either rate.
 */
describe('weight alarms: quality on a held-out simulated corpus', () => {
  let quarter: Result;
  let hourly: Result;
  beforeAll(() => {
    [quarter, hourly] = evaluate(TEST_SEEDS) as [Result, Result];
    // whole seasons of simulated apiaries at two rates: 35 s alone on one core; in `npm test` it shares two cores
    // with the browser lane and took over 120 s once (the unit lane still ends minutes before the browser lane)
  }, 300_000);

  const recall = (r: Result): number => (r.events.hits.swarm ?? 0) / (r.events.events.swarm ?? 0);
  const falsePerSeason = (r: Result): number => (r.events.falseAlarms.swarm ?? 0) / r.events.hiveSeasons;

  it('the corpus holds swarms, inspections, rain and strong colonies to judge by', () => {
    for (const r of [quarter, hourly]) {
      expect(r.events.hiveSeasons).toBeGreaterThanOrEqual(60);
      expect(r.events.events.swarm).toBeGreaterThan(30);
      expect(r.events.events.intervention).toBeGreaterThan(500);
      expect(r.events.events.rain).toBeGreaterThan(2000);
      expect(r.sizes.strong?.seasons).toBeGreaterThan(10);
      expect(r.sizes.nucleus?.seasons).toBeGreaterThan(5);
    }
  });

  it('15-minute readings: swarm recall ≥ 95 %, ≤ 1 false swarm alarm per hive-season', () => {
    expect(recall(quarter)).toBeGreaterThanOrEqual(0.95);
    expect(falsePerSeason(quarter)).toBeLessThanOrEqual(1);
  });

  it('hourly readings: swarm recall ≥ 90 %, ≤ 0.5 false swarm alarms per hive-season', () => {
    expect(recall(hourly)).toBeGreaterThanOrEqual(0.9);
    expect(falsePerSeason(hourly)).toBeLessThanOrEqual(0.5);
  });

  it('inspections and rain raise no alarm (at most one in 500 inspections and one in 5,000 showers)', () => {
    for (const r of [quarter, hourly]) {
      expect(alarmsOn(r, 'intervention')).toBeLessThanOrEqual((r.events.events.intervention ?? 0) / 500);
      expect(alarmsOn(r, 'rain')).toBeLessThanOrEqual((r.events.events.rain ?? 0) / 5000);
    }
  });

  it('harvests and thefts raise their alarms: disturbance and removed', () => {
    for (const r of [quarter, hourly]) {
      expect(r.events.hits.harvest ?? 0).toBeGreaterThanOrEqual(0.95 * (r.events.events.harvest ?? 1));
      expect(r.events.hits.removal).toBe(r.events.events.removal);
    }
  });
});
