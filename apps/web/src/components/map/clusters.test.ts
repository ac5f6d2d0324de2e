import { describe, expect, it } from 'vitest';
import { clusterIndex, clustersIn, CLUSTER_MAX_ZOOM } from './clusters';

describe('map clusters', () => {
  const points = Array.from({ length: 50 }, (_, i) => ({
    id: i + 1,
    lat: 47 + i * 0.0001,
    lng: 8 + i * 0.0001,
  }));
  const far = { id: 99, lat: 40, lng: -3 };
  const all = [...points, far];
  const world: [number, number, number, number] = [-180, -85, 180, 85];

  it('groups nearby points when zoomed out and keeps far ones alone', () => {
    const items = clustersIn(clusterIndex(all), all, world, 5);
    const clusters = items.filter((i) => i.kind === 'cluster');
    expect(clusters).toHaveLength(1);
    expect(clusters[0]).toMatchObject({ count: 50 });
    expect(items.filter((i) => i.kind === 'point').map((i) => i.kind === 'point' && i.point.id)).toEqual([
      99,
    ]);
  });

  it('shows every point alone from the last cluster zoom on', () => {
    const items = clustersIn(clusterIndex(all), all, world, CLUSTER_MAX_ZOOM + 3);
    expect(items.length).toBe(all.length);
    expect(items.every((i) => i.kind === 'point')).toBe(true);
  });
});
