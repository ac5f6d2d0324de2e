import { describe, expect, it } from 'vitest';
import type { SeriesResponse } from '@hivescope/contract';
import { batches, sparklinePaths, sparklineTrend, weightsByScale } from './sparkline';

describe('dashboard sparklines', () => {
  it('asks for at most 20 scales per series call', () => {
    const ids = Array.from({ length: 45 }, (_, i) => i + 1);
    const out = batches(ids);
    expect(out.map((b) => b.length)).toEqual([20, 20, 5]);
    expect(out.flat()).toEqual(ids);
    expect(batches([])).toEqual([]);
  });

  it('picks the weight series of each scale from an answer', () => {
    const common = { controllerId: 7, status: 'ok', unit: 'kg', resolution: 'hourly' } as const;
    const response: SeriesResponse = {
      xmin: 0,
      xmax: 10,
      resolution: 'hourly',
      series: [
        { ...common, kind: 'scale', id: 1, series: 'weight', times: [1, 2], values: [40, 41] },
        { ...common, kind: 'scale', id: 1, series: 'temperature', times: [1], values: [20] },
        { ...common, kind: 'scale', id: 2, series: 'weight', times: [3], values: [null] },
      ],
    };
    const map = weightsByScale(response);
    expect([...map.keys()]).toEqual([1, 2]);
    expect(map.get(1)).toEqual({ times: [1, 2], values: [40, 41] });
  });

  it('scales the line into the box, highest weight at the top, and breaks it at gaps', () => {
    const data = { times: [0, 25, 50, 100], values: [40, 42, null, 41] };
    expect(sparklinePaths(data, { xmin: 0, xmax: 100 }, 100, 22)).toEqual(['0,21 25,1', '100,11']);
  });

  it('draws a flat series in the middle and nothing without values', () => {
    expect(sparklinePaths({ times: [0, 10], values: [5, 5] }, { xmin: 0, xmax: 10 }, 10, 20)).toEqual([
      '0,10 10,10',
    ]);
    expect(sparklinePaths({ times: [0], values: [null] }, { xmin: 0, xmax: 10 }, 10, 20)).toEqual([]);
  });

  it('summarises the trend from the first to the last known weight', () => {
    expect(sparklineTrend({ times: [1, 2, 3], values: [null, 40.5, 43.25] })).toEqual({
      first: 40.5,
      last: 43.25,
      change: 2.75,
    });
    expect(sparklineTrend({ times: [], values: [] })).toBeNull();
  });
});
