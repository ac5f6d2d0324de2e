import type { AppContext } from '../../context';
import { contains, inBbox, type Bbox } from './geometry';
import { ownedControllersInBox, regionNamesVisibleTo, regionsUsableBy } from './regions.repository';

/** A region someone may address a notice to: global ones and their own (docs/notices.md "Recipients"). */
export type RegionChoice = { id: number; name: string; global: boolean };

/** The regions a user may choose: the global ones and their own, by name. */
export async function regionChoices(ctx: AppContext, userId: number): Promise<RegionChoice[]> {
  return (await regionNamesVisibleTo(ctx.db, userId)).map((r) => ({
    id: r.id,
    name: r.name,
    global: r.ownerId === null,
  }));
}

/**
 * The owners of the controllers whose location lies in at least one of the regions (the boundary counts
 * as inside, as for the assignment in docs/regions.md), whoever owns the region. Null when one of the
 * regions is neither global nor the user's own (or does not exist).
 */
export async function ownersInRegions(
  ctx: AppContext,
  userId: number,
  regionIds: number[],
): Promise<number[] | null> {
  const found = await regionsUsableBy(ctx.db, userId, regionIds);
  if (found.length !== new Set(regionIds).size) return null;
  const shapes = found.map((r) => ({
    geometry: r.geometry,
    bbox: [r.minLng, r.minLat, r.maxLng, r.maxLat] as Bbox,
  }));
  const box: Bbox = [
    Math.min(...shapes.map((s) => s.bbox[0])),
    Math.min(...shapes.map((s) => s.bbox[1])),
    Math.max(...shapes.map((s) => s.bbox[2])),
    Math.max(...shapes.map((s) => s.bbox[3])),
  ];
  const owners = new Set<number>();
  for (const c of await ownedControllersInBox(ctx.db, box)) {
    if (owners.has(c.ownerId)) continue;
    if (shapes.some((s) => inBbox(s.bbox, c.lng, c.lat) && contains(s.geometry, c.lng, c.lat)))
      owners.add(c.ownerId);
  }
  return [...owners].sort((a, b) => a - b);
}
