import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicMap, ShareCreateResponse } from '@hivescope/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { createCast, type TestUser } from '../../../test/users';
import type { AppContext } from '../../context';
import { controllers, scales, shares } from '../../db/schema';
import { secretBox } from '../../lib/secret-box';
import { caller, seedController, seedScale, seedWatch } from '../controllers/controllers.fixtures';
import { buildPublicMap } from './map.service';

/**
 * The public map's live-share link (docs/maps.md "Live share link", docs/shares.md "Live share link"): the
 * owner's newest live feed ticked "Link from the public map" that covers a scale of the controller, and nothing
 * else — not an unticked share, not a deleted one (at once, although GET map/public is cached for 60 s here),
 * not a share of a controller that changed hands, never another user's share.
 */
describe('GET /api/map/public: the live share link', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let owner: TestUser, other: TestUser, watcher: TestUser, manager: TestUser, admin: TestUser;
  let waldrand: number, bern: number, strangers: number;
  let linde: number, eiche: number, bernScale: number, strangersScale: number;

  const live = (scales: number[], extra: object = {}) => ({
    scales,
    series: ['weight'],
    type: 'live',
    days: 7,
    kind: 'link',
    ...extra,
  });
  const share = async (user: TestUser, body: object) => {
    const res = await call<ShareCreateResponse>('POST', '/api/share', { user, body });
    expect(res.status).toBe(200);
    return res.body;
  };
  /** The public map's links by controller id, as anybody gets them (cached answer included). */
  const links = async (user?: TestUser) => {
    const res = await call<PublicMap>('GET', '/api/map/public', user ? { user } : {});
    expect(res.status).toBe(200);
    return new Map(res.body.controllers.map((c) => [c.id, c.liveShareUrl]));
  };
  const remove = async (id: number) =>
    expect((await call('DELETE', `/api/share/${id}`, { user: owner })).status).toBe(200);

  beforeAll(async () => {
    t = await createTestApp();
    expect(t.config.publicMapCacheMs).toBe(60_000);
    call = caller(t.app);
    const { aff, ...cast } = await createCast(t.db);
    ({ owner, other, watcher, manager, admin } = cast);
    const place = { lat: 47.37, lng: 8.54 };
    waldrand = (await seedController(t.db, { ownerId: owner.id, affiliationId: aff, location: place })).id;
    bern = (await seedController(t.db, { ownerId: owner.id, location: { lat: 46.95, lng: 7.45 } })).id;
    strangers = (await seedController(t.db, { ownerId: other.id, location: { lat: 46.2, lng: 6.1 } })).id;
    await t.db
      .update(controllers)
      .set({ displayOnPublicMap: true })
      .where(inArray(controllers.id, [waldrand, bern, strangers]));
    linde = await seedScale(t.db, waldrand, 1, { name: 'Volk Linde' });
    eiche = await seedScale(t.db, waldrand, 2, { name: 'Volk Eiche' });
    bernScale = await seedScale(t.db, bern, 1);
    strangersScale = await seedScale(t.db, strangers, 1);
    await seedWatch(t.db, watcher.id, waldrand);
  });
  afterAll(() => t.close());

  it('no share linked: every link is null', async () => {
    const before = await links();
    expect(before.size).toBe(3);
    expect([...before.values()]).toEqual([null, null, null]);
  });

  it('a live feed without the box is never linked; a ticked one shows at once and opens without a session', async () => {
    await share(owner, live([linde]));
    await share(owner, live([bernScale]));
    expect([...(await links()).values()]).toEqual([null, null, null]);

    const onMap = await share(owner, live([linde], { publicOnMap: true }));
    expect(onMap.url).toBe(`${t.config.publicUrl}/shared/livefeed?token=${onMap.token}`);
    const shown = await links();
    expect(shown.get(waldrand)).toBe(onMap.url);
    expect(shown.get(bern)).toBeNull();
    expect(shown.get(strangers)).toBeNull();
    // the same for a logged-in caller: a session neither widens nor narrows the public answer
    for (const user of [owner, other, watcher, manager, admin]) expect(await links(user)).toEqual(shown);
    const token = new URL(shown.get(waldrand)!).searchParams.get('token')!;
    const view = await t.app.inject({
      method: 'GET',
      url: '/api/share/view',
      headers: { 'x-share-token': token },
    });
    expect(view.statusCode).toBe(200);
    await remove(onMap.share.id);
  });

  it('the newest linked live feed wins; deleting it falls back to the older one, then to none — at once', async () => {
    const older = await share(owner, live([linde], { publicOnMap: true }));
    // covers both of the owner's controllers
    const newer = await share(owner, live([eiche, bernScale], { publicOnMap: true }));
    let now = await links();
    expect(now.get(waldrand)).toBe(newer.url);
    expect(now.get(bern)).toBe(newer.url);

    await remove(newer.share.id);
    now = await links(); // within the 60-s cache time: the deletion dropped the cached answer
    expect(now.get(waldrand)).toBe(older.url);
    expect(now.get(bern)).toBeNull();
    expect(JSON.stringify([...now.values()])).not.toContain(newer.token);

    await remove(older.share.id);
    expect([...(await links()).values()]).toEqual([null, null, null]);
  });

  it('only the owner links a share: others are refused and nothing is linked', async () => {
    const body = live([linde], { publicOnMap: true });
    expect((await call('POST', '/api/share', { body })).status).toBe(401);
    expect((await call('POST', '/api/share', { user: other, body })).status).toBe(404);
    for (const user of [watcher, manager, admin])
      expect((await call('POST', '/api/share', { user, body })).status).toBe(403);
    expect(await t.db.select().from(shares).where(eq(shares.publicOnMap, true))).toEqual([]);
    expect([...(await links()).values()]).toEqual([null, null, null]);
  });

  it('another user’s share never appears at a controller: each owner’s link stays at their own', async () => {
    const mine = await share(owner, live([linde], { publicOnMap: true }));
    const theirs = await share(other, live([strangersScale], { publicOnMap: true }));
    const now = await links();
    expect(now.get(waldrand)).toBe(mine.url);
    expect(now.get(strangers)).toBe(theirs.url);
    expect(now.get(bern)).toBeNull();

    // the controller changes hands: the former owner's share of it is no longer linked (it would not open)
    await t.db.update(controllers).set({ ownerId: other.id }).where(eq(controllers.id, waldrand));
    try {
      const built = await buildPublicMap(ctxOf(t));
      expect(built.controllers.find((c) => c.id === waldrand)?.liveShareUrl).toBeNull();
      expect(built.controllers.find((c) => c.id === strangers)?.liveShareUrl).toBe(theirs.url);
    } finally {
      await t.db.update(controllers).set({ ownerId: owner.id }).where(eq(controllers.id, waldrand));
    }
    await remove(mine.share.id);
    await call('DELETE', `/api/share/${theirs.share.id}`, { user: other });
  });

  it('a share with an archived scale, or sealed with another key, gives no link', async () => {
    const archivedLater = await seedScale(t.db, bern, 2);
    const withArchived = await share(owner, live([bernScale, archivedLater], { publicOnMap: true }));
    const linked = await share(owner, live([linde], { publicOnMap: true }));
    expect((await buildPublicMap(ctxOf(t))).controllers.find((c) => c.id === bern)?.liveShareUrl).toBe(
      withArchived.url,
    );
    await t.db
      .update(scales)
      .set({ state: 'archived', archivedAt: new Date() })
      .where(eq(scales.id, archivedLater));
    // FORWARD_SECRET_KEY changed since: the stored token cannot be opened
    const foreignKey = secretBox('k'.repeat(40), 'share-map-link').seal(linked.token);
    await t.db.update(shares).set({ tokenSealed: foreignKey }).where(eq(shares.id, linked.share.id));
    const built = await buildPublicMap(ctxOf(t));
    expect(built.controllers.find((c) => c.id === bern)?.liveShareUrl).toBeNull();
    expect(built.controllers.find((c) => c.id === waldrand)?.liveShareUrl).toBeNull();
  });
});

/** A context on the test database, for calling the (uncached) builder directly. */
function ctxOf(t: TestApp): AppContext {
  return { config: t.config, db: t.db };
}
