import { describe, expect, it } from 'vitest';
import { DEFAULT_MAP_TILE_URL } from '@hivescope/contract';
import { nextFailureCount, probeTileUrl, TILE_FAILURES_BEFORE_GIVING_UP } from './tiles';

describe('map tiles', () => {
  it('checks a tile server with its world tile (z 0)', () => {
    expect(probeTileUrl(DEFAULT_MAP_TILE_URL)).toBe('https://a.tile.openstreetmap.org/0/0/0.png');
    expect(probeTileUrl('http://127.0.0.1:9/t/{z}/{x}/{-y}{r}.png?s={s}')).toBe(
      'http://127.0.0.1:9/t/0/0/0.png?s=a',
    );
  });

  it('gives up only after several failed tiles in a row; a loaded tile resets the count', () => {
    let count = 0;
    for (let i = 1; i < TILE_FAILURES_BEFORE_GIVING_UP; i++) count = nextFailureCount(count, 'error');
    expect(count).toBe(TILE_FAILURES_BEFORE_GIVING_UP - 1);
    expect(nextFailureCount(count, 'load')).toBe(0);
    expect(nextFailureCount(count, 'error')).toBe(TILE_FAILURES_BEFORE_GIVING_UP);
  });
});
