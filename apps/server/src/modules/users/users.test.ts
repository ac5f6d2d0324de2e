import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { userPageSchema } from '@hivescope/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import {
  clearAttempts,
  createAccount,
  login,
  ping,
  sessionCount,
  userRow,
  type Account,
} from '../../../test/auth';
import { createAffiliation } from '../../../test/users';

const profile = {
  firstName: 'Ada',
  lastName: 'Admin',
  street: 'Neu 1',
  zip: '1000',
  city: 'Lausanne',
  country: 'CH',
  phone: '1',
};

describe('admin user management', () => {
  let t: TestApp;
  let affA: number;
  let affB: number;
  let admin: Account;
  let manager: Account;
  let user: Account;
  let memberB: Account;
  beforeAll(async () => {
    t = await createTestApp();
    affA = await createAffiliation(t.db, 'Inspektorat A');
    affB = await createAffiliation(t.db, 'Inspektorat B');
    admin = await createAccount(t.db, { admin: true });
    manager = await createAccount(t.db, { role: 2, affiliationId: affA });
    user = await createAccount(t.db, { affiliationId: affA });
    memberB = await createAccount(t.db, { affiliationId: affB });
  });
  beforeEach(() => clearAttempts(t.db));
  afterAll(() => t.close());

  const get = (url: string, who?: Account, lang = 'en') =>
    t.app.inject({ url, headers: { ...(who?.headers ?? {}), 'accept-language': lang } });
  const post = (url: string, payload: unknown, who?: Account, lang = 'en') =>
    t.app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers: { ...(who?.headers ?? {}), 'accept-language': lang },
    });

  describe('GET /api/admin/users', () => {
    it('lists every user with the affiliation name for admins', async () => {
      const res = await get('/api/admin/users', admin);
      expect(res.statusCode).toBe(200);
      const list = userPageSchema.parse(res.json()).items;
      expect(list.find((u) => u.userId === manager.id)).toMatchObject({
        manager: true,
        affiliation: affA,
        affiliationName: 'Inspektorat A',
      });
      expect(list.find((u) => u.userId === admin.id)).toMatchObject({
        admin: true,
        affiliationName: null,
        active: true,
      });
      expect(JSON.stringify(list)).not.toMatch(/password/i);
    });

    it('answers 401 anonymous and 403 to users and managers', async () => {
      expect((await get('/api/admin/users')).statusCode).toBe(401);
      expect((await get('/api/admin/users', user, 'fr')).json()).toEqual({
        message: "Vous n'êtes pas autorisé à faire cela",
      });
      expect((await get('/api/admin/users', manager)).statusCode).toBe(403);
    });
  });

  describe('GET /api/admin/affiliatedUsers', () => {
    const url = (id: number | string) => `/api/admin/affiliatedUsers?affiliationId=${id}`;

    it('gives a manager the users of their own affiliation', async () => {
      const res = await get(url(affA), manager);
      expect(res.statusCode).toBe(200);
      const ids = userPageSchema.parse(res.json()).items.map((u) => u.userId);
      expect(ids.sort()).toEqual([manager.id, user.id].sort());
    });

    it('refuses a manager another affiliation (403)', async () => {
      const res = await get(url(affB), manager, 'es');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'No tiene permiso para hacer esto' });
    });

    it('lets an admin see any affiliation', async () => {
      const res = await get(url(affB), admin);
      expect(userPageSchema.parse(res.json()).items.map((u) => u.userId)).toEqual([memberB.id]);
    });

    it('answers 401 anonymous, 403 to ordinary users and managers without affiliation', async () => {
      const loose = await createAccount(t.db, { role: 1 });
      expect((await get(url(affA))).statusCode).toBe(401);
      expect((await get(url(affA), user)).statusCode).toBe(403);
      expect((await get('/api/admin/affiliatedUsers', user)).statusCode).toBe(403);
      expect((await get(url(affA), loose)).statusCode).toBe(403);
    });

    it('rejects a missing or malformed affiliationId', async () => {
      expect((await get('/api/admin/affiliatedUsers', admin)).statusCode).toBe(400);
      expect((await get(url('abc'), manager)).json().message).toBe('Check your inputs');
      expect((await get(url('99999999999'), admin)).statusCode).toBe(400);
    });
  });

  describe('POST /api/admin/user/{id}/profile', () => {
    it("lets an admin save any user's profile", async () => {
      const target = await createAccount(t.db);
      const res = await post(`/api/admin/user/${target.id}/profile`, profile, admin, 'fr');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Enregistré avec succès.' });
      expect(await userRow(t.db, target.id)).toMatchObject(profile);
    });

    it('answers 404 for an unknown user', async () => {
      const res = await post('/api/admin/user/999999/profile', profile, admin);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found' });
    });

    it.each([
      ['extra field admin:true', { ...profile, admin: true }],
      ['missing fields', { firstName: 'x' }],
      ['wrong types', { ...profile, phone: 5 }],
    ])('rejects %s and changes nothing', async (_n, payload) => {
      const target = await createAccount(t.db);
      const before = await userRow(t.db, target.id);
      expect((await post(`/api/admin/user/${target.id}/profile`, payload, admin)).statusCode).toBe(400);
      expect((await post('/api/admin/user/abc/profile', profile, admin)).statusCode).toBe(400);
      expect(await userRow(t.db, target.id)).toEqual(before);
    });

    it('answers 401 anonymous and 403 to users (even for themselves) and managers, changing nothing', async () => {
      const before = await userRow(t.db, user.id);
      expect((await post(`/api/admin/user/${user.id}/profile`, profile)).statusCode).toBe(401);
      expect((await post(`/api/admin/user/${user.id}/profile`, profile, user)).statusCode).toBe(403);
      expect((await post(`/api/admin/user/${user.id}/profile`, profile, manager)).statusCode).toBe(403);
      expect(await userRow(t.db, user.id)).toEqual(before);
    });
  });

  describe('POST /api/admin/user/{id}/changestate', () => {
    it('deactivation ends every session at once; the user cannot log in until reactivated', async () => {
      const target = await createAccount(t.db);
      await login(t.app, target.email, target.password);
      expect(await sessionCount(t.db, target.id)).toBe(2);
      const off = await post(`/api/admin/user/${target.id}/changestate`, { active: false }, admin);
      expect(off.statusCode).toBe(200);
      expect(off.json()).toEqual({ message: 'The user has been deactivated' });
      expect(await sessionCount(t.db, target.id)).toBe(0);
      expect((await ping(t.app, target.headers)).statusCode).toBe(401);
      expect((await login(t.app, target.email, target.password)).json().message).toBe(
        'Dieses Konto ist deaktiviert',
      );
      const on = await post(`/api/admin/user/${target.id}/changestate`, { active: true }, admin);
      expect(on.json()).toEqual({ message: 'The user has been activated' });
      expect((await login(t.app, target.email, target.password)).statusCode).toBe(200);
    });

    it('answers 404 for an unknown user and 403 when an admin would deactivate themselves', async () => {
      expect((await post('/api/admin/user/999999/changestate', { active: false }, admin)).statusCode).toBe(
        404,
      );
      expect(
        (await post(`/api/admin/user/${admin.id}/changestate`, { active: false }, admin)).statusCode,
      ).toBe(403);
      expect((await userRow(t.db, admin.id))?.active).toBe(true);
    });

    it.each([
      ['wrong type', { active: 'no' }],
      ['missing field', {}],
      ['extra field', { active: false, admin: true }],
    ])('rejects %s and changes nothing', async (_n, payload) => {
      const target = await createAccount(t.db);
      const before = await userRow(t.db, target.id);
      expect((await post(`/api/admin/user/${target.id}/changestate`, payload, admin)).statusCode).toBe(400);
      expect(await userRow(t.db, target.id)).toEqual(before);
      expect(await sessionCount(t.db, target.id)).toBe(1);
    });

    it('answers 401 anonymous and 403 to users and managers, changing nothing', async () => {
      const target = await createAccount(t.db, { affiliationId: affA });
      for (const who of [undefined, user, manager, target]) {
        const res = await post(`/api/admin/user/${target.id}/changestate`, { active: false }, who);
        expect(res.statusCode).toBe(who ? 403 : 401);
      }
      expect((await userRow(t.db, target.id))?.active).toBe(true);
      expect(await sessionCount(t.db, target.id)).toBe(1);
    });
  });
});
