import { zoneOffsetAt } from '../../../lib/zone-offset';
import { DAY_MS, HOUR_MS, MINUTE_MS } from './constants';

const offsets = new Map<string, Map<number, number>>();

/** Milliseconds the zone is ahead of UTC at `t` (looked up once per zone and hour: offsets change on the hour). */
export function zoneOffset(timeZone: string, t: number): number {
  const hour = Math.floor(t / HOUR_MS);
  let zone = offsets.get(timeZone);
  if (!zone) offsets.set(timeZone, (zone = new Map()));
  let offset = zone.get(hour);
  if (offset === undefined) {
    if (zone.size > 200_000) zone.clear();
    offset = zoneOffsetAt(hour * HOUR_MS, timeZone);
    zone.set(hour, offset);
  }
  return offset;
}

/** Local day number (days since 1970-01-01 in the zone's wall time) and minute of the day. */
export function localTime(timeZone: string, t: number): { day: number; minute: number } {
  const local = t + zoneOffset(timeZone, t);
  const day = Math.floor(local / DAY_MS);
  return { day, minute: Math.floor((local - day * DAY_MS) / MINUTE_MS) };
}

/** Whether minute `m` lies in [from, to), a span that may wrap around midnight. */
export function inSpan(m: number, from: number, to: number): boolean {
  return from <= to ? m >= from && m < to : m >= from || m < to;
}
