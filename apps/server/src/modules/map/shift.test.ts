import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PUBLIC_MAP_SHIFT_MAX_M, PUBLIC_MAP_SHIFT_MIN_M } from '@hivescope/contract';
import { distanceM, publicLocation, shiftOf } from './shift';

/**
 * The privacy shift (docs/maps.md "Privacy shift") over many controllers, places and secrets. The secrets are
 * fixed (a random one per database in the app): a random one here made the outcome a matter of chance.
 */
const fixedSecret = (name: string) => crypto.createHash('sha256').update(name).digest();

describe.each(['first secret', 'second secret', 'third secret'])('public map shift (%s)', (name) => {
  const secret = fixedSecret(name);
  const places = [
    { lat: 47.3769, lng: 8.5417 },
    { lat: 0, lng: 179.999 },
    { lat: -33.9, lng: 18.4 },
    { lat: 69.6, lng: 18.9 },
  ];

  it('moves every controller by 100–500 m, the same way every time', () => {
    let checked = 0;
    for (let id = 1; id <= 2000; id++) {
      const place = places[id % places.length]!;
      const p = publicLocation(secret, id, place);
      const d = distanceM(p, place);
      expect(d).toBeGreaterThanOrEqual(PUBLIC_MAP_SHIFT_MIN_M);
      expect(d).toBeLessThanOrEqual(PUBLIC_MAP_SHIFT_MAX_M);
      expect(publicLocation(secret, id, place)).toEqual(p);
      checked++;
    }
    expect(checked).toBe(2000);
  });

  it('gives controllers different shifts, spread over all directions and the whole ring', () => {
    const shifts = Array.from({ length: 2000 }, (_, i) => shiftOf(secret, i + 1));
    const keys = new Set(shifts.map((s) => `${s.bearing.toFixed(3)}/${s.distance.toFixed(2)}`));
    expect(keys.size).toBe(shifts.length);
    const quadrants = new Set(shifts.map((s) => Math.floor(s.bearing / 90)));
    expect(quadrants).toEqual(new Set([0, 1, 2, 3]));
    expect(Math.min(...shifts.map((s) => s.distance))).toBeLessThan(150);
    expect(Math.max(...shifts.map((s) => s.distance))).toBeGreaterThan(450);
  });

  it('depends on the secret: another secret gives another shift', () => {
    const other = fixedSecret(`${name}, another`);
    const place = places[0]!;
    expect(publicLocation(other, 7, place)).not.toEqual(publicLocation(secret, 7, place));
  });
});
