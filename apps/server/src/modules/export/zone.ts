/**
 * Wall-clock times in an IANA time zone, with Intl only (no library needed for these three operations).
 * Offsets are cached per quarter hour: an export formats up to millions of times, and zone offsets only
 * change on quarter-hour boundaries.
 */
const DAY_MS = 86_400_000;
const QUARTER_S = 900;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The zone's offset from UTC (ms) at an instant. */
function offsetAt(ms: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(ms))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  const wall = Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return wall - Math.floor(ms / 1000) * 1000;
}

/** Converts epoch seconds to the wall-clock time of a zone, expressed as a UTC Date (its UTC fields). */
export function wallClock(timeZone: string): (epochSeconds: number) => Date {
  let cachedKey = Number.NaN;
  let cachedOffset = 0;
  return (t) => {
    const key = Math.floor(t / QUARTER_S);
    if (key !== cachedKey) {
      cachedKey = key;
      cachedOffset = offsetAt(key * QUARTER_S * 1000, timeZone);
    }
    return new Date(t * 1000 + cachedOffset);
  };
}

/** "YYYY-MM-DD HH:mm:ss" of a wall-clock Date (from wallClock). */
export function formatWall(d: Date): string {
  return d.toISOString().slice(0, 19).replace('T', ' ');
}

/** The instant a local day (YYYY-MM-DD) starts in a zone (the first instant whose local date is the day). */
export function startOfDay(day: string, timeZone: string): Date {
  const guess = Date.parse(`${day}T00:00:00Z`);
  let ms = guess - offsetAt(guess, timeZone);
  // the offset at the guessed instant may differ from the one at the real start (a DST change that night)
  ms = guess - offsetAt(ms, timeZone);
  return new Date(ms);
}

/** day + n days (YYYY-MM-DD, calendar arithmetic). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both included. */
export function dayCount(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}
