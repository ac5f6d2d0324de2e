import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionUserSchema } from '@hivescope/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { createAccount, digest, login, ping, sessionCookie, sessionCount } from '../../../test/auth';
import { sessions } from '../../db/schema';
import { tokenHash } from '../password/password.hash';

describe('session: login, ping, logout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('logs in: sessionUser answer, HttpOnly SameSite=Lax cookie, only the token hash stored', async () => {
    const u = await createAccount(t.db, { locale: 'fr' });
    const res = await login(t.app, u.email.toUpperCase(), u.password);
    expect(res.statusCode).toBe(200);
    const body = sessionUserSchema.parse(res.json());
    expect(body).toMatchObject({
      userId: u.id,
      userEmail: u.email,
      admin: false,
      role: 10,
      affiliation: null,
    });
    expect(body).toMatchObject({ manager: false, locale: 'fr', profileComplete: true });
    expect(body.profile.street).toBe('Bienenweg 1');
    expect(JSON.stringify(res.json())).not.toContain('password');
    const cookie = sessionCookie(res);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, u.id));
    expect(rows.map((r) => r.id)).toContain(tokenHash(cookie?.value ?? ''));
    expect(rows.map((r) => r.id)).not.toContain(cookie?.value);
    expect((await ping(t.app, cookie?.header ?? {})).json().userId).toBe(u.id);
  });

  it('sets a new cookie value at each login and drops the session the browser had', async () => {
    const u = await createAccount(t.db);
    const first = sessionCookie(await login(t.app, u.email, u.password));
    const second = sessionCookie(await login(t.app, u.email, u.password, { headers: first?.header }));
    expect(second?.value).not.toBe(first?.value);
    expect((await ping(t.app, first?.header ?? {})).statusCode).toBe(401);
    expect((await ping(t.app, second?.header ?? {})).statusCode).toBe(200);
    expect((await ping(t.app, u.headers)).statusCode).toBe(200); // another browser's session stays
  });

  it('answers unknown email and wrong password alike with 401, sets no cookie, opens no session', async () => {
    const u = await createAccount(t.db);
    const before = await sessionCount(t.db, u.id);
    const wrong = await login(t.app, u.email, 'wrong password', { headers: { 'accept-language': 'en' } });
    const unknown = await login(t.app, 'nobody@example.org', u.password, {
      headers: { 'accept-language': 'en' },
    });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Wrong email or password' });
      expect(sessionCookie(res)).toBeUndefined();
    }
    expect(await sessionCount(t.db, u.id)).toBe(before);
  });

  it('tells a deactivated user so only when the password is right', async () => {
    const u = await createAccount(t.db, { active: false });
    const headers = { 'accept-language': 'fr' };
    const wrong = await login(t.app, u.email, 'wrong password', { headers, ip: '10.0.0.9' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('E-mail ou mot de passe incorrect');
    const right = await login(t.app, u.email, u.password, { headers, ip: '10.0.0.9' });
    expect(right.statusCode).toBe(401);
    expect(right.json().message).toBe('Ce compte est désactivé');
    expect(sessionCookie(right)).toBeUndefined();
    expect((await ping(t.app, u.headers)).statusCode).toBe(401); // its old session is dead too
  });

  it.each([
    ['malformed JSON', '{"email": "a@b.ch",', 400, 'The request could not be read'],
    ['wrong types', { email: 5, password: true }, 400, 'Check your inputs'],
    ['missing password', { email: 'a@example.org' }, 400, 'Check your inputs'],
    ['extra field', { email: 'a@example.org', password: digest('x'), admin: true }, 400, 'Unknown field'],
    ['invalid email', { email: 'not-an-email', password: digest('x') }, 400, 'Invalid email address'],
    [
      'plain password',
      { email: 'a@example.org', password: 'secret' },
      400,
      'The password was not sent in the expected form',
    ],
    [
      'oversize body',
      { email: 'a@example.org', password: 'x'.repeat(300 * 1024) },
      413,
      'The request is too large',
    ],
  ])('rejects %s with a localised message and changes nothing', async (_name, payload, status, message) => {
    const before = await t.db.select().from(sessions);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
    if (status === 400 && message === 'Check your inputs')
      expect(res.json().fields.password).toBe('Field is required');
    expect(await t.db.select().from(sessions)).toHaveLength(before.length);
  });

  it('ping: 401 anonymous and for a forged cookie (which it clears)', async () => {
    const anon = await ping(t.app, { 'accept-language': 'es' });
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toEqual({ message: 'Inicie sesión' });
    const forged = await ping(t.app, { cookie: 'hs_session=forged' });
    expect(forged.statusCode).toBe(401);
    expect(sessionCookie(forged)?.value).toBe('');
  });

  it.each(['GET', 'POST'] as const)('%s logout deletes the session and clears the cookie', async (method) => {
    const u = await createAccount(t.db);
    const c = sessionCookie(await login(t.app, u.email, u.password));
    const res = await t.app.inject({
      method,
      url: '/api/user/logout',
      headers: { ...c?.header, 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'You have been logged out' });
    expect(sessionCookie(res)?.value).toBe('');
    expect((await ping(t.app, c?.header ?? {})).statusCode).toBe(401);
    expect((await ping(t.app, u.headers)).statusCode).toBe(200); // other sessions are not touched
  });

  it('logout without a session still answers 200', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/user/logout' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Sie wurden abgemeldet');
  });
});
