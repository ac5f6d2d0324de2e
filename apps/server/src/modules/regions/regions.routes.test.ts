import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  regionListSchema,
  regionSaveResponseSchema,
  type Region,
  type RegionSaveResponse,
} from '@hivescope/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { createCast, type TestUser } from '../../../test/users';
import { regions } from '../../db/schema';
import { caller } from '../controllers/controllers.fixtures';
import { aroundBern, boxJson } from './regions.fixtures';

/**
 * The region calls per role (docs/regions.md "API"): anonymous 401; a user's own regions are theirs alone
 * (another user, a watcher or a manager gets 404, like for a region that does not exist); global regions are
 * read by everybody and changed by admins only; the geojson is checked.
 */
describe('regions: GET/POST region, POST/DELETE region/{id}, GET admin/region', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let owner: TestUser, other: TestUser, watcher: TestUser, manager: TestUser, admin: TestUser;
  const rows = () => t.db.select().from(regions).orderBy(regions.id);
  const create = (user: TestUser | undefined, body: object) =>
    call<RegionSaveResponse>('POST', '/api/region', { ...(user ? { user } : {}), body });
  const list = (user: TestUser, path = '/api/region') => call<Region[]>('GET', path, { user });
  const bern = () => ({
    name: 'Bern',
    geojson: aroundBern(),
    priority: 5,
    alarmFrom: '08:00',
    alarmTo: '18:30',
  });

  beforeAll(async () => {
    t = await createTestApp();
    call = caller(t.app);
    ({ owner, other, watcher, manager, admin } = await createCast(t.db));
  });
  afterAll(() => t.close());

  it('401 for anonymous callers on every call, nothing written', async () => {
    expect((await create(undefined, bern())).status).toBe(401);
    expect((await call('GET', '/api/region')).status).toBe(401);
    expect((await call('POST', '/api/region/1', { body: { name: 'x' } })).status).toBe(401);
    expect((await call('DELETE', '/api/region/1')).status).toBe(401);
    expect((await call('GET', '/api/admin/region')).status).toBe(401);
    expect((await call('POST', '/api/admin/region/cantons')).status).toBe(401);
    expect(await rows()).toEqual([]);
  });

  it('the owner creates, lists, updates and deletes an own region', async () => {
    const created = await create(owner, bern());
    expect(created.status).toBe(200);
    expect(() => regionSaveResponseSchema.parse(created.body)).not.toThrow();
    expect(created.message).toBe('Region saved');
    const region = created.body.region;
    expect(region).toMatchObject({ name: 'Bern', priority: 5, alarmFrom: '08:00', alarmTo: '18:30' });
    expect(region).toMatchObject({ utcOffset: 1, global: false, editable: true, source: null });
    expect(JSON.parse(region.geojson)).toMatchObject({ type: 'Polygon' });
    const [row] = await rows();
    expect(row).toMatchObject({ ownerId: owner.id, minLng: 7.3, minLat: 46.9, maxLng: 7.6, maxLat: 47 });
    expect(row).toMatchObject({ alarmFromMinute: 480, alarmToMinute: 1110 });

    const listed = await list(owner);
    expect(() => regionListSchema.parse(listed.body)).not.toThrow();
    expect(listed.body.map((r) => r.id)).toEqual([region.id]);

    const updated = await call<RegionSaveResponse>('POST', `/api/region/${region.id}`, {
      user: owner,
      body: { name: 'Bern Stadt', alarmFrom: null, alarmTo: null, utcOffset: 2 },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.region).toMatchObject({
      name: 'Bern Stadt',
      alarmFrom: null,
      alarmTo: null,
      utcOffset: 2,
    });

    const deleted = await call('DELETE', `/api/region/${region.id}`, { user: owner });
    expect(deleted.status).toBe(200);
    expect(deleted.message).toBe('Region deleted');
    expect(await rows()).toEqual([]);
  });

  it("another user, a watcher and a manager neither see nor change a user's region (404)", async () => {
    const { region } = (await create(owner, bern())).body;
    for (const user of [other, watcher, manager]) {
      expect((await list(user)).body).toEqual([]);
      const upd = await call('POST', `/api/region/${region.id}`, { user, body: { name: 'Mine' } });
      expect(upd.status).toBe(404);
      expect(upd.message).toBe('Region not found');
      expect((await call('DELETE', `/api/region/${region.id}`, { user })).status).toBe(404);
    }
    expect((await rows()).map((r) => r.name)).toEqual(['Bern']);
    await t.db.delete(regions);
  });

  it('global regions: admins create and change them, users read them read-only', async () => {
    const refused = await create(owner, { ...bern(), global: true });
    expect(refused.status).toBe(403);
    expect((await list(owner, '/api/admin/region')).status).toBe(403);

    const created = await create(admin, { ...bern(), name: 'Mittelland', global: true });
    expect(created.status).toBe(200);
    const id = created.body.region.id;
    expect(created.body.region).toMatchObject({ global: true, editable: true });
    expect((await rows())[0]?.ownerId).toBeNull();

    const seen = await list(owner);
    expect(seen.body).toHaveLength(1);
    expect(seen.body[0]).toMatchObject({ id, global: true, editable: false });
    expect((await call('POST', `/api/region/${id}`, { user: owner, body: { name: 'x' } })).status).toBe(403);
    expect((await call('DELETE', `/api/region/${id}`, { user: owner })).status).toBe(403);

    const adminList = await list(admin, '/api/admin/region');
    expect(adminList.status).toBe(200);
    expect(adminList.body.map((r) => r.id)).toEqual([id]);
    const own = await create(admin, { ...bern(), name: 'Admin own' });
    expect((await list(admin, '/api/admin/region')).body.map((r) => r.id)).toEqual([id]);
    expect((await call('POST', `/api/region/${id}`, { user: admin, body: { priority: 9 } })).status).toBe(
      200,
    );
    expect((await call('DELETE', `/api/region/${id}`, { user: admin })).status).toBe(200);
    expect((await call('DELETE', `/api/region/${own.body.region.id}`, { user: admin })).status).toBe(200);
    expect(await rows()).toEqual([]);
  });

  it('refuses geojson that is not JSON, not a polygon, malformed or self-intersecting', async () => {
    const cases: [string, string][] = [
      ['{"type": "Polygon", ', 'Region geojson must be valid JSON'],
      [
        JSON.stringify({ type: 'Point', coordinates: [7.4, 46.9] }),
        'The GeoJSON must be a Polygon or MultiPolygon.',
      ],
      [
        JSON.stringify({
          type: 'FeatureCollection',
          features: [{ type: 'Feature', properties: {}, geometry: null }],
        }),
        'The GeoJSON must be a Polygon or MultiPolygon.',
      ],
      [
        JSON.stringify({
          type: 'Polygon',
          coordinates: [
            [
              [7, 46],
              [8, 46],
              [8, 47],
            ],
          ],
        }),
        'The GeoJSON is not valid: Expected to find four or more positions here.',
      ],
      [
        JSON.stringify({
          type: 'Polygon',
          coordinates: [
            [
              [7, 46],
              [8, 47],
              [8, 46],
              [7, 47],
              [7, 46],
            ],
          ],
        }),
        'The polygon intersects itself.',
      ],
      [boxJson(170, 10, 190, 20), 'Coordinates must be longitude −180 to 180 and latitude −90 to 90.'],
    ];
    expect(cases.length).toBeGreaterThan(0);
    for (const [geojson, message] of cases) {
      const res = await create(owner, { name: 'Bad', geojson });
      expect(res.status, geojson).toBe(400);
      expect(res.message).toBe(message);
    }
    const de = await call('POST', '/api/region', {
      user: owner,
      body: { name: 'x', geojson: '[' },
      lang: 'de',
    });
    expect(de.message).toBe('Das GeoJSON der Region muss gültiges JSON sein');
    const half = await create(owner, { ...bern(), alarmTo: null });
    expect(half.status).toBe(400);
    expect((await create(owner, { ...bern(), utcOffset: 15 })).status).toBe(400);
    expect((await create(owner, { ...bern(), alarmFrom: '25:00' })).status).toBe(400);
    expect(await rows()).toEqual([]);
  });

  it('accepts a MultiPolygon and a FeatureCollection of polygons (kept as a MultiPolygon)', async () => {
    const fc = {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: { name: 'a' }, geometry: JSON.parse(boxJson(7, 46, 7.1, 46.1)) },
        { type: 'Feature', properties: { name: 'b' }, geometry: JSON.parse(boxJson(8, 47, 8.1, 47.1)) },
      ],
    };
    const res = await create(owner, { name: 'Two', geojson: JSON.stringify(fc) });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body.region.geojson)).toMatchObject({ type: 'MultiPolygon' });
    expect((await rows())[0]).toMatchObject({ minLng: 7, minLat: 46, maxLng: 8.1, maxLat: 47.1 });
    await t.db.delete(regions).where(eq(regions.ownerId, owner.id));
  });
});
