import Supercluster from 'supercluster';

/** A point a clustered map shows; `id` is the caller's key. */
export type MapPoint = { id: number; lat: number; lng: number };

/** Pixels within which points merge into a cluster, and the zoom from which every point stands alone. */
export const CLUSTER_RADIUS_PX = 50;
export const CLUSTER_MAX_ZOOM = 15;

export type ClusterItem<P extends MapPoint> =
  | { kind: 'cluster'; key: string; clusterId: number; lat: number; lng: number; count: number }
  | { kind: 'point'; key: string; point: P };

/** A clustering index of the points (supercluster: a k-d tree per zoom level, built once per list). */
export function clusterIndex<P extends MapPoint>(points: readonly P[]) {
  const index = new Supercluster<{ i: number }>({ radius: CLUSTER_RADIUS_PX, maxZoom: CLUSTER_MAX_ZOOM });
  index.load(
    points.map((p, i) => ({
      type: 'Feature' as const,
      properties: { i },
      geometry: { type: 'Point' as const, coordinates: [p.lng, p.lat] },
    })),
  );
  return index;
}

/** The clusters and single points inside a bounding box [west, south, east, north] at a zoom. */
export function clustersIn<P extends MapPoint>(
  index: Supercluster<{ i: number }>,
  points: readonly P[],
  bbox: [number, number, number, number],
  zoom: number,
): ClusterItem<P>[] {
  const items: ClusterItem<P>[] = [];
  for (const f of index.getClusters(bbox, Math.round(zoom))) {
    const [lng, lat] = f.geometry.coordinates as [number, number];
    const props = f.properties as {
      cluster?: boolean;
      cluster_id?: number;
      point_count?: number;
      i?: number;
    };
    if (props.cluster && props.cluster_id !== undefined) {
      const count = props.point_count ?? 0;
      items.push({
        kind: 'cluster',
        key: `c${props.cluster_id}`,
        clusterId: props.cluster_id,
        lat,
        lng,
        count,
      });
    } else if (props.i !== undefined && points[props.i]) {
      const point = points[props.i]!;
      items.push({ kind: 'point', key: `p${point.id}`, point });
    }
  }
  return items;
}

/** Cluster icon size grows with the count (3 steps), so large groups stand out. */
export function clusterSize(count: number): number {
  if (count < 10) return 34;
  return count < 100 ? 40 : 48;
}
