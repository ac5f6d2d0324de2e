import { zoneOffsetAt } from '../../lib/zone-offset';

/**
 * Wall-clock times in an IANA time zone, with Intl only (no library needed for these three operations).
 * An export formats up to millions of times and Intl takes microseconds per instant, so wallClock keeps an
 * offset for as long as it holds; zone offsets only change on quarter-hour boundaries.
 */
const DAY_MS = 86_400_000;
const QUARTER_S = 900;
const QUARTERS_PER_DAY = 96;

/**
 * Converts epoch seconds to the wall-clock time of a zone, expressed as a UTC Date (its UTC fields).
 * An export asks for every quarter hour in turn, so one offset is kept for a span of quarter hours: checked at
 * both ends of the day ahead, it holds for the whole day when both agree (the zone's changes are months
 * apart; at most one falls into a day), else up to the change, found by bisection.
 */
export function wallClock(timeZone: string): (epochSeconds: number) => Date {
  const at = (quarter: number) => zoneOffsetAt(quarter * QUARTER_S * 1000, timeZone);
  // quarters [from, to) have `offset`
  let from = Number.NaN;
  let to = Number.NaN;
  let offset = 0;
  return (t) => {
    const quarter = Math.floor(t / QUARTER_S);
    if (!(quarter >= from && quarter < to)) {
      offset = at(quarter);
      let end = quarter + QUARTERS_PER_DAY;
      if (at(end - 1) !== offset) {
        let same = quarter;
        let changed = end - 1;
        while (changed - same > 1) {
          const mid = Math.floor((same + changed) / 2);
          if (at(mid) === offset) same = mid;
          else changed = mid;
        }
        end = changed;
      }
      from = quarter;
      to = end;
    }
    return new Date(t * 1000 + offset);
  };
}

/** "YYYY-MM-DD HH:mm:ss" of a wall-clock Date (from wallClock). */
export function formatWall(d: Date): string {
  return d.toISOString().slice(0, 19).replace('T', ' ');
}

/** The instant a local day (YYYY-MM-DD) starts in a zone (the first instant whose local date is the day). */
export function startOfDay(day: string, timeZone: string): Date {
  const guess = Date.parse(`${day}T00:00:00Z`);
  let ms = guess - zoneOffsetAt(guess, timeZone);
  // the offset at the guessed instant may differ from the one at the real start (a DST change that night)
  ms = guess - zoneOffsetAt(ms, timeZone);
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
