import type { RangePreset } from './chartState';

/** A chart range in epoch seconds (the series call's unit). */
export type Range = { xmin: number; xmax: number };

const MINUTE = 60;
const HOUR = 3600;
const DAY = 86_400;
/** The earliest data the product keeps (interventions and readings start in 2016). */
export const EARLIEST = Date.UTC(2016, 0, 1) / 1000;

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * The spec's chart rule: with no series shown before and a last-weight time known, the range becomes
 * 7 days before to 10 minutes after that time. Otherwise the range stays as it is (null: none chosen yet).
 */
export function rangeOnFirstSeries(
  seriesBefore: number,
  lastWeightTime: number | null,
  current: Range | null,
): Range | null {
  if (seriesBefore > 0 || lastWeightTime === null) return current;
  return { xmin: lastWeightTime - 7 * DAY, xmax: lastWeightTime + 10 * MINUTE };
}

/** The range shown when none is in the URL: by the last weight time when known, else the last 7 days. */
export function fallbackRange(lastWeightTime: number | null, now: Date): Range {
  return rangeOnFirstSeries(0, lastWeightTime, null) ?? { xmin: seconds(now) - 7 * DAY, xmax: seconds(now) };
}

/**
 * The bee season: 1 March to the end of October (local time) of the current year; before March, the
 * previous year's season (docs/timeline.md, "Web screen").
 */
export function seasonRange(now: Date): Range {
  const year = now.getMonth() < 2 ? now.getFullYear() - 1 : now.getFullYear();
  return { xmin: seconds(new Date(year, 2, 1)), xmax: seconds(new Date(year, 10, 1)) };
}

/** The range of a preset button at `now`; "all" starts at `earliest` (the first shown scale's setup). */
export function presetRange(
  preset: Exclude<RangePreset, 'custom'>,
  now: Date,
  earliest: number | null,
): Range {
  const end = seconds(now);
  switch (preset) {
    case '24h':
      return { xmin: end - 24 * HOUR, xmax: end };
    case '7d':
      return { xmin: end - 7 * DAY, xmax: end };
    case '30d':
      return { xmin: end - 30 * DAY, xmax: end };
    case 'season':
      return seasonRange(now);
    case '1y':
      return { xmin: end - 365 * DAY, xmax: end };
    case 'ytd':
      return { xmin: seconds(new Date(now.getFullYear(), 0, 1)), xmax: end };
    case 'all':
      return { xmin: Math.min(earliest ?? EARLIEST, end - DAY), xmax: end };
  }
}

/** Moves the range by a fraction of its span (negative: earlier). */
export function panRange(range: Range, fraction: number): Range {
  const shift = Math.round((range.xmax - range.xmin) * fraction);
  return { xmin: range.xmin + shift, xmax: range.xmax + shift };
}

/** Widens the range around its middle by `factor`, at least to a minute and at most from EARLIEST on. */
export function zoomOutRange(range: Range, factor = 2): Range {
  const mid = (range.xmin + range.xmax) / 2;
  const half = Math.max(MINUTE, ((range.xmax - range.xmin) * factor) / 2);
  return { xmin: Math.max(EARLIEST, Math.round(mid - half)), xmax: Math.round(mid + half) };
}

/** A zoom selection: whole seconds, at least one minute wide (a click without drag selects nothing). */
export function selectionRange(a: number, b: number): Range | null {
  const xmin = Math.floor(Math.min(a, b));
  const xmax = Math.ceil(Math.max(a, b));
  return xmax - xmin >= MINUTE ? { xmin, xmax } : null;
}

/** "2025-06-01" (local date of an input[type=date]) → epoch seconds of its local start; null when invalid. */
export function localDateToEpoch(value: string, endOfDay = false): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + (endOfDay ? 1 : 0));
  return Number.isNaN(date.getTime()) ? null : seconds(date);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Epoch seconds → "2025-06-01" in local time (for input[type=date]). */
export function epochToLocalDate(epoch: number): string {
  const d = new Date(epoch * 1000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Epoch seconds → "14:05" in local time (for input[type=time]). */
export function epochToLocalTime(epoch: number): string {
  const d = new Date(epoch * 1000);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Local date "2025-06-01" + time "14:05" → ISO 8601 UTC; null when either is invalid. */
export function localDateTimeToIso(date: string, time: string): string | null {
  const day = localDateToEpoch(date);
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (day === null || !match) return null;
  const d = new Date(day * 1000);
  d.setHours(Number(match[1]), Number(match[2]), 0, 0);
  return d.toISOString();
}
