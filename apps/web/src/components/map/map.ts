/** Map tiles come from MAP_TILE_URL, delivered in GET /api/app/config (docs/operations.md, "Map tiles"). */
export const MAP_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';
/** Where the map opens for a controller without a location (Switzerland). */
export const DEFAULT_MAP_CENTER = { lat: 46.8, lng: 8.2 } as const;
export const DEFAULT_MAP_ZOOM = 7;
export const LOCATION_ZOOM = 13;

/** Coordinates to 6 decimals (about 0.1 m), as set by a click on the map. */
export const roundCoordinate = (value: number) => Math.round(value * 1e6) / 1e6;
