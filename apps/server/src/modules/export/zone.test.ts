import { describe, expect, it } from 'vitest';
import { wallClock } from './zone';

const formats = new Map<string, Intl.DateTimeFormat>();
function format(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(timeZone, f);
  }
  return f;
}

/** The zone's wall-clock time of an instant, straight from Intl (no offset kept): what wallClock must give. */
function reference(timeZone: string, t: number): string {
  const parts = format(timeZone).formatToParts(new Date(t * 1000));
  const v = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${v('year')}-${v('month')}-${v('day')} ${v('hour')}:${v('minute')}:${v('second')}`;
}

const wall = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');

describe('wallClock', () => {
  // DST changes of one hour (Zurich, New York), of 30 minutes (Lord Howe), quarter-hour offsets (Chatham,
  // Kathmandu) and a zone without changes
  const zones = [
    'Europe/Zurich',
    'America/New_York',
    'Australia/Lord_Howe',
    'Pacific/Chatham',
    'Asia/Kathmandu',
  ];
  const start = Date.parse('2025-01-01T00:00:00Z') / 1000;
  const quarters = Array.from({ length: 366 * 96 }, (_, i) => start + i * 900 + (i % 7) * 60);

  it('gives the zone time of every quarter hour of a year, across every offset change', () => {
    for (const zone of zones) {
      const toWall = wallClock(zone);
      const wrong = quarters.filter((t) => wall(toWall(t)) !== reference(zone, t));
      expect(wrong.map((t) => new Date(t * 1000).toISOString())).toEqual([]);
    }
    expect(quarters.length).toBeGreaterThan(35_000);
  });

  it('gives the same times in any order of calls (the kept offset is only a cache)', () => {
    const zone = 'Europe/Zurich';
    const toWall = wallClock(zone);
    // around the spring and autumn changes, backwards and jumping
    const times = [
      Date.parse('2025-10-26T02:00:00Z') / 1000,
      Date.parse('2025-10-25T23:45:00Z') / 1000,
      Date.parse('2025-03-30T00:45:00Z') / 1000,
      Date.parse('2025-03-30T01:00:00Z') / 1000,
      Date.parse('2025-10-26T00:45:00Z') / 1000,
      Date.parse('2025-10-26T01:00:00Z') / 1000,
      Date.parse('2025-03-29T12:00:00Z') / 1000,
    ];
    expect(times.map((t) => wall(toWall(t)))).toEqual(times.map((t) => reference(zone, t)));
  });
});
