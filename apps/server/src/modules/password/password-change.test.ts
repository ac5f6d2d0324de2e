import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import {
  clearAttempts,
  createAccount,
  digest,
  login,
  ping,
  sessionCookie,
  sessionCount,
  userRow,
} from '../../../test/auth';

describe('POST /api/user/password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  beforeEach(() => clearAttempts(t.db));
  afterAll(() => t.close());

  const change = (headers: Record<string, string>, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/user/password', headers, payload: payload as object });
  const body = (current: string, next: string, confirmation = next) => ({
    currentPassword: digest(current),
    newPassword: digest(next),
    newPasswordConfirmation: digest(confirmation),
  });

  it('changes the password, ends the other sessions and rotates the current one', async () => {
    const u = await createAccount(t.db);
    const mine = sessionCookie(await login(t.app, u.email, u.password));
    const res = await change({ ...mine!.header, 'accept-language': 'en' }, body(u.password, 'brand new 1'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'The password has been changed' });
    const rotated = sessionCookie(res);
    expect(rotated?.value).toBeTruthy();
    expect(rotated?.value).not.toBe(mine?.value);
    expect(rotated).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect((await ping(t.app, mine!.header)).statusCode).toBe(401);
    expect((await ping(t.app, u.headers)).statusCode).toBe(401);
    expect((await ping(t.app, rotated!.header)).statusCode).toBe(200);
    expect(await sessionCount(t.db, u.id)).toBe(1);
    expect((await login(t.app, u.email, 'brand new 1')).statusCode).toBe(200);
  });

  it('refuses a wrong current password and changes nothing', async () => {
    const u = await createAccount(t.db);
    const before = await userRow(t.db, u.id);
    const res = await change({ ...u.headers, 'accept-language': 'fr' }, body('not it', 'brand new 1'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Le mot de passe actuel est incorrect' });
    expect(await userRow(t.db, u.id)).toEqual(before);
    expect((await ping(t.app, u.headers)).statusCode).toBe(200);
  });

  it('counts wrong current passwords like failed logins', async () => {
    const u = await createAccount(t.db);
    for (let i = 0; i < 5; i++) await change(u.headers, body(`guess ${i}`, 'brand new 1'));
    expect((await change(u.headers, body(u.password, 'brand new 1'))).statusCode).toBe(429);
  });

  it.each([
    ['non-matching confirmation', body('correct horse', 'a new one', 'another one'), "Passwords don't match"],
    [
      'plain passwords',
      { currentPassword: 'correct horse', newPassword: 'x', newPasswordConfirmation: 'x' },
      'The password was not sent in the expected form',
    ],
    ['missing fields', { currentPassword: digest('correct horse') }, 'Check your inputs'],
    ['extra field', { ...body('correct horse', 'n'), userId: 1 }, 'Unknown field'],
    ['wrong types', { ...body('correct horse', 'n'), newPassword: 12 }, 'Check your inputs'],
  ])('rejects %s and changes nothing', async (_n, payload, message) => {
    const u = await createAccount(t.db);
    const before = await userRow(t.db, u.id);
    const res = await change({ ...u.headers, 'accept-language': 'en' }, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await userRow(t.db, u.id)).toEqual(before);
  });

  it('rejects malformed JSON and oversize bodies', async () => {
    const u = await createAccount(t.db);
    const headers = { ...u.headers, 'content-type': 'application/json', 'accept-language': 'en' };
    const bad = await t.app.inject({ method: 'POST', url: '/api/user/password', headers, payload: '{' });
    expect(bad.json()).toEqual({ message: 'The request could not be read' });
    const big = await change(u.headers, { currentPassword: 'x'.repeat(300 * 1024) });
    expect(big.statusCode).toBe(413);
  });

  it('answers 401 to anonymous callers, even with a bad body', async () => {
    const res = await change({ 'accept-language': 'en' }, { nonsense: true });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Please log in' });
  });
});
