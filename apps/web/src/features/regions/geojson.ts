/**
 * The checks the form makes before sending (the server checks again and more, docs/regions.md
 * "Validation"): valid JSON (spec: "Region geojson must be valid JSON"), and a Polygon or MultiPolygon (also
 * inside a Feature or a FeatureCollection). Answers a locale key of the `regions` namespace, or null.
 */
export function geojsonProblem(text: string): string | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'regions:geojsonInvalidJson';
  }
  return hasOnlyPolygons(value) ? null : 'regions:geojsonNotPolygon';
}

function hasOnlyPolygons(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as { type?: unknown; geometry?: unknown; features?: unknown };
  if (v.type === 'Polygon' || v.type === 'MultiPolygon') return true;
  if (v.type === 'Feature') return hasOnlyPolygons(v.geometry);
  if (v.type === 'FeatureCollection')
    return Array.isArray(v.features) && v.features.length > 0 && v.features.every(hasOnlyPolygons);
  return false;
}

/** "+2", "−5", "±0" for the UTC offset shown with a window. */
export function offsetLabel(hours: number): string {
  if (hours === 0) return '±0';
  return hours > 0 ? `+${hours}` : `−${-hours}`;
}
