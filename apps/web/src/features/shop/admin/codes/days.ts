/**
 * Days of code validity as the admin picks them (docs/shop.md "Codes"): a first day starts at midnight and a
 * last day ends at the next midnight, both in the browser's time zone; the server stores the instants.
 */

const pad = (n: number) => String(n).padStart(2, '0');
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function localMidnight(day: string, plusDays = 0): Date | null {
  const m = DAY.exec(day);
  if (!m) return null;
  const date = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + plusDays);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** `YYYY-MM-DD` (a date input's value) → the ISO instant the day starts; '' → null. */
export function firstDayToIso(day: string): string | null {
  return localMidnight(day)?.toISOString() ?? null;
}

/** `YYYY-MM-DD` of a last day → the ISO instant it ends (the next midnight); '' → null. */
export function lastDayToIso(day: string): string | null {
  return localMidnight(day, 1)?.toISOString() ?? null;
}

const dayOf = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** An instant where a validity starts → its day for a date input; null → ''. */
export function isoToFirstDay(iso: string | null): string {
  return iso ? dayOf(new Date(iso)) : '';
}

/** An instant where a validity ends → its last day (the day before, when it ends at midnight); null → ''. */
export function isoToLastDay(iso: string | null): string {
  return iso ? dayOf(new Date(Date.parse(iso) - 1)) : '';
}
