import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import {
  sharePageSchema,
  type Intervention,
  type SeriesResponse,
  type SharePage,
  type ShareCreateResponse,
  type ShareView,
} from '@hivescope/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { allPages, forgeCursor } from '../../../test/pages';
import { startOfLocalYear } from './share-range';
import { createCast, createUser, type TestUser } from '../../../test/users';
import { eq, sql } from 'drizzle-orm';
import { scales, shares } from '../../db/schema';
import {
  caller,
  seedController,
  seedReadings,
  seedScale,
  seedWatch,
} from '../controllers/controllers.fixtures';

/**
 * POST share, GET share, DELETE share/{id} per role, and what a share token reads (docs/shares.md): its scales'
 * series and interventions inside its range, read-only; a deleted share's token answers 404.
 */
describe('shares', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let owner: TestUser, other: TestUser, watcher: TestUser, manager: TestUser, admin: TestUser;
  let hive: number, second: number, archived: number, foreign: number, controllerId: number;
  const now = Math.floor(Date.now() / 1000);

  const withToken = (token: string, url: string, method: 'GET' | 'POST' | 'DELETE' = 'GET', body?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: {
        'x-share-token': token,
        'accept-language': 'en',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  const create = (user: TestUser | undefined, body: unknown) =>
    call<ShareCreateResponse>('POST', '/api/share', { ...(user ? { user } : {}), body });
  const live = (scales: number[], extra: object = {}) => ({
    scales,
    series: ['weight', 'chipTemperature'],
    type: 'live',
    days: 7,
    kind: 'iframe',
    description: 'Bienenstand am Waldrand',
    ...extra,
  });

  beforeAll(async () => {
    t = await createTestApp();
    call = caller(t.app);
    const { aff, ...cast } = await createCast(t.db);
    ({ owner, other, watcher, manager, admin } = cast);
    const c = await seedController(t.db, { ownerId: owner.id, affiliationId: aff });
    controllerId = c.id;
    hive = await seedScale(t.db, c.id, 1, { name: 'Volk Linde' });
    second = await seedScale(t.db, c.id, 2, { name: 'Volk Eiche' });
    archived = await seedScale(t.db, c.id, 3, { state: 'archived', archivedAt: new Date() });
    await seedWatch(t.db, watcher.id, c.id);
    const o = await seedController(t.db, { ownerId: other.id });
    foreign = await seedScale(t.db, o.id, 1);
    const iso = (s: number) => new Date(s * 1000).toISOString();
    await seedReadings(t.db, c.id, 1, [
      { time: iso(now - 3 * 86_400), weight: 40 },
      { time: iso(now - 86_400), weight: 41 },
    ]);
  });
  afterAll(() => t.close());

  describe('POST share', () => {
    it('the owner shares own scales and gets a link with a 256-bit token, stored only as its SHA-256', async () => {
      const res = await create(owner, live([hive, second]));
      expect(res.status).toBe(200);
      expect(res.message).toBe('Share created');
      expect(res.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(res.body.url).toBe(`${t.config.publicUrl}/shared/livefeed?token=${res.body.token}`);
      expect(res.body.share).toMatchObject({
        type: 'live',
        kind: 'iframe',
        days: 7,
        xmin: null,
        scales: [
          { id: hive, name: 'Volk Linde' },
          { id: second, name: 'Volk Eiche' },
        ],
      });
      const rows = await t.db.select().from(shares);
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(row.tokenHash).not.toContain(res.body.token);
      expect(rows.some((r) => r.tokenHash.length === 64)).toBe(true);
    });

    it('a fixed time frame opens on /shared/timeline', async () => {
      const res = await create(owner, {
        ...live([hive]),
        type: 'fixed',
        xmin: now - 86_400,
        xmax: now,
        kind: 'link',
      });
      expect(res.status).toBe(200);
      expect(res.body.url).toContain('/shared/timeline?token=');
      expect(res.body.share).toMatchObject({ xmin: now - 86_400, xmax: now, days: null, kind: 'link' });
    });

    it('year to date opens on /shared/livefeed from local 1 January of the controller’s time zone', async () => {
      const res = await create(owner, { ...live([hive]), type: 'yearToDate', days: undefined });
      expect(res.status).toBe(200);
      expect(res.body.url).toContain('/shared/livefeed?token=');
      // the server reads its clock during the request: if local New Year's midnight falls between `before` and
      // `after` it may have seen either year, so either 1 January is right — each an exact instant, no tolerance
      const before = Date.now();
      const view: ShareView = (await withToken(res.body.token, '/api/share/view')).json();
      const after = Date.now();
      const starts = new Set([before, after].map((ms) => startOfLocalYear(ms, 'Europe/Zurich') / 1000));
      expect([...starts]).toContain(view.xmin);
      expect(Math.abs(view.xmax - Date.now() / 1000)).toBeLessThan(180);
    });

    it('no scale: "Please select some scales first"', async () => {
      const res = await create(owner, live([]));
      expect(res.status).toBe(400);
      expect(res.message).toBe('Please select some scales first');
    });

    it('bad input is refused: unknown series, live without days, fixed without a range, unknown fields', async () => {
      expect((await create(owner, live([hive], { series: ['nonsense'] }))).status).toBe(400);
      expect((await create(owner, live([hive], { days: undefined }))).status).toBe(400);
      expect((await create(owner, live([hive], { days: 0 }))).status).toBe(400);
      expect((await create(owner, live([hive], { type: 'fixed', xmin: now, xmax: now - 1 }))).status).toBe(
        400,
      );
      expect((await create(owner, live([hive], { kind: 'qr' }))).status).toBe(400);
      expect((await create(owner, live([hive], { region: 1 }))).status).toBe(400);
    });

    it('publicOnMap: a live feed keeps its token sealed (never as text) and is listed as on the map', async () => {
      const res = await create(owner, live([hive], { publicOnMap: true, description: 'Auf der Karte' }));
      expect(res.status).toBe(200);
      expect(res.body.share.publicOnMap).toBe(true);
      const [row] = await t.db.select().from(shares).where(eq(shares.id, res.body.share.id));
      expect(row?.publicOnMap).toBe(true);
      expect(row?.tokenSealed).toMatch(/^v1\./);
      expect(row?.tokenSealed).not.toContain(res.body.token);
      const listed = await call<SharePage>('GET', '/api/share', { user: owner });
      expect(listed.body.items.find((s) => s.id === res.body.share.id)?.publicOnMap).toBe(true);
      // without the box: nothing kept but the hash
      const plain = await create(owner, live([hive]));
      expect(plain.body.share.publicOnMap).toBe(false);
      const [plainRow] = await t.db.select().from(shares).where(eq(shares.id, plain.body.share.id));
      expect(plainRow).toMatchObject({ publicOnMap: false, tokenSealed: null });
    });

    it('publicOnMap is for live feeds only: other types and non-booleans are refused, nothing stored', async () => {
      const before = (await t.db.select().from(shares)).length;
      const fixed = await create(owner, {
        ...live([hive], { publicOnMap: true }),
        type: 'fixed',
        xmin: now - 86_400,
        xmax: now,
      });
      expect(fixed.status).toBe(400);
      expect(fixed.message).toBe('Only a live feed can be linked from the public map');
      const ytd = await call('POST', '/api/share', {
        user: owner,
        lang: 'de',
        body: { ...live([hive], { publicOnMap: true }), type: 'yearToDate', days: undefined },
      });
      expect(ytd.status).toBe(400);
      expect(ytd.message).toBe('Nur ein Live-Feed kann auf der öffentlichen Karte verlinkt werden');
      expect((await create(owner, live([hive], { publicOnMap: 'yes' }))).status).toBe(400);
      expect((await t.db.select().from(shares)).length).toBe(before);
    });

    it('the archive cannot be shared', async () => {
      const res = await create(owner, live([hive, archived]));
      expect(res.status).toBe(400);
      expect(res.message).toBe('Regions and the archive cannot be shared');
    });

    it('only the owner shares: anonymous 401, other 404, watcher, manager and admin 403', async () => {
      expect((await create(undefined, live([hive]))).status).toBe(401);
      expect((await create(other, live([hive]))).status).toBe(404);
      expect((await create(owner, live([hive, foreign]))).status).toBe(404);
      expect((await create(watcher, live([hive]))).status).toBe(403);
      expect((await create(manager, live([hive]))).status).toBe(403);
      expect((await create(admin, live([hive]))).status).toBe(403);
    });
  });

  describe('GET share and DELETE share/{id}', () => {
    it('lists only the caller’s shares; deletes only one’s own (others 404)', async () => {
      const created = await create(owner, live([hive], { description: 'to delete' }));
      const mine = await call<SharePage>('GET', '/api/share', { user: owner });
      expect(mine.status).toBe(200);
      expect(mine.body.items.length).toBeGreaterThan(0);
      const listed = mine.body.items.find((s) => s.id === created.body.share.id);
      expect(listed).toMatchObject({ type: 'live', description: 'to delete', kind: 'iframe', days: 7 });
      expect(Date.parse(listed?.issuedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
      expect(JSON.stringify(mine.body)).not.toContain(created.body.token);

      expect((await call<SharePage>('GET', '/api/share', { user: other })).body).toEqual({
        items: [],
        nextCursor: null,
      });
      expect((await call('GET', '/api/share')).status).toBe(401);

      const id = created.body.share.id;
      for (const user of [other, watcher, manager, admin])
        expect((await call('DELETE', `/api/share/${id}`, { user })).status).toBe(404);
      expect((await call('DELETE', `/api/share/${id}`)).status).toBe(401);
      expect((await call('DELETE', '/api/share/abc', { user: owner })).status).toBe(400);
      const del = await call('DELETE', `/api/share/${id}`, { user: owner });
      expect(del.status).toBe(200);
      expect(del.message).toBe('Share deleted');
      expect((await call('DELETE', `/api/share/${id}`, { user: owner })).status).toBe(404);
    });
  });

  describe('GET share: pages, sorts, filter, search (docs/api-conventions.md "Lists and pagination")', () => {
    let sharer: TestUser;
    let theirs: number[];
    const TIE = '2025-03-01 10:00:00.123456+00';

    beforeAll(async () => {
      sharer = await createUser(t.db);
      const c = await seedController(t.db, { ownerId: sharer.id });
      const linde = await seedScale(t.db, c.id, 1, { name: 'Volk Linde' });
      const buche = await seedScale(t.db, c.id, 2, { name: 'Volk Buche' });
      // 12 shares: 4 made at the same microsecond and 3 with the same description (the id breaks ties)
      const rows = Array.from({ length: 12 }, (_, i) => ({
        ownerId: sharer.id,
        tokenHash: crypto.randomBytes(32).toString('hex'),
        type: (['live', 'fixed', 'yearToDate'] as const)[i % 3] ?? 'live',
        kind: 'link' as const,
        description: i % 4 === 1 ? 'Gleich' : `Freigabe ${String.fromCharCode(75 - i)}`,
        scaleIds: i % 2 === 0 ? [linde] : [buche, linde],
        series: ['weight' as const],
        days: i % 3 === 0 ? 7 : null,
        createdAt: i < 4 ? new Date('2025-03-01T10:00:00Z') : new Date(Date.UTC(2025, 2, 2, i)),
      }));
      theirs = (await t.db.insert(shares).values(rows).returning({ id: shares.id })).map((r) => r.id);
      await t.db.execute(
        sql`UPDATE shares SET created_at = ${TIE}::timestamptz WHERE id = ANY(${sql.param(theirs.slice(0, 4))}::int[])`,
      );
    });

    const page = async (url: string, user?: TestUser, lang = 'en') => {
      const res = await call<unknown>('GET', url, { ...(user ? { user } : {}), lang });
      return { ...res, body: res.status === 200 ? sharePageSchema.parse(res.body) : res.body };
    };
    const walk = (base: string, user: TestUser = sharer) =>
      allPages(async (cursor) => {
        const res = await page(`${base}${cursor ? `&cursor=${cursor}` : ''}`, user);
        return { status: res.status, body: res.body as SharePage };
      });
    /** The sharer's shares in the list's order: the sort column, then id, in the same direction. */
    const expected = async (column: 'created_at' | 'description', order: 'asc' | 'desc') => {
      const res = await t.db.execute<{ id: number }>(
        sql`SELECT id FROM shares WHERE owner_id = ${sharer.id}
            ORDER BY ${sql.raw(column)} ${sql.raw(order)}, id ${sql.raw(order)}`,
      );
      return res.rows.map((r) => r.id);
    };

    it.each([
      ['createdAt', 'created_at', 'desc'],
      ['createdAt', 'created_at', 'asc'],
      ['description', 'description', 'asc'],
      ['description', 'description', 'desc'],
    ] as const)(
      'pages of 5 by %s %s list every share exactly once, in order, as one big page does',
      async (sort, column, order) => {
        const { items, pages } = await walk(`/api/share?limit=5&sort=${sort}&order=${order}`);
        const ids = items.map((s) => s.id);
        expect(ids).toEqual(await expected(column, order));
        expect(ids.toSorted((a, b) => a - b)).toEqual(theirs.toSorted((a, b) => a - b));
        expect(pages).toBe(3);
        const one = (await page(`/api/share?limit=500&sort=${sort}&order=${order}`, sharer))
          .body as SharePage;
        expect(one.items.map((s) => s.id)).toEqual(ids);
      },
    );

    it('answers newest first by default, with the scales’ names', async () => {
      const first = (await page('/api/share?limit=3', sharer)).body as SharePage;
      expect(first.items.map((s) => s.id)).toEqual((await expected('created_at', 'desc')).slice(0, 3));
      expect(first.nextCursor).not.toBeNull();
      expect(first.items[0]?.scales.map((s) => s.name)).toEqual(['Volk Buche', 'Volk Linde']);
    });

    it('filters by type and searches the description and the scales’ names (every word)', async () => {
      const ids = async (query: string) =>
        ((await page(`/api/share?limit=500&${query}`, sharer)).body as SharePage).items.map((s) => s.id);
      const live = await ids('type=live');
      expect(live.toSorted((a, b) => a - b)).toEqual(theirs.filter((_, i) => i % 3 === 0));
      expect((await ids('q=gleich')).toSorted((a, b) => a - b)).toEqual(theirs.filter((_, i) => i % 4 === 1));
      const buche = await ids('q=BUCHE');
      expect(buche.toSorted((a, b) => a - b)).toEqual(theirs.filter((_, i) => i % 2 === 1));
      expect(await ids(`q=${encodeURIComponent('buche gleich')}&type=fixed`)).toEqual([theirs[1]]);
      expect(await ids('q=linde%25')).toEqual([]);
    });

    it.each([
      ['limit=0', 'Die Seitengrösse muss zwischen 1 und 500 liegen'],
      ['limit=501', 'Die Seitengrösse muss zwischen 1 und 500 liegen'],
      ['cursor=%%%', 'Die Seitenposition ist ungültig; bitte die Liste neu laden'],
      [
        `cursor=${forgeCursor(['createdAt', 'desc', TIE, crypto.randomUUID()])}`,
        'Die Seitenposition ist ungültig; bitte die Liste neu laden',
      ],
      [
        `cursor=${forgeCursor(['createdAt', 'desc', 'gestern', 1])}`,
        'Die Seitenposition ist ungültig; bitte die Liste neu laden',
      ],
      [
        `sort=description&cursor=${forgeCursor(['createdAt', 'desc', TIE, 1])}`,
        'Die Seitenposition ist ungültig; bitte die Liste neu laden',
      ],
      ['sort=issuedAt', 'Nach dieser Spalte kann nicht sortiert werden'],
    ])('refuses %s with a localised 400', async (query, message) => {
      const res = await page(`/api/share?${query}`, sharer, 'de');
      expect(res.status).toBe(400);
      expect(res.message).toBe(message);
    });

    it('refuses an unknown parameter or type (400); anonymous callers get 401 first', async () => {
      for (const query of ['type=forever', 'ownerId=1', 'kind=link'])
        expect((await page(`/api/share?${query}`, sharer)).status).toBe(400);
      expect((await page('/api/share?limit=0')).status).toBe(401);
    });

    it('lists only one’s own: others, the admin and a borrowed cursor see none of them', async () => {
      const first = (await page('/api/share?limit=2', sharer)).body as SharePage;
      for (const user of [other, admin, watcher]) {
        const res = (await page(`/api/share?limit=500`, user)).body as SharePage;
        expect(res.items.filter((s) => theirs.includes(s.id))).toEqual([]);
        const moved = (await page(`/api/share?limit=500&cursor=${first.nextCursor}`, user)).body as SharePage;
        expect(moved.items.filter((s) => theirs.includes(s.id))).toEqual([]);
      }
    });
  });

  describe('a share token', () => {
    let token: string;
    let view: ShareView;
    beforeAll(async () => {
      token = (await create(owner, live([hive]))).body.token;
      view = (await withToken(token, '/api/share/view')).json();
    });

    it('describes its share: scales, their controllers, series and the last N days up to now', () => {
      expect(view).toMatchObject({
        type: 'live',
        days: 7,
        scales: [{ id: hive, name: 'Volk Linde', controllerId }],
        controllers: [controllerId],
        series: ['weight', 'chipTemperature'],
      });
      expect(view.xmax - view.xmin).toBe(7 * 86_400);
      expect(Math.abs(view.xmax - now)).toBeLessThan(180);
    });

    it('reads the series of its scales in its range, without a session', async () => {
      const q = `scales=${hive}&controllers=${controllerId}&series=weight,chipTemperature&xmin=${view.xmin}&xmax=${view.xmax}`;
      const res = await withToken(token, `/api/series?${q}`);
      expect(res.statusCode).toBe(200);
      const body: SeriesResponse = res.json();
      const weight = body.series.find((s) => s.kind === 'scale' && s.series === 'weight');
      expect(weight?.values.length).toBeGreaterThan(0);
      expect(weight?.values).toContain(41);
      // the cached answer is the same JSON, compressed once for browsers
      const br = await t.app.inject({
        method: 'GET',
        url: `/api/series?${q}`,
        headers: { 'x-share-token': token, 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toContain('application/json');
      expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(body);
      const ivs = await withToken(
        token,
        `/api/intervention?scales=${hive}&xmin=${view.xmin}&xmax=${view.xmax}`,
      );
      expect(ivs.statusCode).toBe(200);
      expect((ivs.json() as Intervention[]).every((i) => !i.editable)).toBe(true);
    });

    it('reads nothing outside: other scales, series, controllers or range → 403; writes need a session', async () => {
      const base = `series=weight&xmin=${view.xmin}&xmax=${view.xmax}`;
      expect((await withToken(token, `/api/series?scales=${second}&${base}`)).statusCode).toBe(403);
      expect((await withToken(token, `/api/series?scales=${foreign}&${base}`)).statusCode).toBe(403);
      expect(
        (
          await withToken(
            token,
            `/api/series?scales=${hive}&series=temperature&xmin=${view.xmin}&xmax=${view.xmax}`,
          )
        ).statusCode,
      ).toBe(403);
      expect(
        (
          await withToken(
            token,
            `/api/series?scales=${hive}&series=weight&xmin=${view.xmin - 86_400}&xmax=${view.xmax}`,
          )
        ).statusCode,
      ).toBe(403);
      expect(
        (await withToken(token, `/api/intervention?scales=${second}&xmin=${view.xmin}&xmax=${view.xmax}`))
          .statusCode,
      ).toBe(403);
      const write = await withToken(token, '/api/intervention', 'POST', {
        idscale: hive,
        label: 'inspection',
        time: new Date().toISOString(),
      });
      expect(write.statusCode).toBe(401);
    });

    it('a wrong or deleted token answers 404 "The share might have been removed or misconfigured"', async () => {
      const wrong = await withToken('x'.repeat(43), '/api/share/view');
      expect(wrong.statusCode).toBe(404);
      expect(wrong.json()).toEqual({ message: 'The share might have been removed or misconfigured' });
      const created = await create(owner, live([hive]));
      const tok = created.body.token;
      expect((await withToken(tok, '/api/share/view')).statusCode).toBe(200); // now cached
      const q = `scales=${hive}&series=weight&xmin=${view.xmin}&xmax=${view.xmax}`;
      expect((await withToken(tok, `/api/series?${q}`)).statusCode).toBe(200);
      await call('DELETE', `/api/share/${created.body.share.id}`, { user: owner });
      for (const url of ['/api/share/view', `/api/series?${q}`]) {
        const res = await withToken(tok, url);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: 'The share might have been removed or misconfigured' });
      }
      const de = await t.app.inject({
        method: 'GET',
        url: '/api/share/view',
        headers: { 'x-share-token': tok, 'accept-language': 'de' },
      });
      expect(de.json()).toEqual({
        message: 'Die Freigabe wurde möglicherweise entfernt oder ist falsch konfiguriert',
      });
    });

    it('a share whose scale was archived later is unavailable', async () => {
      const extra = await seedScale(t.db, controllerId, 5, { name: 'Volk später' });
      const tok = (await create(owner, live([extra]))).body.token;
      await t.db
        .update(scales)
        .set({ state: 'archived', archivedAt: new Date() })
        .where(eq(scales.id, extra));
      expect((await withToken(tok, '/api/share/view')).statusCode).toBe(404);
    });
  });
});
