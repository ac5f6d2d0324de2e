import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userPageSchema, type User } from '@hivescope/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { allPages, forgeCursor } from '../../../test/pages';
import { createAffiliation, createUser, type TestUser } from '../../../test/users';
import { users } from '../../db/schema';

/** Paging, sorting and search of GET admin/users and admin/affiliatedUsers (docs/api-conventions.md). */
describe('user lists: pages, sorts, search', () => {
  let t: TestApp;
  let admin: TestUser, manager: TestUser, plain: TestUser;
  let affA: number;
  const inA: number[] = [];
  let everyone: number[];

  beforeAll(async () => {
    t = await createTestApp();
    affA = await createAffiliation(t.db, 'A');
    const affB = await createAffiliation(t.db, 'B');
    admin = await createUser(t.db, { admin: true });
    manager = await createUser(t.db, { role: 2, affiliationId: affA });
    inA.push(manager.id);
    plain = await createUser(t.db);
    for (let i = 0; i < 10; i++) {
      const u = await createUser(t.db, { affiliationId: i < 6 ? affA : affB });
      if (i < 6) inA.push(u.id);
    }
    await t.db.execute(sql`UPDATE users SET city = 'Bern' WHERE id = ${plain.id}`);
    // every user created at the same microsecond, most with role 10: sorting must split ties by id
    await t.db.execute(sql`UPDATE users SET created_at = '2025-03-01 10:00:00.654321+00'`);
    everyone = (await t.db.select({ id: users.id }).from(users)).map((r) => r.id);
  });
  afterAll(() => t.close());

  const get = async (url: string, who?: TestUser, lang = 'en') => {
    const res = await t.app.inject({ url, headers: { ...(who?.headers ?? {}), 'accept-language': lang } });
    const body = res.json() as unknown;
    return { status: res.statusCode, body: res.statusCode === 200 ? userPageSchema.parse(body) : body };
  };
  const walk = (base: string, who: TestUser = admin) =>
    allPages(async (cursor) => {
      const res = await get(`${base}${cursor ? `&cursor=${cursor}` : ''}`, who);
      return { status: res.status, body: res.body as { items: User[]; nextCursor: string | null } };
    });
  const sorted = (ids: number[]) => ids.toSorted((a, b) => a - b);

  it('answers 401 anonymous and 403 to users and managers on admin/users', async () => {
    expect((await get('/api/admin/users?limit=1')).status).toBe(401);
    expect(await get('/api/admin/users', plain, 'fr')).toEqual({
      status: 403,
      body: { message: "Vous n'êtes pas autorisé à faire cela" },
    });
    expect((await get('/api/admin/users', manager)).status).toBe(403);
  });

  it.each([
    ['email', 'asc'],
    ['email', 'desc'],
    ['createdAt', 'asc'],
    ['role', 'asc'],
    ['role', 'desc'],
  ])('pages of 3 by %s %s list every user exactly once, as one big page does', async (sort, order) => {
    const { items, pages } = await walk(`/api/admin/users?limit=3&sort=${sort}&order=${order}`);
    const ids = items.map((u) => u.userId);
    expect(sorted(ids)).toEqual(sorted(everyone));
    expect(new Set(ids).size).toBe(everyone.length);
    expect(pages).toBe(Math.ceil(everyone.length / 3));
    const one = await get(`/api/admin/users?limit=500&sort=${sort}&order=${order}`, admin);
    expect((one.body as { items: User[] }).items.map((u) => u.userId)).toEqual(ids);
  });

  it('breaks role ties by id (the manager first by role, then every role-10 user in id order)', async () => {
    const { items } = await walk('/api/admin/users?limit=4&sort=role');
    expect(items[0]?.userId).toBe(manager.id);
    const tens = items.filter((u) => u.role === 10).map((u) => u.userId);
    expect(tens).toEqual(sorted(tens));
  });

  it('searches email, name and city; every word must match', async () => {
    const ids = async (q: string) =>
      ((await get(`/api/admin/users?q=${encodeURIComponent(q)}`, admin)).body as { items: User[] }).items.map(
        (u) => u.userId,
      );
    expect(await ids('bern')).toEqual([plain.id]);
    expect(await ids(plain.email.toUpperCase())).toEqual([plain.id]);
    expect((await ids('test zürich')).length).toBe(everyone.length - 1);
    expect(await ids('nobody-here')).toEqual([]);
  });

  it.each([
    ['limit=0', 'La taille de page doit être comprise entre 1 et 500'],
    ['limit=501', 'La taille de page doit être comprise entre 1 et 500'],
    ['cursor=%%%', 'La position de page est invalide ; veuillez recharger la liste'],
    [
      'sort=role&cursor=' + forgeCursor(['role', 'asc', '1e3', 1]),
      'La position de page est invalide ; veuillez recharger la liste',
    ],
    [
      'sort=role&cursor=' + forgeCursor(['role', 'asc', '99999999999', 1]),
      'La position de page est invalide ; veuillez recharger la liste',
    ],
    ['sort=passwordHash', 'La liste ne peut pas être triée selon cette colonne'],
  ])('refuses %s with a localised 400', async (query, message) => {
    const res = await get(`/api/admin/users?${query}`, admin, 'fr');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message });
  });

  it('refuses a cursor of the email sort for the role sort', async () => {
    const first = (await get('/api/admin/users?limit=2&sort=email', admin)).body as { nextCursor: string };
    const res = await get(`/api/admin/users?limit=2&sort=role&cursor=${first.nextCursor}`, admin);
    expect(res).toEqual({
      status: 400,
      body: { message: 'The page position is invalid; please reload the list' },
    });
  });

  describe('GET admin/affiliatedUsers', () => {
    it('pages a manager through their own affiliation only', async () => {
      const { items, pages } = await walk(
        `/api/admin/affiliatedUsers?affiliationId=${affA}&limit=2`,
        manager,
      );
      expect(sorted(items.map((u) => u.userId))).toEqual(sorted(inA));
      expect(pages).toBe(4);
    });

    it('searches within the affiliation only', async () => {
      const res = await get(`/api/admin/affiliatedUsers?affiliationId=${affA}&q=bern`, manager);
      expect((res.body as { items: User[] }).items).toEqual([]);
    });

    it('refuses another affiliation (403), ordinary users (403) and anonymous callers (401)', async () => {
      expect(
        (await get(`/api/admin/affiliatedUsers?affiliationId=${affA + 1}&limit=2`, manager)).status,
      ).toBe(403);
      expect((await get(`/api/admin/affiliatedUsers?affiliationId=${affA}`, plain)).status).toBe(403);
      expect((await get(`/api/admin/affiliatedUsers?affiliationId=${affA}`)).status).toBe(401);
    });
  });
});
