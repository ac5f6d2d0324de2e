import { describe, expect, it } from 'vitest';
import { localDayStart } from './timelineUrl';

const at = (iso: string) => Date.parse(iso) / 1000;

describe('localDayStart: the start of a local day of a time zone, in epoch seconds', () => {
  it('is midnight of the zone, in winter and in summer time', () => {
    expect(localDayStart('2025-01-15', 'Europe/Zurich')).toBe(at('2025-01-14T23:00:00Z'));
    expect(localDayStart('2025-07-01', 'Europe/Zurich')).toBe(at('2025-06-30T22:00:00Z'));
    expect(localDayStart('2025-07-01', 'America/New_York')).toBe(at('2025-07-01T04:00:00Z'));
    expect(localDayStart('2025-07-01', 'UTC')).toBe(at('2025-07-01T00:00:00Z'));
  });

  it('counts days across a change of the clock and of the month', () => {
    // 30 March 2025: the clocks in Zurich go forward at 02:00, that day has 23 hours
    expect(localDayStart('2025-03-30', 'Europe/Zurich')).toBe(at('2025-03-29T23:00:00Z'));
    expect(localDayStart('2025-03-30', 'Europe/Zurich', 1)).toBe(at('2025-03-30T22:00:00Z'));
    expect(localDayStart('2025-03-28', 'Europe/Zurich', 4)).toBe(at('2025-03-31T22:00:00Z'));
    expect(localDayStart('2025-10-26', 'Europe/Zurich', -3)).toBe(at('2025-10-22T22:00:00Z'));
  });

  it('treats a zone the browser does not know as UTC', () => {
    expect(localDayStart('2025-07-01', 'Mars/Olympus_Mons')).toBe(at('2025-07-01T00:00:00Z'));
  });
});
