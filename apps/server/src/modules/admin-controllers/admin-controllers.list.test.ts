import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminControllerPage } from '@hivescope/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { allPages, forgeCursor } from '../../../test/pages';
import { createAffiliation, createUser, type TestUser } from '../../../test/users';
import { caller, seedController } from '../controllers/controllers.fixtures';

/** Paging, sorting and search of GET admin/controllers and admin/affiliatedControllers (docs/api-conventions.md). */
describe('controller lists: pages, sorts, search', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let user: TestUser, manager: TestUser, admin: TestUser;
  let affA: number;
  const all: number[] = [];
  const inA: number[] = [];
  let owned: { id: number; imsi: string };

  beforeAll(async () => {
    t = await createTestApp();
    call = caller(t.app);
    affA = await createAffiliation(t.db, 'Inspektorat Nord');
    const affB = await createAffiliation(t.db, 'Inspektorat Süd');
    user = await createUser(t.db, { email: 'imker.paging@example.org' });
    manager = await createUser(t.db, { role: 2, affiliationId: affA });
    admin = await createUser(t.db, { admin: true });
    // 9 controllers share one name and 12 share one creation time: pages must split ties by id
    for (let i = 0; i < 9; i++) {
      const c = await seedController(t.db, { name: 'Gleich', affiliationId: i % 2 ? affA : affB });
      all.push(c.id);
      if (i % 2) inA.push(c.id);
    }
    for (const name of ['Alpha', 'Zeta 100%', 'Zeta 1x0'])
      all.push((await seedController(t.db, { name })).id);
    owned = await seedController(t.db, { name: 'Honig', ownerId: user.id, affiliationId: affA });
    all.push(owned.id);
    inA.push(owned.id);
    await t.db.execute(sql`UPDATE controllers SET created_at = '2025-03-01 10:00:00.123456+00'`);
  });
  afterAll(() => t.close());

  const page = (url: string, who: TestUser = admin, lang = 'en') =>
    call<AdminControllerPage>('GET', url, { user: who, lang });
  const walk = (base: string, who: TestUser = admin) =>
    allPages((cursor) => page(`${base}${cursor ? `&cursor=${cursor}` : ''}`, who));

  it('answers 401 anonymous and 403 to users and managers on admin/controllers', async () => {
    expect((await call('GET', '/api/admin/controllers?limit=2')).status).toBe(401);
    for (const who of [user, manager]) expect((await page('/api/admin/controllers', who)).status).toBe(403);
  });

  it.each([
    ['name', 'asc'],
    ['name', 'desc'],
    ['createdAt', 'asc'],
    ['createdAt', 'desc'],
    ['subscriptionEnd', 'desc'],
    ['imsi', 'asc'],
  ])(
    'pages of 2 by %s %s list every controller exactly once, in the order of one big page',
    async (sort, order) => {
      const base = `/api/admin/controllers?limit=2&sort=${sort}&order=${order}`;
      const { items, pages } = await walk(base);
      const ids = items.map((r) => r.id);
      expect(ids.toSorted((a, b) => a - b)).toEqual(all.toSorted((a, b) => a - b));
      expect(new Set(ids).size).toBe(all.length);
      expect(pages).toBe(Math.ceil(all.length / 2));
      const one = await page(`/api/admin/controllers?limit=500&sort=${sort}&order=${order}`);
      expect(one.body.items.map((r) => r.id)).toEqual(ids);
      expect(one.body.nextCursor).toBeNull();
    },
  );

  it('breaks ties by id: equal names in id order, reversed with desc', async () => {
    const { items } = await walk('/api/admin/controllers?limit=4&sort=name');
    const same = items.filter((r) => r.name === 'Gleich').map((r) => r.id);
    expect(same).toEqual(same.toSorted((a, b) => a - b));
    expect(items[0]?.name).toBe('Alpha');
    const down = await walk('/api/admin/controllers?limit=4&sort=name&order=desc');
    expect(down.items.map((r) => r.id)).toEqual(items.map((r) => r.id).reverse());
  });

  it('defaults to 50 rows by name, ascending', async () => {
    const res = await page('/api/admin/controllers');
    expect(res.status).toBe(200);
    expect(res.body.items.map((r) => r.name).slice(0, 2)).toEqual(['Alpha', 'Gleich']);
    expect(res.body.items).toHaveLength(all.length);
  });

  it('refuses the cursor of one sort or order for another with a localised 400', async () => {
    const first = await page('/api/admin/controllers?limit=2&sort=name');
    const cursor = first.body.nextCursor;
    expect(cursor).toEqual(expect.any(String));
    for (const other of ['sort=createdAt', 'sort=name&order=desc']) {
      const res = await page(`/api/admin/controllers?limit=2&${other}&cursor=${cursor}`, admin, 'de');
      expect([res.status, res.body]).toEqual([
        400,
        { message: 'Die Seitenposition ist ungültig; bitte die Liste neu laden' },
      ]);
    }
  });

  it.each([
    ['limit=0', 'The page size must be between 1 and 500'],
    ['limit=501', 'The page size must be between 1 and 500'],
    ['limit=abc', 'The page size must be between 1 and 500'],
    ['limit=2.5', 'The page size must be between 1 and 500'],
    ['cursor=not*base64', 'The page position is invalid; please reload the list'],
    ['cursor=' + forgeCursor({ a: 1 }), 'The page position is invalid; please reload the list'],
    [
      'cursor=' + forgeCursor(['name', 'asc', 'x', 0]),
      'The page position is invalid; please reload the list',
    ],
    [
      'cursor=' + forgeCursor(['name', 'asc', 'x\u0000', 1]),
      'The page position is invalid; please reload the list',
    ],
    [
      'sort=createdAt&cursor=' + forgeCursor(['createdAt', 'asc', 'yesterday', 1]),
      'The page position is invalid; please reload the list',
    ],
    ['cursor=bm90IGpzb24', 'The page position is invalid; please reload the list'],
    ['sort=password', 'The list cannot be sorted by this column'],
    ['order=up', 'The list cannot be sorted by this column'],
    [`q=${'x'.repeat(101)}`, 'The search text may be at most 100 characters long'],
  ])('refuses %s with a localised 400 and no rows', async (query, message) => {
    const res = await page(`/api/admin/controllers?${query}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message });
    expect(res.body).not.toHaveProperty('items');
  });

  it('searches names, owners, affiliations, IMSI prefixes and ids; every word must match', async () => {
    const ids = async (q: string) =>
      (await page(`/api/admin/controllers?limit=500&q=${encodeURIComponent(q)}`)).body.items.map((r) => r.id);
    expect(await ids('honig')).toEqual([owned.id]);
    expect(await ids('IMKER.PAGING')).toEqual([owned.id]);
    expect(await ids(owned.imsi.slice(0, 9))).toContain(owned.id);
    expect(await ids(String(owned.id))).toContain(owned.id);
    expect((await ids('gleich nord')).toSorted()).toEqual(inA.filter((id) => id !== owned.id).toSorted());
    // LIKE wildcards are literal: "100%" finds only the name with a percent sign, "1_0" none
    expect(await ids('100%')).toHaveLength(1);
    expect(await ids('1_0')).toEqual([]);
    expect(await ids('kein-treffer')).toEqual([]);
    const paged = await walk('/api/admin/controllers?limit=2&q=gleich');
    expect(paged.items).toHaveLength(9);
    expect(paged.pages).toBe(5);
  });

  describe('GET admin/affiliatedControllers', () => {
    const url = '/api/admin/affiliatedControllers?limit=2';

    it('pages a manager through their own affiliation only, without credentials', async () => {
      const { items } = await walk(url, manager);
      expect(items.map((r) => r.id).toSorted()).toEqual(inA.toSorted());
      expect(items.every((r) => r.imsi === null && r.imei === null)).toBe(true);
    });

    it('lets a manager neither sort nor search by IMSI (they never see it)', async () => {
      const sorted = await page(`${url}&sort=imsi`, manager);
      expect([sorted.status, sorted.body]).toEqual([
        400,
        { message: 'The list cannot be sorted by this column' },
      ]);
      const found = await page(`${url}&q=${owned.imsi.slice(0, 12)}`, manager);
      expect([found.status, found.body.items]).toEqual([200, []]);
      const byName = await page(`${url}&q=honig`, manager);
      expect(byName.body.items.map((r) => r.id)).toEqual([owned.id]);
    });

    it('answers 401 anonymous, 403 to users and to a manager asking for another affiliation', async () => {
      expect((await call('GET', url)).status).toBe(401);
      expect((await page(url, user)).status).toBe(403);
      expect((await page(`${url}&affiliationId=${affA + 1}`, manager)).status).toBe(403);
    });

    it('gives an admin every affiliated controller, paged, with IMSI search', async () => {
      const { items } = await walk(`${url}&sort=createdAt&order=desc`);
      expect(items).toHaveLength(10);
      const found = await page(`${url}&q=${owned.imsi}`);
      expect(found.body.items.map((r) => r.id)).toEqual([owned.id]);
    });
  });
});
