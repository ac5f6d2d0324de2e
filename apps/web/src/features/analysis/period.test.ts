import { describe, expect, it } from 'vitest';
import { cellColor, scaleMax } from './colors';
import { heatmapPeriod, parsePeriod, presetPeriod } from './period';

describe('analysis periods', () => {
  it('season is 1 March – 31 October, the previous year before March', () => {
    expect(presetPeriod('season', new Date(2026, 5, 10))).toEqual({ from: '2026-03-01', to: '2026-10-31' });
    expect(presetPeriod('season', new Date(2026, 1, 10))).toEqual({ from: '2025-03-01', to: '2025-10-31' });
    expect(presetPeriod('lastSeason', new Date(2026, 5, 10))).toEqual({
      from: '2025-03-01',
      to: '2025-10-31',
    });
  });
  it('winter is the last one begun: October to March', () => {
    expect(presetPeriod('winter', new Date(2026, 10, 5))).toEqual({ from: '2026-10-01', to: '2027-03-31' });
    expect(presetPeriod('winter', new Date(2026, 4, 5))).toEqual({ from: '2025-10-01', to: '2026-03-31' });
  });
  it('30 days end today, both included', () => {
    expect(presetPeriod('30d', new Date(2026, 2, 30, 12))).toEqual({ from: '2026-03-01', to: '2026-03-30' });
  });
  it('a URL period must be two ordered days', () => {
    expect(parsePeriod('2025-03-01', '2025-10-31')).toEqual({ from: '2025-03-01', to: '2025-10-31' });
    expect(parsePeriod('2025-10-31', '2025-03-01')).toBeNull();
    expect(parsePeriod('yesterday', '2025-03-01')).toBeNull();
    expect(parsePeriod(null, '2025-03-01')).toBeNull();
  });
  it('a heat map keeps the last 366 days of a longer period', () => {
    expect(heatmapPeriod({ from: '2020-01-01', to: '2025-12-31' })).toEqual({
      from: '2024-12-31', // 366 days
      to: '2025-12-31',
    });
    expect(heatmapPeriod({ from: '2025-03-01', to: '2025-10-31' })).toEqual({
      from: '2025-03-01',
      to: '2025-10-31',
    });
  });
});

describe('heat map colours', () => {
  it('red for loss, green for gain, near white for no change, saturated beyond the legend end', () => {
    expect(cellColor(0, 2)).toBe('rgb(247, 247, 247)');
    expect(cellColor(-2, 2)).toBe('rgb(198, 40, 40)');
    expect(cellColor(5, 2)).toBe('rgb(46, 125, 50)');
    expect(cellColor(null, 2)).toBe('transparent');
  });
  it('the legend end ignores a single outlier', () => {
    const values = [...Array.from({ length: 40 }, (_, i) => (i % 2 ? 1 : -1)), 30, null];
    expect(scaleMax(values)).toBe(1);
    expect(scaleMax([null])).toBe(1);
  });
});
