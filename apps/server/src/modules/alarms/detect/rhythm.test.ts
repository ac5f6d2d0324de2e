import { describe, expect, it } from 'vitest';
import {
  DAY,
  HOUR,
  MAY,
  STANDARD,
  STRONG,
  hive,
  input,
  local,
  series,
  step,
  type Change,
} from './detect.fixtures';
import { detectWeightAlarms } from './index';

/**
 * The weight wanders through the day by about `sd` kg an hour (foragers and nectar coming and going with the
 * weather), differently every day, and drifts back overnight. Deterministic: a fixed hash of each daytime hour.
 */
const restless =
  (sd: number): Change =>
  (t) => {
    const day = Math.floor((t - MAY) / DAY);
    const hourOf = (x: number) => (x - MAY - day * DAY) / HOUR;
    const change = (h: number) => {
      const x = Math.sin((day * 24 + h) * 12.9898) * 43_758.5453;
      return sd * 2 * Math.sqrt(3) * (x - Math.floor(x) - 0.5); // uniform, standard deviation `sd`
    };
    let w = 0;
    for (let h = 9; h < 19; h++) w += change(h) * Math.min(1, Math.max(0, hourOf(t) - h));
    return hourOf(t) > 19 ? w * Math.max(0, 1 - (hourOf(t) - 19) / 5) : w;
  };

const FROM = MAY;
const TO = MAY + 18 * DAY;
const AT = local(16, 13.5);
const swarmOf = (minutes: number, weight: (t: number) => number) =>
  detectWeightAlarms(input([series(1, FROM, TO, minutes, weight)])).find((e) => e.type === 'swarm');

describe('what a swarm alarm says it saw', () => {
  it('a 2.5 kg swarm leaving within 20 minutes on a calm colony: within the hour, against a rhythm of grams', () => {
    const seen = swarmOf(15, hive(STANDARD, step(AT, -2.5, 20)))?.seen;
    expect(seen?.minutes).toBeGreaterThanOrEqual(15);
    expect(seen?.minutes).toBeLessThanOrEqual(60);
    expect(Math.abs(seen?.usual ?? Infinity)).toBeLessThan(0.1);
    expect(seen?.spread).toBeLessThan(0.05);
  });

  it('the same swarm on a strong colony whose hours vary by 0.5 kg, read hourly: a spread of that order', () => {
    const seen = swarmOf(60, hive(STRONG, restless(0.5), step(AT, -3.5, 20)))?.seen;
    expect(seen?.minutes).toBeGreaterThanOrEqual(60);
    expect(seen?.minutes).toBeLessThanOrEqual(120);
    expect(seen?.spread).toBeGreaterThan(0.25);
    expect(seen?.spread).toBeLessThan(1.5);
  });

  it('a scale with three days of history has no rhythm yet: a disturbance says so (null), it does not guess', () => {
    const harvest = hive(STANDARD, step(local(4, 11), -10, 10));
    const events = detectWeightAlarms(input([series(1, FROM, FROM + 5 * DAY, 15, harvest)]));
    const lift = events.find((e) => e.type === 'disturbance');
    expect(lift?.seen?.minutes).toBeGreaterThan(0);
    expect(lift?.seen?.spread).toBeNull();
  });
});
