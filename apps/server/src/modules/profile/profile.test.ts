import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createAccount, ping, userRow } from '../../../test/auth';

const profile = {
  firstName: 'Hans',
  lastName: 'Honig',
  company: 'Imkerei Honig',
  street: 'Wabenstrasse 3',
  zip: '6000',
  city: 'Luzern',
  country: 'ch',
  phone: '+41 41 000 00 00',
};

describe('own profile and language', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const save = (headers: Record<string, string>, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/user/profile', headers, payload: payload as object });

  it("saves the caller's profile only", async () => {
    const me = await createAccount(t.db);
    const other = await createAccount(t.db);
    const otherBefore = await userRow(t.db, other.id);
    const res = await save({ ...me.headers, 'accept-language': 'en' }, profile);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Saved successfully.' });
    expect(await userRow(t.db, me.id)).toMatchObject({ ...profile, country: 'CH' });
    expect(await userRow(t.db, other.id)).toEqual(otherBefore);
    expect((await ping(t.app, me.headers)).json().profile).toMatchObject({
      company: 'Imkerei Honig',
      country: 'CH',
    });
  });

  it.each([
    ['extra field admin:true', { ...profile, admin: true }, 'Unknown field'],
    ['extra field role', { ...profile, role: 1 }, 'Unknown field'],
    ['missing street', { ...profile, street: undefined }, 'Check your inputs'],
    ['empty city', { ...profile, city: '  ' }, 'Check your inputs'],
    ['wrong types', { ...profile, zip: 8000 }, 'Check your inputs'],
    ['bad country', { ...profile, country: 'Switzerland' }, 'Check your inputs'],
  ])('rejects %s and changes nothing', async (_n, payload, message) => {
    const me = await createAccount(t.db);
    const before = await userRow(t.db, me.id);
    const res = await save({ ...me.headers, 'accept-language': 'en' }, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await userRow(t.db, me.id)).toEqual(before);
  });

  it('rejects malformed JSON and oversize bodies', async () => {
    const me = await createAccount(t.db);
    const before = await userRow(t.db, me.id);
    const headers = { ...me.headers, 'content-type': 'application/json', 'accept-language': 'fr' };
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/user/profile',
      headers,
      payload: '{"firstName":',
    });
    expect(bad.json()).toEqual({ message: "La requête n'a pas pu être lue" });
    const big = await save(headers, { ...profile, city: 'x'.repeat(300 * 1024) });
    expect(big.statusCode).toBe(413);
    expect(await userRow(t.db, me.id)).toEqual(before);
  });

  it('answers 401 to anonymous callers', async () => {
    const res = await save({ 'accept-language': 'es' }, profile);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Inicie sesión' });
  });

  it('GET user/language: the stored locale when logged in, Accept-Language otherwise', async () => {
    const me = await createAccount(t.db, { locale: 'es' });
    const mine = await t.app.inject({
      url: '/api/user/language',
      headers: { ...me.headers, 'accept-language': 'en' },
    });
    expect(mine.json()).toEqual({ language: 'es' });
    const anon = await t.app.inject({ url: '/api/user/language', headers: { 'accept-language': 'fr' } });
    expect(anon.json()).toEqual({ language: 'fr' });
    expect((await t.app.inject({ url: '/api/user/language' })).json()).toEqual({ language: 'de' });
  });

  it('POST user/language stores the locale; later answers use it', async () => {
    const me = await createAccount(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/language',
      headers: me.headers,
      payload: { language: 'en' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'The language has been saved' });
    expect((await userRow(t.db, me.id))?.locale).toBe('en');
    const denied = await t.app.inject({ url: '/api/admin/users', headers: me.headers });
    expect(denied.json()).toEqual({ message: 'You are not allowed to do this' });
  });

  it.each([
    ['unknown language', { language: 'it' }],
    ['extra field', { language: 'en', admin: true }],
    ['missing language', {}],
    ['wrong type', { language: 1 }],
  ])('POST user/language rejects %s and changes nothing', async (_n, payload) => {
    const me = await createAccount(t.db, { locale: 'fr' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/language',
      headers: me.headers,
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/champ|Vérifiez/i);
    expect((await userRow(t.db, me.id))?.locale).toBe('fr');
  });

  it('POST user/language answers 401 to anonymous callers', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/language',
      payload: { language: 'en' },
    });
    expect(res.statusCode).toBe(401);
  });
});
