import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MAP_TILE_URL } from '@hivescope/contract';
import { createTestApp, type TestApp } from '../../../test/app';

describe('GET /api/app/config', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers brand 1 for localhost and brand 2 for a veterinary host', async () => {
    const a = await t.app.inject({ url: '/api/app/config', headers: { host: 'localhost:3000' } });
    expect(a.statusCode).toBe(200);
    expect(a.json()).toMatchObject({ brand: 1, buildRevision: 'dev' });
    const b = await t.app.inject({ url: '/api/app/config', headers: { host: 'vet.localhost' } });
    expect(b.json().brand).toBe(2);
  });

  it('sends the map tile URL (default OpenStreetMap) and allows its host in the CSP', async () => {
    const res = await t.app.inject({ url: '/api/app/config' });
    expect(res.json().mapTileUrl).toBe(DEFAULT_MAP_TILE_URL);
    expect(String(res.headers['content-security-policy'])).toMatch(
      /img-src [^;]*https:\/\/\*\.tile\.openstreetmap\.org/,
    );
  });

  it('sends a configured MAP_TILE_URL and allows that tile server (and no other) in the CSP', async () => {
    const own = await createTestApp({ MAP_TILE_URL: 'https://tiles.example.org:8443/{z}/{x}/{y}.png' });
    try {
      const res = await own.app.inject({ url: '/api/app/config' });
      expect(res.json().mapTileUrl).toBe('https://tiles.example.org:8443/{z}/{x}/{y}.png');
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toMatch(/img-src [^;]*https:\/\/tiles\.example\.org:8443/);
      expect(csp).not.toContain('openstreetmap');
    } finally {
      await own.close();
    }
  });

  it('answers unknown API paths with a localised 404 and security headers', async () => {
    const res = await t.app.inject({ url: '/api/nope', headers: { 'accept-language': 'fr' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Introuvable' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });
});
