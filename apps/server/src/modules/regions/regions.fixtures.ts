/** Test helpers: small regions as stringified GeoJSON. */

/** An axis-aligned rectangle (closed ring, counter-clockwise). */
export function box(minLng: number, minLat: number, maxLng: number, maxLat: number) {
  return {
    type: 'Polygon',
    coordinates: [
      [
        [minLng, minLat],
        [maxLng, minLat],
        [maxLng, maxLat],
        [minLng, maxLat],
        [minLng, minLat],
      ],
    ],
  };
}

export const boxJson = (minLng: number, minLat: number, maxLng: number, maxLat: number) =>
  JSON.stringify(box(minLng, minLat, maxLng, maxLat));

/** Bern's old town, and a box around it. */
export const BERN = { lat: 46.948, lng: 7.4474 };
export const ZURICH = { lat: 47.3769, lng: 8.5417 };
export const aroundBern = () => boxJson(7.3, 46.9, 7.6, 47.0);
export const largeAroundBern = () => boxJson(7.0, 46.5, 8.0, 47.2);
