import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { CantonsImportResponse, RegionSaveResponse } from '@hivescope/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { createCast, type TestUser } from '../../../test/users';
import { controllers, regions } from '../../db/schema';
import { caller, seedController } from '../controllers/controllers.fixtures';
import { aroundBern, BERN, largeAroundBern, ZURICH } from './regions.fixtures';

/**
 * Primary and secondary regions (docs/regions.md "Assignment"): of the global regions and the owner's own
 * that contain the controller, the highest priority is primary, the next secondary; they follow location
 * changes (owner and admin saves) and region changes (create, edit, delete, the cantons import).
 */
describe('regions: assignment of controllers', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let owner: TestUser, other: TestUser, admin: TestUser;
  let hive: number;
  const regionsOf = async (id: number) => {
    const [c] = await t.db
      .select({ p: controllers.regionPrimaryId, s: controllers.regionSecondaryId })
      .from(controllers)
      .where(eq(controllers.id, id));
    return c;
  };
  const create = async (user: TestUser, body: object) => {
    const res = await call<RegionSaveResponse>('POST', '/api/region', { user, body });
    expect(res.status).toBe(200);
    return res.body.region.id;
  };

  beforeAll(async () => {
    t = await createTestApp();
    call = caller(t.app);
    ({ owner, other, admin } = await createCast(t.db));
  });
  beforeEach(async () => {
    await t.db.delete(regions);
    hive = (await seedController(t.db, { ownerId: owner.id, location: BERN })).id;
  });
  afterAll(() => t.close());

  it('a controller in a region gets it as primary; the higher priority wins, the next is secondary', async () => {
    const small = await create(owner, { name: 'Stadt', geojson: aroundBern(), priority: 1 });
    expect(await regionsOf(hive)).toEqual({ p: small, s: null });
    const large = await create(owner, { name: 'Land', geojson: largeAroundBern(), priority: 10 });
    expect(await regionsOf(hive)).toEqual({ p: large, s: small });
    // the priority changes: the order follows
    await call('POST', `/api/region/${small}`, { user: owner, body: { priority: 20 } });
    expect(await regionsOf(hive)).toEqual({ p: small, s: large });
  });

  it("another user's region never counts; a global one counts for everybody", async () => {
    await create(other, { name: 'Fremd', geojson: largeAroundBern(), priority: 99 });
    expect(await regionsOf(hive)).toEqual({ p: null, s: null });
    const global = await create(admin, { name: 'Global', geojson: largeAroundBern(), global: true });
    expect(await regionsOf(hive)).toEqual({ p: global, s: null });
  });

  it('follows location changes by the owner and by an admin', async () => {
    const bern = await create(owner, { name: 'Bern', geojson: aroundBern() });
    expect(await regionsOf(hive)).toEqual({ p: bern, s: null });
    const moved = await call('POST', `/api/controller/${hive}`, { user: owner, body: { location: ZURICH } });
    expect(moved.status).toBe(200);
    expect(await regionsOf(hive)).toEqual({ p: null, s: null });
    const back = await call('POST', `/api/admin/controller/${hive}`, {
      user: admin,
      body: { location: BERN },
    });
    expect(back.status).toBe(200);
    expect(await regionsOf(hive)).toEqual({ p: bern, s: null });
    await call('POST', `/api/controller/${hive}`, { user: owner, body: { location: null } });
    expect(await regionsOf(hive)).toEqual({ p: null, s: null });
  });

  it('follows region changes: a new shape, and a deleted region', async () => {
    const bern = await create(owner, { name: 'Bern', geojson: aroundBern(), priority: 2 });
    const land = await create(owner, { name: 'Land', geojson: largeAroundBern(), priority: 1 });
    expect(await regionsOf(hive)).toEqual({ p: bern, s: land });
    const far = JSON.stringify({
      type: 'Polygon',
      coordinates: [
        [
          [9, 46],
          [10, 46],
          [10, 47],
          [9, 47],
          [9, 46],
        ],
      ],
    });
    await call('POST', `/api/region/${bern}`, { user: owner, body: { geojson: far } });
    expect(await regionsOf(hive)).toEqual({ p: land, s: null });
    await call('DELETE', `/api/region/${land}`, { user: owner });
    expect(await regionsOf(hive)).toEqual({ p: null, s: null });
  });

  it('imports the 26 Swiss cantons once (idempotent) and assigns the containing canton', async () => {
    const zurich = (await seedController(t.db, { ownerId: other.id, location: ZURICH })).id;
    const first = await call<CantonsImportResponse>('POST', '/api/admin/region/cantons', { user: admin });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ created: 26, updated: 0 });
    expect(first.body.attribution).toBe('Source: Federal Office of Topography swisstopo');
    expect(first.message).toBe('26 cantons imported, 0 updated.');
    const names = new Map((await t.db.select().from(regions)).map((r) => [r.id, r.name]));
    expect(names.size).toBe(26);
    expect(names.get((await regionsOf(hive))?.p ?? -1)).toBe('Bern');
    expect(names.get((await regionsOf(zurich))?.p ?? -1)).toBe('Zürich');

    const again = await call<CantonsImportResponse>('POST', '/api/admin/region/cantons', { user: admin });
    expect(again.body).toMatchObject({ created: 0, updated: 26 });
    expect(await t.db.select().from(regions)).toHaveLength(26);
    expect((await call('POST', '/api/admin/region/cantons', { user: owner })).status).toBe(403);

    // an admin's edit form sends the canton's shape back unchanged: accepted as it is, the priority saved
    const [bern] = await t.db.select().from(regions).where(eq(regions.name, 'Bern'));
    const edit = await call<RegionSaveResponse>('POST', `/api/region/${bern!.id}`, {
      user: admin,
      body: { geojson: JSON.stringify(bern!.geometry), priority: 3 },
    });
    expect(edit.status).toBe(200);
    expect(edit.body.region).toMatchObject({
      priority: 3,
      source: 'Source: Federal Office of Topography swisstopo',
    });
    await call('POST', `/api/region/${bern!.id}`, { user: admin, body: { priority: 0 } });

    // the owner's own region with a higher priority comes first, the canton second
    const own = await create(owner, { name: 'Bienenstand', geojson: aroundBern(), priority: 1 });
    expect(await regionsOf(hive)).toEqual({ p: own, s: [...names].find(([, n]) => n === 'Bern')?.[0] });
  });
});
