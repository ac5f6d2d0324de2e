import type { ShareType } from '@hivescope/contract';

/**
 * The range a share shows (docs/shares.md): a fixed time frame as stored; a live feed the last N days and
 * year to date from local 1 January, both up to now rounded up to the next BUCKET_S — so every viewer within
 * the same minute asks for the same range and the server answers them from one cached read.
 */
export const BUCKET_S = 60;
/** Leeway for a viewer's clock when checking a moving range. */
export const RANGE_SLACK_S = 2 * BUCKET_S;

export type ShareRangeInput = {
  type: ShareType;
  rangeFrom: Date | null;
  rangeTo: Date | null;
  days: number | null;
};

export function shareRange(
  share: ShareRangeInput,
  timeZone: string,
  nowMs: number,
): { xmin: number; xmax: number } {
  if (share.type === 'fixed' && share.rangeFrom && share.rangeTo)
    return { xmin: share.rangeFrom.getTime() / 1000, xmax: share.rangeTo.getTime() / 1000 };
  const xmax = Math.ceil(nowMs / 1000 / BUCKET_S) * BUCKET_S;
  if (share.type === 'live') return { xmin: xmax - (share.days ?? 1) * 86_400, xmax };
  return { xmin: startOfLocalYear(nowMs, timeZone) / 1000, xmax };
}

/** 1 January 00:00 of the current year in a time zone, as epoch ms. */
export function startOfLocalYear(nowMs: number, timeZone: string): number {
  const year = Number(yearFormat(timeZone).format(nowMs));
  const key = `${timeZone}|${year}`;
  let start = yearStarts.get(key);
  if (start === undefined) {
    const guess = Date.UTC(year, 0, 1);
    // the zone's offset at that instant (the first day of the year is never inside a DST switch)
    start = guess - offsetMs(guess, timeZone);
    yearStarts.set(key, start);
  }
  return start;
}

const yearStarts = new Map<string, number>();

// formatters are costly to build and a live share asks on every request: one per zone
const yearFormats = new Map<string, Intl.DateTimeFormat>();
function yearFormat(timeZone: string): Intl.DateTimeFormat {
  let format = yearFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en', { timeZone, year: 'numeric' });
    yearFormats.set(timeZone, format);
  }
  return format;
}

function offsetMs(utcMs: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(utcMs);
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const local = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return local - Math.floor(utcMs / 1000) * 1000;
}

/** True when [xmin, xmax] lies inside the share's range (a moving range with a little leeway). */
export function withinRange(
  query: { xmin: number; xmax: number },
  range: { xmin: number; xmax: number },
  moving: boolean,
): boolean {
  const slack = moving ? RANGE_SLACK_S : 0;
  return query.xmin >= range.xmin - slack && query.xmax <= range.xmax + slack;
}
