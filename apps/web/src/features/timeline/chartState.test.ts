import { describe, expect, it } from 'vitest';
import {
  decodeChartState,
  emptyChartState,
  encodeChartState,
  shownControllers,
  shownScales,
  toggleSeries,
  type ChartState,
} from './chartState';
import { localDayStart, timelineLink, timelineMomentLink, timelineRangeLink } from '../../lib/timelineUrl';

const full: ChartState = {
  series: [
    { kind: 'scale', id: 12, series: 'weight' },
    { kind: 'scale', id: 12, series: 'temperature' },
    { kind: 'controller', id: 7, series: 'windSpeed' },
    { kind: 'scale', id: 30, series: 'weight' },
  ],
  expanded: [7, 9],
  xmin: 1_748_736_000,
  xmax: 1_751_328_000,
  preset: '30d',
  interventionFilter: ['inspection', 'feeding'],
  compare: true,
  reference: 1_749_000_000,
  live: null,
};

describe('chart state in the URL', () => {
  it('round-trips every field a person changes, in a readable query', () => {
    const query = encodeChartState(full);
    expect(query).toBe(
      'series=s12.weight,s12.temperature,c7.windSpeed,s30.weight&expanded=7,9&xmin=1748736000&xmax=1751328000&preset=30d&filter=inspection,feeding&compare=1&ref=1749000000',
    );
    expect(decodeChartState(query)).toEqual(full);
    expect(decodeChartState(`?${query}`)).toEqual(full);
  });

  it('an empty state is an empty query, and an empty query the empty state', () => {
    expect(encodeChartState(emptyChartState)).toBe('');
    expect(decodeChartState('')).toEqual(emptyChartState);
  });

  it('drops unknown series, wrong kinds, bad ids, duplicates and unknown labels without failing', () => {
    const state = decodeChartState(
      'series=s12.weight,s12.weight,s12.windSpeed,c7.weight,x1.weight,s0.weight,s12.nope,c7.pressure&expanded=7,abc,-1,7&filter=inspection,bogus',
    );
    expect(state.series).toEqual([
      { kind: 'scale', id: 12, series: 'weight' },
      { kind: 'controller', id: 7, series: 'pressure' },
    ]);
    expect(state.expanded).toEqual([7]);
    expect(state.interventionFilter).toEqual(['inspection']);
  });

  it('keeps a range only when both ends are valid epoch seconds in order; the preset only with a range', () => {
    expect(decodeChartState('xmin=1751328000&xmax=1748736000&preset=7d')).toMatchObject({
      xmin: null,
      xmax: null,
      preset: null,
    });
    expect(decodeChartState('xmin=12&xmax=1748736000')).toMatchObject({ xmin: null, xmax: null });
    expect(decodeChartState('xmin=1748736000&xmax=1751328000&preset=fortnight')).toMatchObject({
      xmin: 1_748_736_000,
      preset: null,
    });
  });

  it('a reference time counts only in compare mode', () => {
    expect(decodeChartState('ref=1749000000')).toMatchObject({ compare: false, reference: null });
    expect(decodeChartState('compare=1')).toMatchObject({ compare: true, reference: null });
    expect(encodeChartState({ ...emptyChartState, reference: 1_749_000_000 })).toBe('');
  });

  it('showing a series expands its controller; hiding it keeps the controller open', () => {
    const shown = toggleSeries(emptyChartState, { kind: 'scale', id: 12, series: 'weight' }, true, 7);
    expect(shown.expanded).toEqual([7]);
    expect(shownScales(shown)).toEqual([12]);
    const weather = toggleSeries(shown, { kind: 'controller', id: 9, series: 'pressure' }, true, 9);
    expect(weather.expanded).toEqual([7, 9]);
    expect(shownControllers(weather)).toEqual([9]);
    const hidden = toggleSeries(weather, { kind: 'scale', id: 12, series: 'weight' }, false, 7);
    expect(shownScales(hidden)).toEqual([]);
    expect(hidden.expanded).toEqual([7, 9]);
  });
});

