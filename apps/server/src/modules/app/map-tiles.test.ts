import { describe, expect, it } from 'vitest';
import { DEFAULT_MAP_TILE_URL } from '@hivescope/contract';
import { tileCspSource, tileTemplateProblem } from './map-tiles';

describe('map tile URL template', () => {
  it('accepts Leaflet templates and refuses what a browser could not load', () => {
    expect(tileTemplateProblem(DEFAULT_MAP_TILE_URL)).toBeNull();
    expect(tileTemplateProblem('http://127.0.0.1:9/tiles/{z}/{x}/{y}.png')).toBeNull();
    expect(tileTemplateProblem('https://tile.example.org/{z}/{x}.png')).toMatch(/\{y\}/);
    expect(tileTemplateProblem('ftp://tile.example.org/{z}/{x}/{y}.png')).toMatch(/http/);
    expect(tileTemplateProblem('not a url {z}{x}{y}')).toMatch(/URL/);
    expect(tileTemplateProblem('https://{z}.example.org/{z}/{x}/{y}.png')).toMatch(/host/);
  });

  it('allows the tile server in the CSP: its origin, a wildcard for {s} sub-domains', () => {
    expect(tileCspSource(DEFAULT_MAP_TILE_URL)).toBe('https://*.tile.openstreetmap.org');
    expect(tileCspSource('http://127.0.0.1:9/tiles/{z}/{x}/{y}.png')).toBe('http://127.0.0.1:9');
    expect(tileCspSource('https://tiles.example.org:8443/osm/{z}/{x}/{y}.png?key=1')).toBe(
      'https://tiles.example.org:8443',
    );
  });
});
