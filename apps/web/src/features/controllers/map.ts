/**
 * Map tiles (DESIGN §2: tile URL configurable). `VITE_MAP_TILE_URL` at build time overrides OpenStreetMap.
 */
const configuredTileUrl: unknown = import.meta.env.VITE_MAP_TILE_URL;

export const MAP_TILE_URL =
  typeof configuredTileUrl === 'string' && configuredTileUrl !== ''
    ? configuredTileUrl
    : 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';
export const MAP_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';
/** Where the map opens for a controller without a location (Switzerland). */
export const DEFAULT_MAP_CENTER = { lat: 46.8, lng: 8.2 } as const;
export const DEFAULT_MAP_ZOOM = 7;
export const LOCATION_ZOOM = 13;

/** Coordinates to 6 decimals (about 0.1 m), as set by a click on the map. */
export const roundCoordinate = (value: number) => Math.round(value * 1e6) / 1e6;
