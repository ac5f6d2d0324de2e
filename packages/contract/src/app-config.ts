import { z } from 'zod';

/** The public OpenStreetMap tile server: the default of MAP_TILE_URL (docs/operations.md, "Map tiles"). */
export const DEFAULT_MAP_TILE_URL = 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';

/**
 * GET /api/app/config: what the web shell needs before anything else — the brand chosen from the request
 * host, the build revision, demo mode and the map tile URL template (Leaflet syntax: {s} {z} {x} {y}).
 */
export const appConfigSchema = z.object({
  brand: z.union([z.literal(1), z.literal(2)]),
  buildRevision: z.string(),
  demo: z.boolean(),
  mapTileUrl: z.string(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;
