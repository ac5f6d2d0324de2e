import { describe, expect, it } from 'vitest';
import type { SeriesData, SeriesRequest, SeriesResponse } from '@hivescope/contract';
import { blocksChart } from './loading';

const line = (over: Partial<SeriesData>): SeriesData => ({
  kind: 'scale',
  id: 12,
  controllerId: 7,
  series: 'weight',
  status: 'ok',
  unit: 'kg',
  resolution: 'raw',
  times: [1000],
  values: [40],
  ...over,
});
const request: SeriesRequest = {
  scales: [12],
  controllers: [7],
  series: ['weight', 'windSpeed'],
  xmin: 1000,
  xmax: 2000,
};
const shown = (
  xmin: number,
  xmax: number,
  series = [line({}), line({ kind: 'controller', id: 7, series: 'windSpeed' })],
): SeriesResponse => ({
  xmin,
  xmax,
  resolution: 'raw',
  series,
});

describe('the loading overlay of the timeline chart covers it only when the view changes', () => {
  it('covers nothing when no call is running', () => {
    expect(blocksChart(request, undefined, false, false)).toBe(false);
    expect(blocksChart(request, shown(0, 1), false, true)).toBe(false);
  });

  it('covers the chart while nothing is shown yet', () => {
    expect(blocksChart(request, undefined, true, false)).toBe(true);
    expect(blocksChart(request, undefined, true, true)).toBe(true);
  });

  it('leaves the chart alone on a refetch of the same view, and on the live window moving on', () => {
    expect(blocksChart(request, shown(1000, 2000), true, false)).toBe(false);
    // live: a minute later, the same span
    expect(blocksChart({ ...request, xmin: 1060, xmax: 2060 }, shown(1000, 2000), true, true)).toBe(false);
  });

  it('covers the chart when the range changes by hand, or the live window changes its span', () => {
    expect(blocksChart({ ...request, xmin: 500 }, shown(1000, 2000), true, false)).toBe(true);
    expect(blocksChart({ ...request, xmin: 1060, xmax: 2060 }, shown(1000, 2000), true, false)).toBe(true);
    expect(blocksChart({ ...request, xmin: 0, xmax: 2060 }, shown(1000, 2000), true, true)).toBe(true);
  });

  it('covers the chart when other series are loading', () => {
    expect(blocksChart({ ...request, scales: [12, 13] }, shown(1000, 2000), true, true)).toBe(true);
    expect(
      blocksChart({ ...request, series: ['weight'], controllers: [] }, shown(1000, 2000), true, true),
    ).toBe(true);
    expect(blocksChart(request, shown(1000, 2000, [line({})]), true, false)).toBe(true);
  });
});