describe('live mode in the URL', () => {
  it('round-trips the sliding window and leaves the fixed range out', () => {
    const live: ChartState = { ...full, live: '7d', preset: '7d', xmin: null, xmax: null };
    const query = encodeChartState({ ...live, xmin: full.xmin, xmax: full.xmax });
    expect(query).toContain('live=7d');
    expect(query).not.toContain('xmin');
    expect(decodeChartState(query)).toEqual(live);
  });

  it('drops unknown windows and ignores xmin/xmax while live', () => {
    expect(decodeChartState('live=1y&xmin=1748736000&xmax=1751328000').live).toBeNull();
    const state = decodeChartState('live=24h&xmin=1748736000&xmax=1751328000&preset=30d');
    expect(state).toMatchObject({ live: '24h', preset: '24h', xmin: null, xmax: null });
  });
});

describe('timeline links from other screens (lib/timelineUrl.ts)', () => {
  it('decode to the scales’ weights over the last 7 days with their controllers expanded', () => {
    const now = new Date(1_751_328_000_000);
    const link = timelineLink(
      [
        { idscale: 12, controllerId: 7 },
        { idscale: 13, controllerId: 7 },
      ],
      '7d',
      now,
    );
    const url = new URL(link, 'https://hivescope.test');
    expect(url.pathname).toBe('/timeline');
    expect(decodeChartState(url.search)).toEqual({
      ...emptyChartState,
      series: [
        { kind: 'scale', id: 12, series: 'weight' },
        { kind: 'scale', id: 13, series: 'weight' },
      ],
      expanded: [7],
      xmin: 1_751_328_000 - 7 * 86_400,
      xmax: 1_751_328_000,
      preset: '7d',
    });
    expect(encodeChartState(decodeChartState(url.search))).toBe(url.search.slice(1));
  });

  it('decode a range link (the heat map’s cells) to the scale’s weight over that range, no preset', () => {
    const range = {
      xmin: localDayStart('2025-05-09', 'Europe/Zurich'),
      xmax: localDayStart('2025-05-16', 'Europe/Zurich'),
    };
    const url = new URL(
      timelineRangeLink([{ idscale: 12, controllerId: 7 }], range),
      'https://hivescope.test',
    );
    expect(url.pathname).toBe('/timeline');
    expect(decodeChartState(url.search)).toEqual({
      ...emptyChartState,
      series: [{ kind: 'scale', id: 12, series: 'weight' }],
      expanded: [7],
      xmin: Date.parse('2025-05-08T22:00:00Z') / 1000,
      xmax: Date.parse('2025-05-15T22:00:00Z') / 1000,
    });
  });

  it('decode an alarm link to the scale’s weight 12 hours either side of the moment', () => {
    const link = timelineMomentLink({ idscale: 12, controllerId: 7, time: '2025-07-01T00:00:00.000Z' });
    const url = new URL(link, 'https://hivescope.test');
    expect(decodeChartState(url.search)).toEqual({
      ...emptyChartState,
      series: [{ kind: 'scale', id: 12, series: 'weight' }],
      expanded: [7],
      xmin: 1_751_328_000 - 12 * 3600,
      xmax: 1_751_328_000 + 12 * 3600,
    });
  });

  it("decode a device alarm's link to the controller's battery voltage around the moment", () => {
    const link = timelineMomentLink({ idscale: null, controllerId: 7, time: '2025-07-01T00:00:00.000Z' });
    const url = new URL(link, 'https://hivescope.test');
    expect(decodeChartState(url.search)).toEqual({
      ...emptyChartState,
      series: [{ kind: 'controller', id: 7, series: 'batteryVoltage' }],
      expanded: [7],
      xmin: 1_751_328_000 - 12 * 3600,
      xmax: 1_751_328_000 + 12 * 3600,
    });
  });
});
