import { describe, expect, it } from 'vitest';
import { downsample } from './columns';

describe('downsample', () => {
  it('returns series within the limit unchanged', () => {
    const columns = { times: [1, 2, 3], values: [1, null, 3] };
    expect(downsample(columns, 0, 10, 5)).toBe(columns);
  });

  it('merges into at most maxPoints time bins with mean values and the extremes of min/max', () => {
    const times = Array.from({ length: 100 }, (_, i) => i * 10);
    const values = times.map((_, i) => (i % 10 === 3 ? null : i));
    const min = values.map((v) => (v === null ? null : v - 1));
    const max = values.map((v) => (v === null ? null : v + 1));
    const out = downsample({ times, values, min, max }, 0, 1000, 12);
    expect(out.times.length).toBeLessThanOrEqual(12);
    expect(out.times.length).toBeGreaterThan(6);
    // every input point lands in exactly one bin: the global extremes survive
    expect(Math.min(...(out.min ?? []).map((m) => m ?? Infinity))).toBe(-1);
    expect(Math.max(...(out.max ?? []).map((m) => m ?? -Infinity))).toBe(100);
    expect(out.times[0]).toBe(0);
    expect(out.values[0]).toBeGreaterThan(0);
  });

  it('uses the values as extremes when there are no min/max columns', () => {
    const out = downsample({ times: [0, 1, 2, 3], values: [5, 1, 9, 2] }, 0, 4, 3);
    expect(out.times).toEqual([0]);
    expect(out).toMatchObject({ values: [4.25], min: [1], max: [9] });
  });
});
