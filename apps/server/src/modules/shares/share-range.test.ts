import { describe, expect, it } from 'vitest';
import { shareRange, startOfLocalYear, withinRange } from './share-range';

describe('share ranges', () => {
  const now = Date.parse('2026-05-10T12:00:30Z');

  it('a live feed ends at now rounded up to the minute, so viewers in one minute ask for one range', () => {
    const a = shareRange({ type: 'live', rangeFrom: null, rangeTo: null, days: 7 }, 'Europe/Zurich', now);
    const b = shareRange(
      { type: 'live', rangeFrom: null, rangeTo: null, days: 7 },
      'Europe/Zurich',
      now + 20_000,
    );
    expect(a).toEqual({
      xmin: Date.parse('2026-05-03T12:01:00Z') / 1000,
      xmax: Date.parse('2026-05-10T12:01:00Z') / 1000,
    });
    expect(b).toEqual(a);
  });

  it('year to date starts at local 1 January of the controller time zone', () => {
    expect(startOfLocalYear(now, 'Europe/Zurich')).toBe(Date.parse('2025-12-31T23:00:00Z'));
    expect(startOfLocalYear(now, 'America/New_York')).toBe(Date.parse('2026-01-01T05:00:00Z'));
    // on 1 January at 00:30 in Zurich the UTC date is still the previous year
    expect(startOfLocalYear(Date.parse('2025-12-31T23:30:00Z'), 'Europe/Zurich')).toBe(
      Date.parse('2025-12-31T23:00:00Z'),
    );
  });

  it('a fixed time frame is the stored one and allows no leeway', () => {
    const r = shareRange(
      {
        type: 'fixed',
        rangeFrom: new Date(1_700_000_000_000),
        rangeTo: new Date(1_700_086_400_000),
        days: null,
      },
      'Europe/Zurich',
      now,
    );
    expect(r).toEqual({ xmin: 1_700_000_000, xmax: 1_700_086_400 });
    expect(withinRange({ xmin: 1_700_000_000, xmax: 1_700_086_400 }, r, false)).toBe(true);
    expect(withinRange({ xmin: 1_699_999_999, xmax: 1_700_086_400 }, r, false)).toBe(false);
    expect(withinRange({ xmin: 1_700_000_000, xmax: 1_700_086_401 }, r, false)).toBe(false);
  });
});
