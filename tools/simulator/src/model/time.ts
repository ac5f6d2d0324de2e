/**
 * Time helpers. The model works in local *solar* time (bees and weather follow the sun, not the
 * clock): a model day runs from solar midnight to solar midnight at the hive's longitude, which on
 * the Swiss plateau (≈ 7.5–9.5 °E) is about 23:30 CET / 00:30 CEST. Every day has 24 hours.
 */
import { DEFAULT_TIME_ZONE } from '@hivescope/contract';

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

/** Milliseconds that solar time is ahead of UTC at this longitude. */
export function solarOffsetMs(lng: number): number {
  return Math.round((lng / 15) * HOUR_MS);
}

/** Number of the solar day (days since 1970-01-01 in solar time) containing `t`. */
export function solarDay(t: number, lng: number): number {
  return Math.floor((t + solarOffsetMs(lng)) / DAY_MS);
}

/** UTC milliseconds of the solar midnight that starts `day`. */
export function solarDayStart(day: number, lng: number): number {
  return day * DAY_MS - solarOffsetMs(lng);
}

/** Solar hour of `t` in [0, 24). Solar noon is 12. */
export function solarHour(t: number, lng: number): number {
  const shifted = t + solarOffsetMs(lng);
  return (((shifted % DAY_MS) + DAY_MS) % DAY_MS) / HOUR_MS;
}

export interface CalendarDay {
  year: number;
  /** 0 = January. */
  month: number;
  dayOfMonth: number;
  /** 1 = 1 January. */
  dayOfYear: number;
  /** 0 = Sunday. */
  weekday: number;
}

const calendarCache = new Map<number, CalendarDay>();

/** Calendar date of a day number (cached: the model asks for the same days very often). */
export function calendarOf(day: number): CalendarDay {
  let cal = calendarCache.get(day);
  if (!cal) {
    if (calendarCache.size > 100_000) calendarCache.clear();
    cal = computeCalendar(day);
    calendarCache.set(day, cal);
  }
  return cal;
}

function computeCalendar(day: number): CalendarDay {
  const date = new Date(day * DAY_MS);
  const year = date.getUTCFullYear();
  return {
    year,
    month: date.getUTCMonth(),
    dayOfMonth: date.getUTCDate(),
    dayOfYear: day - Math.floor(Date.UTC(year, 0, 1) / DAY_MS) + 1,
    weekday: date.getUTCDay(),
  };
}

/** Day number of a calendar date (month 0-based). */
export function dayNumber(year: number, month: number, dayOfMonth: number): number {
  return Math.floor(Date.UTC(year, month, dayOfMonth) / DAY_MS);
}

/** The bee year starts on 1 October, after autumn feeding; winter stores are complete then. */
export function beeYearOf(day: number): number {
  const { year, month } = calendarOf(day);
  return month >= 9 ? year : year - 1;
}

export function beeYearStart(beeYear: number): number {
  return dayNumber(beeYear, 9, 1);
}

/** 0 before `from`, 1 after `to`, smooth (cubic) in between. */
export function smoothstep(x: number, from: number, to: number): number {
  if (x <= from) return 0;
  if (x >= to) return 1;
  const u = (x - from) / (to - from);
  return u * u * (3 - 2 * u);
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** Linear interpolation in a yearly table of [dayOfYear, value] anchors, sorted; wraps around new year. */
export function annual(anchors: readonly (readonly [number, number])[], dayOfYear: number): number {
  const last = anchors[anchors.length - 1];
  const first = anchors[0];
  if (!last || !first) return 0;
  let d0 = last[0] - 365;
  let v0 = last[1];
  for (const [d1, v1] of anchors) {
    if (d1 > dayOfYear) return v0 + ((v1 - v0) * (dayOfYear - d0)) / (d1 - d0);
    d0 = d1;
    v0 = v1;
  }
  const d1 = first[0] + 365;
  return v0 + ((first[1] - v0) * (dayOfYear - d0)) / (d1 - d0);
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Wall-clock hour (fractional) of `t` in a time zone, default Europe/Zurich. */
export function localHour(t: number, timeZone: string = DEFAULT_TIME_ZONE): number {
  let fmt = formatters.get(timeZone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, fmt);
  }
  const parts = fmt.formatToParts(new Date(t));
  const hour = Number(parts.find((p) => p.type === 'hour')?.value ?? 0);
  const minute = Number(parts.find((p) => p.type === 'minute')?.value ?? 0);
  return hour + minute / 60;
}
