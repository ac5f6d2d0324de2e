import crypto from 'node:crypto';
import { PUBLIC_MAP_SHIFT_MAX_M, PUBLIC_MAP_SHIFT_MIN_M, type Location } from '@hivescope/contract';

/** Mean earth radius (m), the sphere the shift is computed on. */
const EARTH_RADIUS_M = 6_371_008.8;

/** Kept off both ends of the ring so the 5-decimal rounding (< 1 m) cannot leave 100–500 m. */
const ROUNDING_MARGIN_M = 2;

/** Bearing (degrees from north) and distance (m) of a controller's shift: from HMAC(secret, id) only. */
export function shiftOf(secret: Buffer, controllerId: number): { bearing: number; distance: number } {
  const mac = crypto.createHmac('sha256', secret).update(`public-map:${controllerId}`).digest();
  const u1 = mac.readUInt32BE(0) / 0x1_0000_0000;
  const u2 = mac.readUInt32BE(4) / 0x1_0000_0000;
  const min2 = (PUBLIC_MAP_SHIFT_MIN_M + ROUNDING_MARGIN_M) ** 2;
  const max2 = (PUBLIC_MAP_SHIFT_MAX_M - ROUNDING_MARGIN_M) ** 2;
  // uniform over the ring's area, so no distance is more likely than its share of the ring
  return { bearing: u1 * 360, distance: Math.sqrt(min2 + u2 * (max2 - min2)) };
}

/** The point `distance` m from `from` in direction `bearing` (great circle). */
export function destination(from: Location, bearing: number, distance: number): Location {
  const rad = Math.PI / 180;
  const d = distance / EARTH_RADIUS_M;
  const b = bearing * rad;
  const lat1 = from.lat * rad;
  const lng1 = from.lng * rad;
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(b));
  const lng2 =
    lng1 +
    Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
  const lng = ((((lng2 / rad + 540) % 360) + 360) % 360) - 180;
  return { lat: lat2 / rad, lng };
}

/** Great-circle distance in metres (haversine). */
export function distanceM(a: Location, b: Location): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * A controller's public position (docs/maps.md "Privacy shift"): its true position moved by its own fixed
 * shift, rounded to 5 decimals (about 1 m).
 */
export function publicLocation(secret: Buffer, controllerId: number, location: Location): Location {
  const { bearing, distance } = shiftOf(secret, controllerId);
  const p = destination(location, bearing, distance);
  return { lat: Math.round(p.lat * 1e5) / 1e5, lng: Math.round(p.lng * 1e5) / 1e5 };
}
