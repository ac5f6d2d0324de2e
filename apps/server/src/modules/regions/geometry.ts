import { getIssues } from '@placemarkio/check-geojson';
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import kinks from '@turf/kinks';
import type { RegionGeometry } from '@hivescope/contract';
import { AppError } from '../../http/errors';

/** A bounding box: [minLng, minLat, maxLng, maxLat]. */
export type Bbox = [number, number, number, number];

const invalid = (key: string, params?: Record<string, unknown>) =>
  new AppError(400, `regions:${key}`, params);

type Polygons = number[][][][];

/** The polygons of a geometry, a Feature or a FeatureCollection; null when something else is in it. */
function polygonsOf(value: unknown): Polygons | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as { type?: unknown; coordinates?: unknown; geometry?: unknown; features?: unknown };
  if (v.type === 'Polygon') return [v.coordinates as number[][][]];
  if (v.type === 'MultiPolygon') return v.coordinates as Polygons;
  if (v.type === 'Feature') return polygonsOf(v.geometry);
  if (v.type === 'FeatureCollection' && Array.isArray(v.features) && v.features.length > 0) {
    const parts = v.features.map(polygonsOf);
    return parts.every((p) => p !== null) ? (parts as Polygons[]).flat() : null;
  }
  return null;
}

/**
 * Checks a region's geojson text (docs/regions.md "Validation"): valid JSON (spec: "Region geojson must be
 * valid JSON"), valid GeoJSON (check-geojson: positions, closed rings of ≥ 4 positions), only polygons (a
 * Polygon, a MultiPolygon, or a Feature / FeatureCollection of them), and no self-intersecting ring (turf
 * kinks). Answers one Polygon or MultiPolygon.
 */
export function parseRegionGeojson(text: string, opts: { checkKinks?: boolean } = {}): RegionGeometry {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw invalid('geojsonInvalidJson');
  }
  const polygons = polygonsOf(parsed);
  if (!polygons) throw invalid('geojsonNotPolygon');
  const issue = getIssues(text).find((i) => i.severity === 'error');
  if (issue) throw invalid('geojsonInvalid', { reason: issue.message });
  const geometry: RegionGeometry =
    polygons.length === 1
      ? { type: 'Polygon', coordinates: polygons[0] as number[][][] }
      : { type: 'MultiPolygon', coordinates: polygons };
  if (!inWorld(polygons)) throw invalid('geojsonOutOfRange');
  if (opts.checkKinks !== false && kinks(geometry).features.length > 0)
    throw invalid('geojsonSelfIntersecting');
  return geometry;
}

function inWorld(polygons: Polygons): boolean {
  return polygons.every((p) =>
    p.every((ring) => ring.every(([lng = NaN, lat = NaN]) => Math.abs(lng) <= 180 && Math.abs(lat) <= 90)),
  );
}

export function bboxOf(geometry: RegionGeometry): Bbox {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  const box: Bbox = [Infinity, Infinity, -Infinity, -Infinity];
  for (const ring of polygons.flatMap((p) => p)) {
    for (const [lng = 0, lat = 0] of ring) {
      box[0] = Math.min(box[0], lng);
      box[1] = Math.min(box[1], lat);
      box[2] = Math.max(box[2], lng);
      box[3] = Math.max(box[3], lat);
    }
  }
  return box;
}

export function inBbox(box: Bbox, lng: number, lat: number): boolean {
  return lng >= box[0] && lng <= box[2] && lat >= box[1] && lat <= box[3];
}

/** Whether the point lies in the region (on the boundary counts as inside). */
export function contains(geometry: RegionGeometry, lng: number, lat: number): boolean {
  return booleanPointInPolygon([lng, lat], geometry);
}
