import { describe, expect, it } from 'vitest';
import {
  EARLIEST,
  fallbackRange,
  localDateTimeToIso,
  localDateToEpoch,
  presetRange,
  rangeOnFirstSeries,
  seasonRange,
  selectionRange,
} from './range';

const DAY = 86_400;
const last = 1_750_000_000;
const sec = (d: Date) => d.getTime() / 1000;

describe('default range rule (spec: chart)', () => {
  it('with no series before and a last-weight time: 7 days before to 10 minutes after it', () => {
    expect(rangeOnFirstSeries(0, last, null)).toEqual({ xmin: last - 7 * DAY, xmax: last + 600 });
    // also replaces a range chosen earlier, since nothing was shown in it
    expect(rangeOnFirstSeries(0, last, { xmin: 1, xmax: 2 })).toEqual({
      xmin: last - 7 * DAY,
      xmax: last + 600,
    });
  });

  it('keeps the range when series were shown before or no last-weight time is known', () => {
    const current = { xmin: 1_700_000_000, xmax: 1_700_086_400 };
    expect(rangeOnFirstSeries(1, last, current)).toBe(current);
    expect(rangeOnFirstSeries(0, null, current)).toBe(current);
    expect(rangeOnFirstSeries(0, null, null)).toBeNull();
  });

  it('without a range in the URL: by the last weight time, else the last 7 days', () => {
    const now = new Date('2025-06-20T12:00:00Z');
    expect(fallbackRange(last, now)).toEqual({ xmin: last - 7 * DAY, xmax: last + 600 });
    expect(fallbackRange(null, now)).toEqual({ xmin: sec(now) - 7 * DAY, xmax: sec(now) });
  });
});

describe('range presets', () => {
  const now = new Date(2025, 5, 20, 12, 0, 0);
  const end = sec(now);

  it('relative presets end now', () => {
    expect(presetRange('24h', now, null)).toEqual({ xmin: end - DAY, xmax: end });
    expect(presetRange('7d', now, null)).toEqual({ xmin: end - 7 * DAY, xmax: end });
    expect(presetRange('30d', now, null)).toEqual({ xmin: end - 30 * DAY, xmax: end });
    expect(presetRange('1y', now, null)).toEqual({ xmin: end - 365 * DAY, xmax: end });
  });

  it('year to date starts at local 1 January; all starts at the first setup (else 2016)', () => {
    expect(presetRange('ytd', now, null)).toEqual({ xmin: sec(new Date(2025, 0, 1)), xmax: end });
    expect(presetRange('all', now, 1_600_000_000)).toEqual({ xmin: 1_600_000_000, xmax: end });
    expect(presetRange('all', now, null)).toEqual({ xmin: EARLIEST, xmax: end });
  });

  it('season: 1 March to 31 October, the previous year before March', () => {
    expect(seasonRange(now)).toEqual({ xmin: sec(new Date(2025, 2, 1)), xmax: sec(new Date(2025, 10, 1)) });
    expect(seasonRange(new Date(2025, 1, 10))).toEqual({
      xmin: sec(new Date(2024, 2, 1)),
      xmax: sec(new Date(2024, 10, 1)),
    });
  });
});

describe('range inputs', () => {
  it('a drag selection is ordered and at least a minute wide', () => {
    expect(selectionRange(2000.7, 1000.2)).toEqual({ xmin: 1000, xmax: 2001 });
    expect(selectionRange(1000, 1030)).toBeNull();
  });

  it('local dates and times of the form inputs', () => {
    expect(localDateToEpoch('2025-06-01')).toBe(sec(new Date(2025, 5, 1)));
    expect(localDateToEpoch('2025-06-01', true)).toBe(sec(new Date(2025, 5, 2)));
    expect(localDateToEpoch('01.06.2025')).toBeNull();
    expect(localDateTimeToIso('2025-06-01', '14:05')).toBe(new Date(2025, 5, 1, 14, 5).toISOString());
    expect(localDateTimeToIso('2025-06-01', '')).toBeNull();
  });
});
