import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  PUBLIC_MAP_SHIFT_MAX_M,
  PUBLIC_MAP_SHIFT_MIN_M,
  type AdminMap,
  type PublicMap,
} from '@hivescope/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { createCast, type TestUser } from '../../../test/users';
import type { AppContext } from '../../context';
import { createDb } from '../../db/client';
import { controllers } from '../../db/schema';
import {
  caller,
  seedController,
  seedReadings,
  seedScale,
  type SeededController,
} from '../controllers/controllers.fixtures';
import { aroundBern, largeAroundBern } from '../regions/regions.fixtures';
import { buildPublicMap, publicMap } from './map.service';
import { distanceM } from './shift';

const HOUR = 3_600_000;
const iso = (msAgo: number) => new Date(Date.now() - msAgo).toISOString();

describe('GET /api/map/public and GET /api/admin/map', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let owner: TestUser, other: TestUser, manager: TestUser, admin: TestUser;
  let aff: number;
  let shown: SeededController, second: SeededController, hidden: SeededController;
  const truth = { lat: 47.3769, lng: 8.5417 };
  const truth2 = { lat: 46.948, lng: 7.4474 };

  beforeAll(async () => {
    t = await createTestApp();
    call = caller(t.app);
    ({ owner, other, manager, admin, aff } = await createCast(t.db));
    shown = await seedController(t.db, {
      ownerId: owner.id,
      name: 'Waldrand',
      location: truth,
      affiliationId: aff,
    });
    second = await seedController(t.db, { ownerId: owner.id, name: 'Bern', location: truth2 });
    hidden = await seedController(t.db, { ownerId: owner.id, name: 'Geheim', location: truth });
    await t.db
      .update(controllers)
      .set({ displayOnPublicMap: true, lastUpdate: new Date(Date.now() - HOUR), msisdn: '41790000000' })
      .where(eq(controllers.id, shown.id));
    await t.db.update(controllers).set({ displayOnPublicMap: true }).where(eq(controllers.id, second.id));
    // two weight scales: +1.5 kg and −1 kg since midnight → mean +0.25 kg; a sensor and a hidden scale ignored
    await seedScale(t.db, shown.id, 1);
    await seedScale(t.db, shown.id, 2);
    await seedScale(t.db, shown.id, 3, { type: 'sensor' });
    await seedScale(t.db, shown.id, 4, { visible: false });
    await seedReadings(t.db, shown.id, 1, [
      { time: iso(30 * HOUR), weight: 40 },
      { time: iso(60_000), weight: 41.5 },
    ]);
    await seedReadings(t.db, shown.id, 2, [
      { time: iso(30 * HOUR), weight: 50 },
      { time: iso(60_000), weight: 49 },
    ]);
    await seedReadings(t.db, shown.id, 4, [
      { time: iso(30 * HOUR), weight: 10 },
      { time: iso(60_000), weight: 90 },
    ]);
  });
  afterAll(() => t.close());

  it('answers anonymous callers with the chosen controllers, shifted 100–500 m, and today’s change', async () => {
    const res = await call<PublicMap>('GET', '/api/map/public');
    expect(res.status).toBe(200);
    const byName = new Map(res.body.controllers.map((c) => [c.name, c]));
    expect([...byName.keys()].sort()).toEqual(['Bern', 'Waldrand']);
    const a = byName.get('Waldrand');
    expect(a).toMatchObject({ id: shown.id, todayChangeKg: 0.25, scaleCount: 2, liveShareUrl: null });
    expect(byName.get('Bern')).toMatchObject({ todayChangeKg: null, scaleCount: 0 });
    for (const [entry, real] of [
      [a, truth],
      [byName.get('Bern'), truth2],
    ] as const) {
      const d = distanceM(entry!.location, real);
      expect(d).toBeGreaterThanOrEqual(PUBLIC_MAP_SHIFT_MIN_M);
      expect(d).toBeLessThanOrEqual(PUBLIC_MAP_SHIFT_MAX_M);
    }
  });

  it('sends nothing else: no owner, IMSI, IMEI, MSISDN, token, watch code or true location', async () => {
    const res = await call<PublicMap>('GET', '/api/map/public');
    expect(res.body.controllers.length).toBeGreaterThan(0);
    for (const entry of res.body.controllers)
      expect(Object.keys(entry).sort()).toEqual(
        ['id', 'liveShareUrl', 'location', 'name', 'scaleCount', 'todayChangeKg'].sort(),
      );
    const text = JSON.stringify(res.body);
    const [row] = await t.db.select().from(controllers).where(eq(controllers.id, shown.id));
    for (const secret of [
      shown.imsi,
      shown.imei,
      shown.watchCode,
      owner.email,
      row!.deviceTokenHash,
      '41790000000',
    ])
      expect(text).not.toContain(String(secret));
    // the true position: no entry at it, nor within the shift's inner radius of it. One coordinate alone may
    // equal the truth after rounding when the shift runs almost exactly north-south or east-west (CI saw
    // lng 8.5417 kept with a 467 m shift north); the position is still 100-500 m away (docs/maps.md).
    expect(text).not.toContain(`{"lat":${truth.lat},"lng":${truth.lng}}`);
    for (const entry of res.body.controllers)
      for (const real of [truth, truth2])
        expect(distanceM(entry.location, real)).toBeGreaterThanOrEqual(PUBLIC_MAP_SHIFT_MIN_M);
  });

  it('shifts a controller the same way on every build and differently from another at the same place', async () => {
    const first = await buildPublicMap(ctxOf(t));
    const again = await buildPublicMap(ctxOf(t));
    expect(first.controllers.length).toBe(2);
    expect(again.controllers.map((c) => c.location)).toEqual(first.controllers.map((c) => c.location));
    // the same true position, another controller: another shift
    await t.db.update(controllers).set({ displayOnPublicMap: true }).where(eq(controllers.id, hidden.id));
    const three = await buildPublicMap(ctxOf(t));
    const locs = three.controllers.filter((c) => c.id !== second.id).map((c) => c.location);
    expect(locs).toHaveLength(2);
    expect(distanceM(locs[0]!, locs[1]!)).toBeGreaterThan(1);
    await t.db.update(controllers).set({ displayOnPublicMap: false }).where(eq(controllers.id, hidden.id));
  });

  it('caches the public answer briefly (a second call is the same answer)', async () => {
    const a = await call<PublicMap>('GET', '/api/map/public');
    const b = await call<PublicMap>('GET', '/api/map/public');
    expect(b.body.generatedAt).toBe(a.body.generatedAt);
  });

  it('serves a stale answer while the next is built, then the new one', async () => {
    const ctx = ctxOf(t);
    expect(ctx.config.publicMapCacheMs).toBe(60_000);
    const first = await publicMap(ctx, 1_000);
    expect(first.controllers.length).toBe(2);
    expect(await publicMap(ctx, 30_000)).toBe(first); // fresh: cached
    expect(await publicMap(ctx, 62_000)).toBe(first); // stale: served while the next is built
    await vi.waitFor(async () => expect(await publicMap(ctx, 63_000)).not.toBe(first));
    expect((await publicMap(ctx, 64_000)).generatedAt).not.toBe(first.generatedAt);
  });

  it('shows an opt-in at once on every app server, within the cache time, and an opt-out too', async () => {
    const a = ctxOf(t);
    // a second app server: its own pool and its own cached answer
    const b: AppContext = { config: t.config, db: createDb(t.url, 2) };
    try {
      for (const ctx of [a, b]) expect((await publicMap(ctx, 1_000)).controllers.length).toBe(2);
      const url = `/api/controller/${hidden.id}`;
      expect((await call('POST', url, { user: owner, body: { displayOnPublicMap: true } })).status).toBe(200);
      for (const ctx of [a, b])
        expect((await publicMap(ctx, 2_000)).controllers.map((c) => c.name)).toContain('Geheim');
      expect((await call('POST', url, { user: owner, body: { displayOnPublicMap: false } })).status).toBe(
        200,
      );
      for (const ctx of [a, b])
        expect((await publicMap(ctx, 3_000)).controllers.map((c) => c.name)).not.toContain('Geheim');
      // a change the map does not show leaves the cached answer as it is
      const kept = await publicMap(a, 4_000);
      await t.db.update(controllers).set({ msisdn: '41790000001' }).where(eq(controllers.id, shown.id));
      expect(await publicMap(a, 5_000)).toBe(kept);
    } finally {
      await t.db.update(controllers).set({ displayOnPublicMap: false }).where(eq(controllers.id, hidden.id));
      await t.db.update(controllers).set({ msisdn: '41790000000' }).where(eq(controllers.id, shown.id));
      await b.db.$client.end();
    }
  });

  it('the owner chooses displayOnPublicMap in the controller settings (a boolean; others cannot)', async () => {
    const url = `/api/controller/${hidden.id}`;
    expect((await call('POST', url, { user: owner, body: { displayOnPublicMap: 'yes' } })).status).toBe(400);
    expect((await call('POST', url, { user: other, body: { displayOnPublicMap: true } })).status).toBe(404);
    expect((await call('POST', url, { user: owner, body: { displayOnPublicMap: true } })).status).toBe(200);
    try {
      const map = await buildPublicMap(ctxOf(t));
      expect(map.controllers.map((c) => c.name)).toContain('Geheim');
    } finally {
      await call('POST', url, { user: owner, body: { displayOnPublicMap: false } });
    }
    expect((await buildPublicMap(ctxOf(t))).controllers.map((c) => c.name)).not.toContain('Geheim');
  });

  it('admin map: admins only; owners, managers and other users get 403, anonymous 401', async () => {
    expect((await call('GET', '/api/admin/map')).status).toBe(401);
    for (const u of [owner, other, manager])
      expect((await call('GET', '/api/admin/map', { user: u })).status).toBe(403);
    expect((await call('GET', '/api/admin/map', { user: admin })).status).toBe(200);
  });

  it('admin map: true positions, states and owners; filters by state and affiliation', async () => {
    const silent = await seedController(t.db, { name: 'Still', location: { lat: 46.5, lng: 6.6 } });
    await t.db
      .update(controllers)
      .set({ lastUpdate: new Date(Date.now() - 8 * HOUR), updateInterval: 3 }) // 8 h > 2 × 3 h + 1 h
      .where(eq(controllers.id, silent.id));
    const expired = await seedController(t.db, {
      name: 'Abgelaufen',
      location: { lat: 46.2, lng: 6.1 },
      subscriptionEnd: new Date(Date.now() - 1000),
    });
    const unplaced = await seedController(t.db, { name: 'Ohne Ort' });
    const all = await call<AdminMap>('GET', '/api/admin/map', { user: admin });
    expect(all.status).toBe(200);
    const byId = new Map(all.body.controllers.map((c) => [c.id, c]));
    expect(byId.get(shown.id)).toMatchObject({
      state: 'reporting',
      location: truth,
      ownerEmail: owner.email,
    });
    expect(byId.get(second.id)?.state).toBe('silent'); // never reported
    expect(byId.get(silent.id)?.state).toBe('silent');
    expect(byId.get(expired.id)?.state).toBe('expired');
    // not on the map, but named with what the screen filters and counts it by
    expect(all.body.withoutLocation).toEqual([
      { id: unplaced.id, name: 'Ohne Ort', state: 'silent', affiliationId: null, regionId: null },
    ]);

    const some = await call<AdminMap>('GET', '/api/admin/map?state=silent,expired', { user: admin });
    expect(some.body.controllers.length).toBeGreaterThan(0);
    expect(new Set(some.body.controllers.map((c) => c.state))).toEqual(new Set(['silent', 'expired']));
    const ofAff = await call<AdminMap>('GET', `/api/admin/map?affiliationId=${aff}`, { user: admin });
    expect(ofAff.body.controllers.map((c) => c.id)).toEqual([shown.id]);
  });

  it('admin map: each controller names its primary region; regionId filters by the primary region only', async () => {
    // inside the large region only (Thun): there it is primary; seeded first, the regions assign it
    const thun = await seedController(t.db, { name: 'Thun', location: { lat: 46.76, lng: 7.63 } });
    // two global regions around Bern: the small one (priority 5) is primary there, the large one secondary
    const region = async (name: string, geojson: string, priority: number) => {
      const res = await call<{ region: { id: number } }>('POST', '/api/region', {
        user: admin,
        body: { name, geojson, priority, global: true },
      });
      expect(res.status).toBe(200);
      return res.body.region.id;
    };
    const small = await region('Bern Stadt', aroundBern(), 5);
    const large = await region('Mittelland', largeAroundBern(), 0);
    const all = await call<AdminMap>('GET', '/api/admin/map', { user: admin });
    const byId = new Map(all.body.controllers.map((c) => [c.id, c]));
    expect(byId.get(second.id)).toMatchObject({ regionId: small, regionName: 'Bern Stadt' }); // at Bern
    expect(byId.get(thun.id)).toMatchObject({ regionId: large, regionName: 'Mittelland' });
    expect(byId.get(shown.id)).toMatchObject({ regionId: null, regionName: null }); // Zurich: no region

    const ofLarge = await call<AdminMap>('GET', `/api/admin/map?regionId=${large}`, { user: admin });
    expect(ofLarge.status).toBe(200);
    expect(ofLarge.body.controllers.map((c) => c.id)).toEqual([thun.id]); // Bern has it as secondary only
    const ofSmall = await call<AdminMap>('GET', `/api/admin/map?regionId=${small}&state=silent`, {
      user: admin,
    });
    expect(ofSmall.body.controllers.map((c) => c.id)).toEqual([second.id]);
    const none = await call<AdminMap>('GET', `/api/admin/map?regionId=${small}&state=expired`, {
      user: admin,
    });
    expect(none.body.controllers).toEqual([]);
    // the filter widens nothing: the same 401/403 for everybody but admins
    const url = `/api/admin/map?regionId=${small}`;
    expect((await call('GET', url)).status).toBe(401);
    for (const u of [owner, other, manager]) expect((await call('GET', url, { user: u })).status).toBe(403);
  });

  it('admin map: bad query input is a 400', async () => {
    for (const q of [
      'state=flying',
      'affiliationId=abc',
      'affiliationId=-1',
      'regionId=1.5',
      'regionId=abc',
      'regionId=0',
      'foo=1',
    ])
      expect((await call('GET', `/api/admin/map?${q}`, { user: admin })).status, q).toBe(400);
  });
});

/** A context on the test database, for calling the (uncached) builder directly. */
function ctxOf(t: TestApp): AppContext {
  return { config: t.config, db: t.db };
}
