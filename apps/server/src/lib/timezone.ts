import tzlookup from 'tz-lookup';
import { DEFAULT_TIME_ZONE } from '@hivescope/contract';

/** True when the runtime (ICU) knows this IANA zone name. */
export function isKnownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The IANA time zone of a controller's location (tz-lookup: offline, country borders and oceans), or
 * Europe/Zurich when the location is unknown or the zone cannot be determined. Midnight values and "today"
 * follow this zone; timestamps themselves are always stored in UTC.
 */
export function timeZoneAt(location: { lat: number; lng: number } | null | undefined): string {
  if (!location) return DEFAULT_TIME_ZONE;
  try {
    const zone = tzlookup(location.lat, location.lng);
    return isKnownTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}
