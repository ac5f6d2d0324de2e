import type { RegionGeometry } from '@hivescope/contract';
import { contains, inBbox, type Bbox } from './geometry';

/** A region as the assignment sees it. */
export type Candidate = {
  id: number;
  ownerId: number | null;
  priority: number;
  geometry: RegionGeometry;
  bbox: Bbox;
};

export type Located = { id: number; ownerId: number | null; lat: number | null; lng: number | null };
export type Assignment = { id: number; primary: number | null; secondary: number | null };

/** Higher priority first; among equals the older region (lower id), so the answer never flips by chance. */
const byRank = (a: Candidate, b: Candidate) => b.priority - a.priority || a.id - b.id;

/**
 * Primary and secondary region of each controller (docs/regions.md "Assignment"): of the regions that count
 * for it (global ones and its owner's own) and contain its location, the highest-ranked is primary, the next
 * secondary. A bounding-box test first spares most point-in-polygon tests.
 */
export function assign(controllers: Located[], regions: Candidate[]): Assignment[] {
  const ranked = [...regions].sort(byRank);
  return controllers.map((c) => {
    const found: number[] = [];
    if (c.lat !== null && c.lng !== null) {
      for (const r of ranked) {
        if (r.ownerId !== null && r.ownerId !== c.ownerId) continue;
        if (!inBbox(r.bbox, c.lng, c.lat) || !contains(r.geometry, c.lng, c.lat)) continue;
        found.push(r.id);
        if (found.length === 2) break;
      }
    }
    return { id: c.id, primary: found[0] ?? null, secondary: found[1] ?? null };
  });
}
